/**
 * The newsletter as the recipient will see it, built by the same function as the e-mail, in a
 * sandboxed frame at desktop or mobile width, under its subject and preheader as a mail client
 * shows them (« Objet : … »).
 */

import { NBSP } from '@immoloupe/shared/format';
import { newsletterHtml } from '@immoloupe/shared/newsletter/newsletter.logic';
import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';

const WIDTHS = { ordinateur: 720, mobile: 375 } as const;
type Device = keyof typeof WIDTHS;

export function NewsletterPreview({ subject, preheader, html }: { subject: string; preheader: string; html: string }) {
  const [device, setDevice] = useState<Device>('ordinateur');
  const doc = newsletterHtml({ subject, preheader, bodyHtml: html, unsubscribeUrl: '#desinscription' });
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Largeur de l’aperçu"
        value={device}
        onChange={(v) => setDevice(v as Device)}
        data={[
          { value: 'ordinateur', label: 'Ordinateur' },
          { value: 'mobile', label: 'Mobile' },
        ]}
        w="fit-content"
      />
      <Box
        style={{ border: '1px solid var(--p-color-gray-4)', borderRadius: 8, overflow: 'hidden', width: WIDTHS[device], maxWidth: '100%' }}
      >
        <Box px="md" py="xs" bg="var(--p-color-gray-0)" style={{ borderBottom: '1px solid var(--p-color-gray-4)' }}>
          <Text size="sm" data-testid="newsletter-preview-subject">
            <Text span fw={600}>
              Objet{NBSP}:
            </Text>{' '}
            {subject.trim() ? (
              subject
            ) : (
              <Text span c="dimmed">
                (sans objet)
              </Text>
            )}
          </Text>
          {preheader.trim() ? (
            <Text size="xs" c="dimmed" data-testid="newsletter-preview-preheader" truncate>
              {preheader}
            </Text>
          ) : null}
        </Box>
        <iframe
          title={`Aperçu ${device}`}
          data-testid="newsletter-preview"
          srcDoc={doc}
          sandbox=""
          style={{ border: 0, width: '100%', height: 520 }}
        />
      </Box>
    </Stack>
  );
}
