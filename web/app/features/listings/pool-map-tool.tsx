/**
 * /pro/carte_annonces, imported feeds: the pool listings of a listing search on the map (its newest,
 * POOL_LIMIT of them), coloured by their €/m² against the local DVF median, and under it the list of
 * all of them a page at a time (PoolList). The filters live in the URL with the same names as
 * the `annonces` saved search (one schema), so « Enregistrer cette recherche » saves them and a
 * saved search re-opens this map.
 */
import { formatInteger } from '@immoloupe/shared/format';
import { ENERGY_CLASSES } from '@immoloupe/shared/listings/contracts';
import { LISTING_TYPE_LABELS } from '@immoloupe/shared/listings/search';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CommunesPicker } from '~/components/communes-picker';
import { MultiSelect } from '~/components/select';
import { SaveSearchButton } from '~/features/saved-searches/save-search-button';
import { ApiError } from '~/lib/api';
import { useLastAnswer } from '~/lib/query-client';
import { NO_COMPARISON_COLOR, POSITION_COLORS } from './analysis-view';
import { poolListings } from './api';
import { PointMap } from './point-map';
import { PoolList } from './pool-list';
import { PositionLegend } from './position-legend';

const TEXT_FIELDS = [
  ['postcode', 'Codes postaux', '69008'],
  ['priceMax', 'Prix maximal (€)', ''],
  ['surfaceMin', 'Surface minimale (m²)', ''],
  ['roomsMin', 'Pièces (au moins)', ''],
  ['maxPricePerM2', 'Prix au m² maximal', ''],
] as const;
const LIST_FIELDS = ['types', 'dpe', 'insee'] as const;
const ZONE_KEYS = ['postcode', 'insee', 'zone', 'lat', 'polygon'];

function positionOf(gap: number | null): 'dessous' | 'aligne' | 'dessus' | null {
  if (gap === null) return null;
  return gap < -0.05 ? 'dessous' : gap > 0.05 ? 'dessus' : 'aligne';
}

function usePool(query: string, hasZone: boolean) {
  const q = useQuery({
    queryKey: ['listings', 'pool-map', query],
    queryFn: ({ signal }) => poolListings(query, signal),
    enabled: hasZone,
  });
  // The last search's map stays on screen under the next one's error, and while the next is read.
  const result = useLastAnswer(q.data) ?? null;
  const error = q.error ? (q.error instanceof ApiError ? (q.error.issues[0]?.message ?? q.error.message) : 'La recherche a échoué.') : null;
  return { result, error };
}

export function PoolMapTool() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const hasZone = ZONE_KEYS.some((k) => params.get(k));
  const [form, setForm] = useState<Record<string, string>>(() => Object.fromEntries(params.entries()));
  const { result, error } = usePool(query, hasZone);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) if (v.trim()) next.set(k, v.trim().replace(/\s/g, ''));
    setParams(next);
  };
  const list = (key: (typeof LIST_FIELDS)[number]) => (form[key] ? form[key].split(',') : []);
  const placed = (result?.listings ?? []).filter((l) => l.lat !== null && l.lon !== null);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Filtres des annonces">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {TEXT_FIELDS.map(([key, label, placeholder]) => (
            <TextInput
              key={key}
              label={label}
              placeholder={placeholder}
              value={form[key] ?? ''}
              onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
            />
          ))}
          {/* Communes picked by name, as in the other tools; the URL keeps their INSEE codes. */}
          <CommunesPicker label="ou communes" value={list('insee')} onChange={(codes) => setForm({ ...form, insee: codes.join(',') })} />
          <MultiSelect
            label="Types de bien"
            value={list('types')}
            onChange={(v) => setForm({ ...form, types: v.join(',') })}
            data={(['appartement', 'maison', 'terrain', 'parking', 'local', 'immeuble'] as const).map((t) => ({
              value: t,
              label: LISTING_TYPE_LABELS[t],
            }))}
          />
          <MultiSelect
            label="Classes DPE"
            value={list('dpe')}
            onChange={(v) => setForm({ ...form, dpe: v.join(',') })}
            data={ENERGY_CLASSES.map((c) => ({ value: c, label: c }))}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          {hasZone && <SaveSearchButton tool="annonces" defaultName="Annonces" />}
          <Button type="submit">Rechercher</Button>
        </Group>
      </Paper>
      {!hasZone && <Text>Indiquez un code postal ou une commune pour voir les annonces des flux importés.</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {hasZone && result && (
        <>
          <Text>
            {formatInteger(result.total)}
            {'\u00a0'}annonce{result.total > 1 ? 's' : ''} dans les flux importés
            {result.listings.length < result.total ? `, la carte montre les ${formatInteger(result.listings.length)} plus récentes` : ''} (
            {formatInteger(placed.length)} placée{placed.length > 1 ? 's' : ''}), la liste les parcourt toutes.
          </Text>
          <PositionLegend of="DVF" map="carte des annonces des flux" />
          {placed.length > 0 && (
            <PointMap
              label="Carte des annonces des flux"
              points={placed.map((l) => {
                const position = positionOf(l.gap);
                return {
                  id: l.id,
                  lat: l.lat as number,
                  lon: l.lon as number,
                  color: position ? POSITION_COLORS[position] : NO_COMPARISON_COLOR,
                  label: l.title ?? '',
                };
              })}
            />
          )}
          <PoolList query={query} enabled={hasZone} />
        </>
      )}
    </Stack>
  );
}
