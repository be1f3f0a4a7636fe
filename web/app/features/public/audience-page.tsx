/** The frame of the three audience landing pages: daily problems, the tools that answer them, a worked example, the call to subscribe. */

import { toolByPath } from '@immoloupe/shared/public/tool-catalogue';
import { findSpecRoute } from '@immoloupe/shared/routes';
import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Bullets, PublicPage, Section, SubscribeCall, ToolLines } from './page-parts';

export interface AudienceContent {
  path: string;
  lead: ReactNode;
  problems: readonly ReactNode[];
  tools: readonly string[];
  example: { title: string; intro: ReactNode; steps: readonly ReactNode[]; outcome: ReactNode };
  subscribe: ReactNode;
}

export function AudiencePage({ content }: { content: AudienceContent }) {
  const title = findSpecRoute(content.path)?.title ?? '';
  return (
    <PublicPage title={title} lead={content.lead}>
      <Section id="problemes" title="Ce qui vous prend du temps aujourd’hui">
        <Bullets items={content.problems} />
      </Section>
      <Section id="outils" title="Les outils qui y répondent">
        <ToolLines tools={content.tools.map(toolByPath)} />
      </Section>
      <Section id="exemple" title={content.example.title}>
        <Text>{content.example.intro}</Text>
        <List type="ordered" spacing="xs">
          {content.example.steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static, ordered content
            <List.Item key={i}>{step}</List.Item>
          ))}
        </List>
        <Text>{content.example.outcome}</Text>
      </Section>
      <SubscribeCall>{content.subscribe}</SubscribeCall>
    </PublicPage>
  );
}
