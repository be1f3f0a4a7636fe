/** Pieces shared by the printed reports: the agency header, the sources line, the ready marker. */

import { formatDate } from '@immoloupe/shared/format';
import { agencyResponseSchema } from '@immoloupe/shared/market/estimate-contracts';
import { Group, Image, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiFetch } from '~/lib/api';

export type AgencyInfo = z.infer<typeof agencyResponseSchema>;

export function useAgency(): AgencyInfo | null | undefined {
  const [agency, setAgency] = useState<AgencyInfo | null | undefined>(undefined);
  useEffect(() => {
    apiFetch('/api/agency', agencyResponseSchema)
      .then(setAgency)
      .catch(() => setAgency(null));
  }, []);
  return agency;
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
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      <Stack gap={2} align="flex-end" maw="45%">
        {agency?.hasLogo && (
          <Image src="/api/agency/logo" alt={agency.name ? `Logo de ${agency.name}` : 'Logo de l’agence'} h={56} w="auto" fit="contain" />
        )}
        {agency?.name && <Text fw={700}>{agency.name}</Text>}
        {agency?.contact && (
          <Text size="sm" ta="right" style={{ whiteSpace: 'pre-line' }}>
            {agency.contact}
          </Text>
        )}
      </Stack>
    </Group>
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
        {
          '.report table { width: 100%; border-collapse: collapse; font-size: 11px } .report th, .report td { border-bottom: 1px solid #dee2e6; padding: 3px 4px; text-align: left } .report .num { text-align: right } .report section { break-inside: avoid; margin-bottom: 12px } @media print { .no-print { display: none } }'
        }
      </style>
      {children}
    </div>
  );
}
