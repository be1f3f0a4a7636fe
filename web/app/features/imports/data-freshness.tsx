/**
 * "Données DVF à jour au 30/12/2022": the freshness line that every page showing DVF data can
 * put under its figures, from the public `GET /api/data/freshness`. Shows nothing until it knows.
 */
import { type Freshness, freshnessSchema } from '@immoloupe/shared/opendata/contracts';
import { Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiFetch } from '~/lib/api';
import { dvfFreshnessLabel, importedOn } from './imports.logic';

export function useDataFreshness(): Freshness | null {
  const [freshness, setFreshness] = useState<Freshness | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch('/api/data/freshness', freshnessSchema)
      .then((f) => live && setFreshness(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return freshness;
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
