/**
 * /pro/localisationauto: the values a listing shows (postcode, type, surface, DPE and GES classes
 * and values) → the probable addresses from the DPE of the zone, on the map and in a list. The
 * values live in the URL, so the listing analysis can link here with them filled in.
 */
import { ENERGY_CLASSES } from '@immoloupe/shared/listings/contracts';
import { Alert, Button, Grid, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Busy } from '~/components/busy';
import { Select } from '~/components/select';
import { DPE_CREDIT } from '~/features/map/attributions';
import { ApiError } from '~/lib/api';
import { localiseListing } from './api';
import { CANDIDATES_LEGEND } from './candidates-legend';
import { CandidatesList, scoreColor } from './candidates-list';
import { PointMap } from './point-map';

const FIELDS = ['postcode', 'type', 'surface', 'dpe', 'ges', 'conso', 'emission'] as const;
type Field = (typeof FIELDS)[number];
const CLASS_OPTIONS = ENERGY_CLASSES.map((c) => ({ value: c, label: c }));

export function LocalisationTool() {
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>,
  );
  const query = params.toString();
  const localised = useQuery({
    queryKey: ['listings', 'localisation', query],
    queryFn: ({ signal }) => localiseListing(new URLSearchParams(query), signal),
    enabled: Boolean(params.get('postcode') || params.get('insee')),
    // No placeholder: a refused query leaves no answer of the previous one under its error.
  });
  const candidates = localised.data?.candidates ?? null;
  const loading = localised.isFetching;
  const error = localised.error
    ? localised.error instanceof ApiError
      ? (localised.error.issues[0]?.message ?? localised.error.message)
      : 'La localisation a échoué.'
    : null;

  const set = (f: Field) => (v: string | number | null) => setForm((s) => ({ ...s, [f]: v === null ? '' : String(v) }));
  function submit(e: FormEvent) {
    e.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v !== '')));
  }

  const points = (candidates ?? [])
    .filter((c) => c.lat !== null && c.lon !== null)
    .map((c, i) => ({
      id: c.dpeNumber ?? c.address,
      lat: c.lat as number,
      lon: c.lon as number,
      color: scoreColor(c.score),
      label: `${i + 1}`,
    }));

  return (
    <Stack gap="md">
      <form onSubmit={submit} aria-label="Valeurs de l’annonce">
        <Grid>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <TextInput
              label="Code postal"
              required
              value={form.postcode}
              onChange={(e) => set('postcode')(e.currentTarget.value)}
              inputMode="numeric"
              maxLength={5}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Select
              label="Type"
              value={form.type || null}
              onChange={set('type')}
              clearable
              data={[
                { value: 'appartement', label: 'Appartement' },
                { value: 'maison', label: 'Maison' },
              ]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <NumberInput label="Surface (m²)" value={form.surface} onChange={set('surface')} min={1} decimalSeparator="," />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Select label="Étiquette DPE" value={form.dpe || null} onChange={set('dpe')} clearable data={CLASS_OPTIONS} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Select label="Étiquette GES" value={form.ges || null} onChange={set('ges')} clearable data={CLASS_OPTIONS} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <NumberInput label="Consommation (kWh/m²/an)" value={form.conso} onChange={set('conso')} min={0} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <NumberInput label="Émissions (kg CO₂/m²/an)" value={form.emission} onChange={set('emission')} min={0} />
          </Grid.Col>
        </Grid>
        <Group mt="sm">
          <Button type="submit">Localiser</Button>
          {loading && <Busy size="sm" />}
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {candidates && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CandidatesList candidates={candidates} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PointMap points={points} label="Carte des adresses candidates" numbered legend={CANDIDATES_LEGEND} credit={DPE_CREDIT} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
