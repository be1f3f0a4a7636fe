/**
 * The zone part of the market analysis settings: the kind of zone, then the inputs that kind
 * needs. A fragment, so that its pieces stay direct children of the settings' stack.
 */
import { Button, CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core';
import { CommunesPicker } from '~/components/communes-picker';
import { AddressRadiusFields } from './address-radius-fields';
import type { MarketAnalysisState } from './use-market-analysis';

export type MarketAnalysisZoneProps = Pick<
  MarketAnalysisState,
  'params' | 'kind' | 'chooseZone' | 'setCommunes' | 'insee' | 'sectionText' | 'setSectionText' | 'update'
>;

export function MarketAnalysisZone({
  params,
  kind,
  chooseZone,
  setCommunes,
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
      {kind === 'communes' && <CommunesPicker label="Ajouter une commune" value={insee} onChange={setCommunes} />}
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
        <AddressRadiusFields
          address={params.get('adresse') ?? ''}
          radius={params.get('radius') ?? '500'}
          radii={['300', '500', '1000', '2000', '5000']}
          onAddress={(a) =>
            update({ adresse: a.label, lat: String(a.lat), lon: String(a.lon), radius: params.get('radius') ?? '500', zone: 'rayon' })
          }
          onRadius={(radius) => update({ radius })}
        />
      )}
    </>
  );
}
