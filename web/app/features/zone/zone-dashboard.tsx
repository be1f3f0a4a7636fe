/** What changed in « ma zone » since the last visit: new DVF sales, new DPE F–G, mandates ending within 6 months. */

import { formatDate, formatDateTime, formatInteger, NBSP } from '@immoloupe/shared/format';
import type { TerritoryChanges } from '@immoloupe/shared/zone/contracts';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

function Tile({ title, count, detail, to, link }: { title: string; count: number; detail: string; to: string; link: string }) {
  return (
    <Paper withBorder p="md" aria-label={title}>
      <Stack gap={4}>
        <Text fw={500}>{title}</Text>
        <Text fz={32} fw={700}>
          {formatInteger(count)}
        </Text>
        <Text size="sm">{detail}</Text>
        <Anchor component={Link} to={to}>
          {link}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The transactions of « ma zone » the tile counts: after `since`, up to the newest sale. */
export function salesLink(since: string | null, latest: string | null): string {
  const q = new URLSearchParams({ lieu: 'mazone', zone: 'mine' });
  if (since && latest) {
    const next = new Date(`${since}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    q.set('from', next.toISOString().slice(0, 10));
    q.set('to', latest);
  }
  return `/pro/transactions?${q}`;
}

export function ZoneDashboard({ changes }: { changes: TerritoryChanges }) {
  const d = (s: string | null) => (s ? formatDate(s) : '—');
  return (
    <Stack gap="sm">
      <Title order={2}>Depuis votre dernière visite</Title>
      <Text size="sm">
        {changes.since
          ? `Dernière visite le ${formatDateTime(changes.since)}.`
          : `Première visite${NBSP}: les trois derniers mois de données de la zone.`}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Tile
          title="Nouvelles ventes DVF"
          count={changes.dvf.newSales}
          detail={
            changes.dvf.latestDate
              ? `Ventes après le ${d(changes.dvf.sinceDate)} (données jusqu’au ${d(changes.dvf.latestDate)}).`
              : 'Aucune vente DVF importée dans la zone.'
          }
          to={salesLink(changes.dvf.sinceDate, changes.dvf.latestDate)}
          link="Voir les ventes"
        />
        <Tile
          title="Nouveaux DPE F–G"
          count={changes.dpe.newPassoires}
          detail={changes.dpe.latestDate ? `DPE établis après le ${d(changes.dpe.sinceDate)}.` : 'Aucun DPE importé dans la zone.'}
          to={`/pro/recherchedpe?zone=mine&passoires=1${changes.dpe.sinceDate ? `&from=${changes.dpe.sinceDate}` : ''}`}
          link="Voir les passoires"
        />
        <Tile
          title="Mandats de syndic finissant dans 6 mois"
          count={changes.copro.mandatesEnding}
          detail={
            changes.copro.asOf
              ? `Du ${d(changes.copro.asOf)} (date des données RNIC) au ${d(changes.copro.until)}.`
              : 'Aucune copropriété importée.'
          }
          to="/pro/recherchecopro?zone=mine&endsWithin=6"
          link="Voir les copropriétés"
        />
      </SimpleGrid>
    </Stack>
  );
}
