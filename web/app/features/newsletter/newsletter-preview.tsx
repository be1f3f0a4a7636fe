/**
 * The newsletter as the recipient will see it, built by the same function as the e-mail, in a
 * sandboxed frame at desktop or mobile width.
 */
import { newsletterHtml } from '@immoloupe/shared/newsletter/newsletter.logic';
import { Box, SegmentedControl, Stack } from '@mantine/core';
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
