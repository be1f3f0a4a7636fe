/**
 * /pro/carte_annonces: the saved listings on the map, coloured by their €/m² against the median of
 * their commune (below / in line / above), filtered by position and by status.
 */
import { countOf, formatEurosPerSquareMetre } from '@immoloupe/shared/format';
import { LISTING_STATUS_LABELS, LISTING_STATUSES } from '@immoloupe/shared/listings/store.logic';
import { Alert, Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MultiSelect } from '~/components/select';
import { WideTable } from '~/components/wide-table';
import { NO_COMPARISON_COLOR, POSITION_COLORS, POSITION_LABELS } from './analysis-view';
import { PointMap } from './point-map';
import { PositionLegend } from './position-legend';
import { priceLabel, pricePerM2Label } from './price-labels';
import { useListingsMap } from './use-saved-listings';

const UNKNOWN = 'inconnue';
const POSITIONS = ['dessous', 'aligne', 'dessus', UNKNOWN] as const;
const POSITION_FILTER_LABELS: Record<(typeof POSITIONS)[number], string> = { ...POSITION_LABELS, [UNKNOWN]: 'Sans comparaison' };

export function ListingsMapTool() {
  const { points, listings, error } = useListingsMap();
  const [positions, setPositions] = useState<string[]>([...POSITIONS]);
  const [statuses, setStatuses] = useState<string[]>(LISTING_STATUSES.filter((s) => s !== 'ecarte'));

  const byId = useMemo(() => new Map(listings.map((l) => [l.id, l])), [listings]);
  const shown = (points ?? []).filter((p) => positions.includes(p.position ?? UNKNOWN) && statuses.includes(byId.get(p.id)?.status ?? ''));

  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!points) return <Text>Chargement…</Text>;
  if (points.length === 0)
    return (
      <Text>
        Aucune annonce localisée dans Mes annonces. Enregistrez des annonces depuis{' '}
        <Anchor component={Link} to="/pro/analyseannonce">
          Analyse d’annonce
        </Anchor>{' '}
        (les annonces sans position ne peuvent pas être placées).
      </Text>
    );
  return (
    <Stack gap="md">
      <Group align="end">
        <MultiSelect
          label="Prix au m²"
          value={positions}
          onChange={setPositions}
          data={POSITIONS.map((p) => ({ value: p, label: POSITION_FILTER_LABELS[p] }))}
        />
        <MultiSelect
          label="Statut"
          value={statuses}
          onChange={setStatuses}
          data={LISTING_STATUSES.map((s) => ({ value: s, label: LISTING_STATUS_LABELS[s] }))}
        />
      </Group>
      <PositionLegend of="de la commune" map="carte de mes annonces" />
      {listings.length > points.length && (
        <Text size="sm" c="dimmed">
          {countOf(listings.length - points.length, 'annonce', 'annonces')} de Mes annonces sans position (ni adresse ni point lus sur la
          page){'\u00a0'}: {listings.length - points.length > 1 ? 'elles ne figurent' : 'elle ne figure'} pas sur la carte.
        </Text>
      )}
      <PointMap
        label="Carte de mes annonces"
        points={shown.map((p) => ({
          id: p.id,
          lat: p.lat,
          lon: p.lon,
          color: p.position ? POSITION_COLORS[p.position] : NO_COMPARISON_COLOR,
          label: byId.get(p.id)?.title ?? '',
        }))}
      />
      <WideTable label="Annonces sur la carte" minWidth={640}>
        <Table aria-label="Annonces sur la carte">
          <Table.Tbody>
            {shown.map((p) => {
              const l = byId.get(p.id);
              return (
                <Table.Tr key={p.id} data-testid="annonce-carte">
                  <Table.Td>{l?.title ?? 'Annonce'}</Table.Td>
                  <Table.Td>{l?.price ? priceLabel(l.price, l.transaction) : '—'}</Table.Td>
                  {/* A rent has its €/m² too, though it is compared with no sale (the point's is null). */}
                  <Table.Td>{l?.price && l.surface ? pricePerM2Label(l.price / l.surface, l.transaction) : '—'}</Table.Td>
                  <Table.Td>{p.median ? `Médiane ${formatEurosPerSquareMetre(p.median)}` : 'Pas de médiane'}</Table.Td>
                  <Table.Td>{p.position ? POSITION_LABELS[p.position] : 'Sans comparaison'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Stack>
  );
}
