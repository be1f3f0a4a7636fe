/**
 * "Données DVF à jour au 30/12/2022": the freshness line that every page showing DVF data can
 * put under its figures, from the public `GET /api/data/freshness`. Shows nothing until it knows.
 */
import { type Freshness, freshnessSchema } from '@immoloupe/shared/opendata/contracts';
import { Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { REFERENCE_STALE_MS } from '~/lib/query-client';
import { dvfFreshnessLabel, importedOn } from './imports.logic';

export function useDataFreshness(): Freshness | null {
  const q = useQuery({
    queryKey: ['data', 'freshness'],
    queryFn: ({ signal }) => apiFetch('/api/data/freshness', freshnessSchema, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
  return q.data ?? null;
}

export function DvfFreshness({ freshness: given }: { freshness?: Freshness }) {
  const fetched = useDataFreshness();
  const freshness = given ?? fetched;
  if (!freshness) return null;
  const label = dvfFreshnessLabel(freshness);
  if (!label) return null;
  const when = importedOn(freshness, 'dvf') ?? importedOn(freshness, 'dvf-raw');
  return (
    <Tooltip label={`Source\u00a0: DGFiP, Demandes de valeurs foncières${when ? ` — ${when}` : ''}`} withArrow>
      <Text size="sm" c="dimmed" component="p">
        {label}
      </Text>
    </Tooltip>
  );
}
