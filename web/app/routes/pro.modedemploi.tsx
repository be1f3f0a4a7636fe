/**
 * `/pro/modedemploi`: the user guide of every professional tool. Whether a tool is open is read
 * from the route table when the page renders, so the guide never announces a tool that is not there.
 */

import { isToolAvailable, TOOL_GROUPS, type Tool, toolScreenshot } from '@immoloupe/shared/public/tool-catalogue';
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { publicMeta } from '~/features/public/meta';
import { Bullets, PublicPage, Section, ToolPicture, ToolScreenshot, ToolState } from '~/features/public/page-parts';
import { useSessionUser } from '~/lib/session';

const PATH = '/pro/modedemploi';
export const meta = publicMeta(PATH);

function ToolGuide({ tool, isAdmin }: { tool: Tool; isAdmin: boolean }) {
  const id = tool.path.replace(/^\/pro\//, '').replace(/[^a-z0-9]+/gi, '-');
  // An administrators' tool is described to everyone, and offered to open to administrators only.
  const available = isToolAvailable(tool.path) && (!tool.adminOnly || isAdmin);
  // A delivered tool shows its real screenshot below; the small drawing is for tools to come.
  const shot = toolScreenshot(tool);
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`${id}-titre`} id={id}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          {shot ? null : <ToolPicture tool={tool} width={96} />}
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} fz="lg" id={`${id}-titre`}>
                {tool.name}
              </Title>
              <ToolState path={tool.path} />
              {tool.adminOnly ? (
                <Text size="sm" fw={600}>
                  Réservé aux administrateurs
                </Text>
              ) : null}
            </Group>
            <Text size="sm">{tool.line}</Text>
          </Stack>
        </Group>
        <ToolScreenshot tool={tool} />
        <Text>{tool.purpose}</Text>
        <Title order={4} fz="md">
          Pas à pas
        </Title>
        <List type="ordered" spacing="xs">
          {tool.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        {tool.tips ? (
          <>
            <Title order={4} fz="md">
              Bon à savoir
            </Title>
            <Bullets items={tool.tips} />
          </>
        ) : null}
        {available ? (
          <div>
            <Button component={Link} to={tool.path} variant="light">
              Ouvrir « {tool.name} »
            </Button>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}

export default function ModeDemploiPage() {
  const isAdmin = useSessionUser()?.role === 'admin';
  const open = TOOL_GROUPS.flatMap((g) => g.tools).filter((t) => isToolAvailable(t.path)).length;
  const total = TOOL_GROUPS.flatMap((g) => g.tools).length;
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead={
        <Stack gap="xs">
          <Text size="lg">
            Chaque outil d’Immoloupe, ce qu’il fait et comment s’en servir.{' '}
            {open === total
              ? `Les ${total} outils sont disponibles.`
              : `Les outils ouvrent au fur et à mesure\u00a0: ${open} sur ${total} sont disponibles aujourd’hui, les autres sont marqués «\u00a0En préparation\u00a0».`}
          </Text>
          <Text size="sm">
            Les outils disponibles sont montrés par une capture d’écran prise sur les données d’exemple
            {open === total ? '' : ', ceux en préparation par un schéma'}
            {'\u00a0; '}les règles de calcul sont détaillées dans la{' '}
            <Anchor component={Link} to="/methodo">
              méthodologie
            </Anchor>
            .
          </Text>
        </Stack>
      }
    >
      <nav aria-labelledby="sommaire-titre">
        <Title order={2} id="sommaire-titre" fz="lg">
          Sommaire
        </Title>
        <List spacing={4} mt="xs">
          {TOOL_GROUPS.map((g) => (
            <List.Item key={g.id}>
              <Anchor href={`#${g.id}`}>{g.label}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      {TOOL_GROUPS.map((group) => (
        <div key={group.id} id={group.id}>
          <Section id={`groupe-${group.id}`} title={group.label}>
            <Stack gap="md">
              {group.tools.map((tool) => (
                <ToolGuide key={tool.path} tool={tool} isAdmin={isAdmin} />
              ))}
            </Stack>
          </Section>
        </div>
      ))}
    </PublicPage>
  );
}
