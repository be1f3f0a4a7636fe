/**
 * The body of the market report, shared by /pro/analysemarche and its print route: headline
 * figures, by type and by rooms, monthly trend, 10-bin distribution, comparisons, the rent
 * references of the zone's communes and sections.
 * Every statistic shows its sample size, and « Pas assez de ventes » under 3.
 */
import { formatDate, formatEurosPerSquareMetre, formatInteger, NBSP } from '@immoloupe/shared/format';
import type { MarketAnalysis } from '@immoloupe/shared/market/contracts';
import { NATURE_LABELS, PROPERTY_TYPES } from '@immoloupe/shared/market/dvf';
import { NOT_ENOUGH_SALES } from '@immoloupe/shared/market/stats.logic';
import { Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Chart } from '~/features/charts/chart';
import { histogramOption, medianBarsOption, monthlyTrendOption, monthlyVolumeOption } from '~/features/charts/options';
import { ZoneRents } from '~/features/rents/zone-rents';
import { sectionLabeller, TYPE_PLURALS } from './labels';
import { Unbroken } from './print-parts';
import { StatTable } from './stat-table';

export function boundsText(b: MarketAnalysis['bounds']): string {
  const range = (r: { min: number; max: number }, unit: string) => `${formatInteger(r.min)} à ${formatInteger(r.max)}${NBSP}${unit}`;
  const surfaces = PROPERTY_TYPES.filter((t) => b.surface[t]).map(
    (t) => `${range(b.surface[t] as { min: number; max: number }, 'm²')} (${TYPE_PLURALS[t].toLowerCase()})`,
  );
  return `prix ${range(b.price, '€')}, surface ${surfaces.join(' et ')}, ${range(b.pricePerM2, '€/m²')}`;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

export function MarketReport({ data, print = false }: { data: MarketAnalysis; print?: boolean }) {
  const o = data.overall;
  const trend = useMemo(() => monthlyTrendOption([{ name: 'Prix médian', monthly: data.monthly }]), [data]);
  const histo = useMemo(() => (data.histogram ? histogramOption(data.histogram) : null), [data]);
  const rooms = useMemo(
    () =>
      medianBarsOption(
        data.byRooms.map((r) => ({ label: r.rooms === '5+' ? '5 p. et +' : `${r.rooms} p.`, median: r.median, count: r.count })),
      ),
    [data],
  );
  const volume = useMemo(() => monthlyVolumeOption(data.monthly), [data]);
  const sectionLabel = useMemo(() => sectionLabeller(data.zone.communes), [data]);
  const chartHeight = print ? 240 : 320;
  // The printed report keeps to a page of sections; the page shows more.
  const shownSections = print ? 15 : 50;
  return (
    <Stack gap="lg" data-testid="market-report">
      <section aria-label="Chiffres clés">
        <Title order={2} fz="h4" mb="xs">
          <Unbroken text={data.zone.label} />, du {formatDate(data.from)} au {formatDate(data.to)}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure
            label="Ventes retenues"
            value={formatInteger(o.count)}
            hint={data.types.map((t) => TYPE_PLURALS[t].toLowerCase()).join(', ')}
          />
          <Figure label="Prix médian" value={o.median === null ? NOT_ENOUGH_SALES : formatEurosPerSquareMetre(o.median)} />
          <Figure
            label="Q1 – Q3"
            value={o.q1 === null || o.q3 === null ? '—' : `${formatInteger(o.q1)} – ${formatEurosPerSquareMetre(o.q3)}`}
          />
          <Figure label="Moyenne" value={o.mean === null ? '—' : formatEurosPerSquareMetre(o.mean)} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          Ventes d’un seul bien ({data.natures.map((n) => NATURE_LABELS[n].toLowerCase()).join(', ')}), dans les bornes de plausibilité
          {NBSP}: {boundsText(data.bounds)}.
          {data.freshness.lastMutationDate ? ` Données DVF à jour au ${formatDate(data.freshness.lastMutationDate)}.` : ''}
        </Text>
      </section>

      <Grid>
        <Grid.Col span={{ base: 12, md: print ? 12 : 6 }}>
          <section aria-label="Par type de bien">
            <Title order={3} fz="h5" mb="xs">
              Par type de bien
            </Title>
            <StatTable rows={data.byType.map((t) => ({ label: TYPE_PLURALS[t.type], ...t }))} />
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: print ? 12 : 6 }}>
          <section aria-label="Par nombre de pièces">
            <Title order={3} fz="h5" mb="xs">
              Par nombre de pièces
            </Title>
            <StatTable
              rows={data.byRooms.map((r) => ({
                label: r.rooms === '5+' ? '5 pièces et plus' : `${r.rooms} pièce${r.rooms === '1' ? '' : 's'}`,
                ...r,
              }))}
            />
          </section>
        </Grid.Col>
      </Grid>

      <section aria-label="Évolution mensuelle">
        <Title order={3} fz="h5" mb="xs">
          Évolution mensuelle du prix médian au m² et du nombre de ventes
        </Title>
        <Chart option={trend} height={chartHeight} label="Prix médian au m² par mois" />
        <Chart option={volume} height={print ? 160 : 200} label="Nombre de ventes par mois" />
      </section>

      <Grid>
        <Grid.Col span={{ base: 12, md: print ? 12 : 6 }}>
          <section aria-label="Répartition des prix au m²">
            <Title order={3} fz="h5" mb="xs">
              Répartition des prix au m² (10 classes)
            </Title>
            {histo ? (
              <Chart option={histo} height={chartHeight} label="Histogramme des prix au m²" />
            ) : (
              <Text c="dimmed">{NOT_ENOUGH_SALES}</Text>
            )}
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: print ? 12 : 6 }}>
          <section aria-label="Prix médian par nombre de pièces">
            <Title order={3} fz="h5" mb="xs">
              Prix médian par nombre de pièces
            </Title>
            <Chart option={rooms} height={chartHeight} label="Prix médian au m² par nombre de pièces" />
          </section>
        </Grid.Col>
      </Grid>

      <section aria-label="Comparaisons">
        <Title order={3} fz="h5" mb="xs">
          Comparaison avec la commune et le département (même période, mêmes types)
        </Title>
        <StatTable
          rows={[
            { label: 'Zone étudiée', ...data.overall },
            ...data.comparisons.map((c) => ({ ...c, label: `${c.level === 'commune' ? 'Commune' : 'Département'} ${c.label}` })),
          ]}
        />
      </section>

      <ZoneRents rents={data.rents} />

      <section aria-label="Par section cadastrale">
        <Title order={3} fz="h5" mb="xs">
          Par section cadastrale ({data.sections.length})
        </Title>
        {data.sections.length > shownSections && (
          <Text size="sm" c="dimmed">
            Les {shownSections} sections qui comptent le plus de ventes, sur {data.sections.length}.
          </Text>
        )}
        <StatTable
          rows={[...data.sections]
            .sort((a, b) => b.count - a.count)
            .slice(0, shownSections)
            .map((s) => ({ ...s, label: sectionLabel(s) }))}
        />
      </section>
    </Stack>
  );
}
