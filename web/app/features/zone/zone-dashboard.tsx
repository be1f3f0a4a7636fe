/** What changed in « ma zone » since the last visit: DVF sales, DPE F–G, syndic mandates ending. */

import { dayBefore, renewalUnknown } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate, formatDateTime, formatInteger, NBSP, parisIsoDate } from '@immoloupe/shared/format';
import type { TerritoryChanges } from '@immoloupe/shared/zone/contracts';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface TileText {
  title: string;
  detail: string;
  to: string;
  link: string;
}

function Tile({ title, count, detail, to, link }: TileText & { count: number }) {
  return (
    <Paper withBorder p="md" role="region" aria-label={title}>
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

function nextDay(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The days a tile counts: after `since` (excluded, the newest date already seen), up to `latest`.
 * Null when nothing is newer: `from` would fall after `to`, a period the tools refuse.
 */
export function periodAfter(since: string | null, latest: string | null): { from: string; to: string } | null {
  if (!since || !latest || since >= latest) return null;
  return { from: nextDay(since), to: latest };
}

/** The transactions of « ma zone » the tile counts; without new sales, those of the tools' default period. */
export function salesLink(since: string | null, latest: string | null): string {
  const q = new URLSearchParams({ lieu: 'mazone', zone: 'mine' });
  const period = periodAfter(since, latest);
  if (period) {
    q.set('from', period.from);
    q.set('to', period.to);
  }
  return `/pro/transactions?${q}`;
}

/**
 * The sales tile. The first time, it counts the last three months of data, however old they are
 * (DVF ends years back on some installs): « nouvelles » would then be false. Later, the sales
 * dated after the newest seen at the previous visit, which an import brought since.
 */
export function salesTile(changes: TerritoryChanges): TileText {
  const { sinceDate, latestDate } = changes.dvf;
  const first = changes.since === null;
  const title = first ? 'Ventes des 3 derniers mois de données' : 'Ventes DVF importées depuis votre visite';
  const period = periodAfter(sinceDate, latestDate);
  const detail = !latestDate
    ? 'Aucune vente DVF importée dans la zone.'
    : period
      ? `Ventes du ${formatDate(period.from)} au ${formatDate(period.to)} (données DVF jusqu’au ${formatDate(latestDate)}).`
      : `Aucune vente datée après le ${formatDate(sinceDate ?? latestDate)} (données DVF jusqu’au ${formatDate(latestDate)}).`;
  return {
    title: latestDate ? title : 'Ventes DVF',
    detail,
    to: salesLink(sinceDate, latestDate),
    link: period ? 'Voir ces ventes' : 'Voir les ventes de la zone',
  };
}

function dpeTile(changes: TerritoryChanges): TileText {
  const { sinceDate, latestDate } = changes.dpe;
  const period = periodAfter(sinceDate, latestDate);
  const q = new URLSearchParams({ zone: 'mine', passoires: '1' });
  if (period) {
    q.set('from', period.from);
    q.set('to', period.to);
  }
  return {
    title: changes.since === null ? 'DPE F–G des 3 derniers mois de données' : 'Nouveaux DPE F–G',
    detail: !latestDate
      ? 'Aucun DPE importé dans la zone.'
      : period
        ? `DPE établis du ${formatDate(period.from)} au ${formatDate(period.to)}.`
        : `Aucun DPE établi après le ${formatDate(sinceDate ?? latestDate)}.`,
    to: `/pro/recherchedpe?${q}`,
    link: 'Voir les passoires',
  };
}

/**
 * The mandates tile counts from the RNIC data date (decision 0740), which may be months before
 * `today`: it gives the window, and says when its mandates have ended by now.
 */
export function mandatesTile(changes: TerritoryChanges, today: string): TileText {
  const { asOf, until } = changes.copro;
  const to = '/pro/recherchecopro?zone=mine&endsWithin=6';
  if (!asOf || !until)
    return { title: 'Fins de mandat de syndic', detail: 'Aucune copropriété importée.', to, link: 'Voir les copropriétés' };
  const window = `Fins du ${formatDate(asOf)} au ${formatDate(dayBefore(until))}, les 6${NBSP}mois qui suivent la date des données RNIC.`;
  const ended =
    until <= today
      ? ` Toutes sont passées au ${formatDate(today)}${NBSP}: mandats échus, ${renewalUnknown(asOf)}.`
      : asOf < today
        ? ` Celles d’avant le ${formatDate(today)} sont passées${NBSP}: mandats échus, ${renewalUnknown(asOf)}.`
        : '';
  return { title: 'Fins de mandat de syndic', detail: window + ended, to, link: 'Voir les copropriétés' };
}

export function ZoneDashboard({ changes }: { changes: TerritoryChanges }) {
  return (
    <Stack gap="sm">
      <Title order={2}>Depuis votre dernière visite</Title>
      <Text size="sm">
        {changes.since
          ? `Dernière visite le ${formatDateTime(changes.since)}.`
          : `Première visite${NBSP}: les trois derniers mois de données de la zone.`}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Tile count={changes.dvf.newSales} {...salesTile(changes)} />
        <Tile count={changes.dpe.newPassoires} {...dpeTile(changes)} />
        <Tile count={changes.copro.mandatesEnding} {...mandatesTile(changes, parisIsoDate(new Date()))} />
      </SimpleGrid>
    </Stack>
  );
}
