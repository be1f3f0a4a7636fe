/** The filters card of the transactions tool: the place, then period, surfaces, rooms, prices, types and natures. */
import { NBSP } from '@immoloupe/shared/format';
import { NATURE_LABELS, NATURES } from '@immoloupe/shared/market/dvf';
import { TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES } from '@immoloupe/shared/market/transactions-contracts';
import { Card, Checkbox, Grid, Group, Stack } from '@mantine/core';
import { DateField } from '~/components/date-field';
import { DecimalInput } from '~/components/decimal-input';
import { useDataFreshness } from '~/features/imports/data-freshness';
import { PeriodPresets } from './period-presets';
import { TransactionsPlace, type TransactionsPlaceProps } from './transactions-place';

export function TransactionsFilters(props: TransactionsPlaceProps & { newestOfPlace: string | null }) {
  const { params, update, newestOfPlace } = props;
  // The years end at the newest sale of the place, else of the whole base (before any place is chosen).
  const newestOfBase = useDataFreshness()?.dvfLatestMutation ?? null;
  const newest = newestOfPlace ?? newestOfBase;
  const numberFilter = (key: string, label: string) => (
    <DecimalInput
      label={label}
      value={params.get(key) ?? ''}
      onChange={(v) => update({ [key]: v === '' ? null : String(v) })}
      min={0}
      hideControls
      thousandSeparator={NBSP}
    />
  );
  const listParam = (key: 'types' | 'natures') => (params.get(key) ?? '').split(',').filter(Boolean);

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <TransactionsPlace {...props} />
        <PeriodPresets
          from={params.get('from')}
          to={params.get('to')}
          newest={newest}
          onChange={(p) => update({ from: p.from ?? '', to: p.to ?? '' })}
        />
        <Grid>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <DateField label="Du" clearable value={params.get('from')} onChange={(iso) => update({ from: iso ?? '' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <DateField label="Au" clearable value={params.get('to')} onChange={(iso) => update({ to: iso ?? '' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('surfaceMin', 'Surface min. (m²)')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('surfaceMax', 'Surface max. (m²)')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('roomsMin', 'Pièces min.')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('roomsMax', 'Pièces max.')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('priceMin', 'Prix min. (€)')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('priceMax', 'Prix max. (€)')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('ppm2Min', '€/m² min.')}</Grid.Col>
          <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('ppm2Max', '€/m² max.')}</Grid.Col>
        </Grid>
        <Group gap="lg" align="flex-start">
          <Checkbox.Group label="Types de bien" value={listParam('types')} onChange={(v) => update({ types: v.join(',') })}>
            <Group gap="sm" mt={4}>
              {TRANSACTION_TYPES.map((t) => (
                <Checkbox key={t} value={t} label={TRANSACTION_TYPE_LABELS[t]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group label="Natures" value={listParam('natures')} onChange={(v) => update({ natures: v.join(',') })}>
            <Group gap="sm" mt={4}>
              {NATURES.map((n) => (
                <Checkbox key={n} value={n} label={NATURE_LABELS[n]} />
              ))}
            </Group>
          </Checkbox.Group>
        </Group>
      </Stack>
    </Card>
  );
}
