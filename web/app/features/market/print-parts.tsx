/**
 * Pieces shared by the printed reports: the agency header, the signature block, the sources line,
 * the ready marker and the page layout (A4 margins, no orphan line, no block split across pages,
 * addresses and e-mails never broken inside a word).
 */

import { formatDate } from '@immoloupe/shared/format';
import { agencyResponseSchema } from '@immoloupe/shared/market/estimate-contracts';
import { Group, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { apiFetch } from '~/lib/api';

export type AgencyInfo = z.infer<typeof agencyResponseSchema>;

/** The agency identity shown on the reports and edited by the agency form. */
export const AGENCY = ['agency'] as const;

/** undefined while read, null when it could not be (the report is printed without it). */
export function useAgency(): AgencyInfo | null | undefined {
  const q = useQuery({ queryKey: AGENCY, queryFn: ({ signal }) => apiFetch('/api/agency', agencyResponseSchema, { signal }) });
  return q.isError ? null : q.data;
}

export function AgencyHeader({ agency, title, subtitle }: { agency: AgencyInfo | null; title: string; subtitle: string }) {
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      style={{ borderBottom: '2px solid #1c7ed6', paddingBottom: 8, marginBottom: 12 }}
    >
      <Stack gap={2}>
        <Text fz={24} fw={700} component="h1" m={0}>
          {title}
        </Text>
        <Text c="dimmed">
          <Unbroken text={subtitle} />
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" maw="45%">
        {agency?.hasLogo && (
          <Image src="/api/agency/logo" alt={agency.name ? `Logo de ${agency.name}` : 'Logo de l’agence'} h={56} w="auto" fit="contain" />
        )}
        {agency?.name && <Text fw={700}>{agency.name}</Text>}
        {agency?.contact && (
          <Text size="sm" ta="right" data-testid="agency-contact">
            {agency.contact.split(/\r?\n/).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text, never reordered.
              <span key={i} style={{ display: 'block' }}>
                <Unbroken text={line} />
              </span>
            ))}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * A text (an address, an e-mail, a line of contact) whose words never break inside: lines break
 * only at its spaces, never at a hyphen or an « @ » (« contact@agence-de-la-cote.fr » stays whole).
 */
export function Unbroken({ text }: { text: string }) {
  const words = text.split(/(\s+)/);
  return (
    <>
      {words.map((w, i) =>
        /^\s*$/.test(w) ? (
          w ? (
            ' '
          ) : null
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed text, never reordered.
          <span key={i} className="unbroken" style={{ whiteSpace: 'nowrap' }}>
            {w}
          </span>
        ),
      )}
    </>
  );
}

/** « Fait à …, le 02/12/2026 », the agent's name, the agency and room to sign: the end of a report, never split. */
export function SignatureBlock({ agency, date }: { agency: AgencyInfo | null; date: string | Date }) {
  const city = agency?.city?.trim();
  return (
    <section aria-label="Signature" className="signature">
      <Text>{`Fait à ${city || '…………………………'}, le ${formatDate(date)}`}</Text>
      {agency?.agentName && <Text fw={700}>{agency.agentName}</Text>}
      {agency?.name && <Text size="sm">{agency.name}</Text>}
      <Text size="xs" c="dimmed" mt={4}>
        Signature
      </Text>
      <div style={{ height: 64, width: 240, borderBottom: '1px dotted #868e96' }} />
    </section>
  );
}

export function SourcesFooter({ lastMutationDate }: { lastMutationDate?: string | null }) {
  return (
    <Text size="xs" c="dimmed" mt="md">
      Sources{'\u00a0'}: Demandes de valeurs foncières (DGFiP, Etalab), cadastre Etalab, Licence Ouverte 2.0.
      {lastMutationDate ? ` Données DVF à jour au ${formatDate(lastMutationDate)}.` : ''} Les derniers mois sont publiés avec retard
      {'\u00a0'}; DVF ne couvre ni l’Alsace, ni la Moselle, ni Mayotte. Méthodologie{'\u00a0'}: immoloupe.fr/methodo. Édité le{' '}
      {formatDate(new Date())}.
    </Text>
  );
}

/** Marks the report printable (data loaded, images and charts drawn) for print and the PDF renderer. */
export function ReportReady({ ready, children }: { ready: boolean; children: ReactNode }) {
  return (
    <div data-report-ready={ready ? 'true' : undefined} className="report">
      <style>
        {[
          '.report table { width: 100%; border-collapse: collapse; font-size: 11px }',
          '.report th, .report td { border-bottom: 1px solid #dee2e6; padding: 3px 4px; text-align: left; vertical-align: top }',
          '.report .num { text-align: right; white-space: nowrap }',
          '.report section { break-inside: avoid; margin-bottom: 12px } .report section.breakable { break-inside: auto }',
          // A table longer than a page may break between rows, never inside one, its head repeated.
          '.report tr { break-inside: avoid } .report thead { display: table-header-group }',
          '.report h1, .report h2, .report h3 { break-after: avoid }',
          '.report p, .report li { orphans: 3; widows: 3 }',
          '.report, .report * { hyphens: manual; overflow-wrap: normal; word-break: normal }',
          '.report .unbroken { white-space: nowrap }',
          '.report img { object-fit: contain }',
          '.report .report-end { break-inside: avoid }',
          '@page { size: A4; margin: 14mm 12mm }',
          '@media print { .no-print { display: none } }',
        ].join(' ')}
      </style>
      {children}
    </div>
  );
}
