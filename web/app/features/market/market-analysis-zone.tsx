/**
 * The zone part of the market analysis settings: the kind of zone, then the inputs that kind
 * needs. A fragment, so that its pieces stay direct children of the settings' stack.
 */
import { Autocomplete, Button, CloseButton, Grid, Group, Pill, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { Select } from '~/components/select';
import { AddressSearch } from './address-search';
import { distanceLabel } from './labels';
import type { MarketAnalysisState } from './use-market-analysis';

export type MarketAnalysisZoneProps = Pick<
  MarketAnalysisState,
  | 'params'
  | 'kind'
  | 'chooseZone'
  | 'communeText'
  | 'communeHits'
  | 'typeCommune'
  | 'names'
  | 'insee'
  | 'sectionText'
  | 'setSectionText'
  | 'update'
>;

export function MarketAnalysisZone({
  params,
  kind,
  chooseZone,
  communeText,
  communeHits,
  typeCommune,
  names,
  insee,
  sectionText,
  setSectionText,
  update,
}: MarketAnalysisZoneProps) {
  return (
    <>
      <SegmentedControl
        value={kind}
        onChange={chooseZone}
        data={[
          { value: 'communes', label: 'Commune(s)' },
          { value: 'section', label: 'Section cadastrale' },
          { value: 'rayon', label: 'Rayon autour d’une adresse' },
        ]}
        aria-label="Type de zone"
      />
      {kind === 'communes' && (
        <Stack gap={6}>
          <Autocomplete
            label="Ajouter une commune"
            placeholder="Nom, code postal ou code INSEE"
            value={communeText}
            onChange={typeCommune}
            data={communeHits.map((c) => `${c.nom} (${c.insee})`)}
            filter={({ options }) => options}
          />
          <Group gap={6}>
            {insee.map((code) => (
              <Pill key={code} withRemoveButton onRemove={() => update({ insee: insee.filter((c) => c !== code).join(',') })}>
                {names[code] ?? code} ({code})
              </Pill>
            ))}
          </Group>
        </Stack>
      )}
      {kind === 'section' && (
        <Group align="flex-end">
          <TextInput
            label="Section cadastrale"
            description="INSEE + préfixe + section, ex. 93010000AS"
            value={sectionText}
            onChange={(e) => setSectionText(e.currentTarget.value.toUpperCase())}
            maxLength={10}
            rightSection={sectionText ? <CloseButton aria-label="Effacer" onClick={() => setSectionText('')} /> : null}
          />
          <Button variant="light" onClick={() => update({ section: sectionText, zone: 'section' })}>
            Analyser la section
          </Button>
        </Group>
      )}
      {kind === 'rayon' && (
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <AddressSearch
              value={params.get('adresse') ?? ''}
              onPick={(a) =>
                a &&
                update({
                  adresse: a.label,
                  lat: String(a.lat),
                  lon: String(a.lon),
                  radius: params.get('radius') ?? '500',
                  zone: 'rayon',
                })
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Rayon"
              value={params.get('radius') ?? '500'}
              onChange={(v) => v && update({ radius: v })}
              data={['300', '500', '1000', '2000', '5000'].map((r) => ({ value: r, label: distanceLabel(Number(r)) }))}
              allowDeselect={false}
            />
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
