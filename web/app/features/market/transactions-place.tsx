/**
 * The place part of the transactions filters: the kind of place, then the one input that kind
 * needs. A fragment, so that its pieces stay direct children of the filters' stack.
 */
import { Anchor, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { CommuneSelect } from '~/components/commune-select';
import { AddressRadiusFields } from './address-radius-fields';
import type { Transactions } from './use-transactions';

export type TransactionsPlaceProps = Pick<
  Transactions,
  'params' | 'place' | 'update' | 'choosePlace' | 'drawing' | 'applyDrawing' | 'restartDrawing'
>;

export function TransactionsPlace({ params, place, update, choosePlace, drawing, applyDrawing, restartDrawing }: TransactionsPlaceProps) {
  const insee = params.get('insee');
  return (
    <>
      <SegmentedControl
        aria-label="Lieu"
        value={place}
        onChange={choosePlace}
        data={[
          { value: 'mazone', label: 'Ma zone' },
          { value: 'commune', label: 'Commune' },
          { value: 'parcelle', label: 'Parcelle' },
          { value: 'rayon', label: 'Adresse et rayon' },
          { value: 'vue', label: 'Vue de la carte' },
          { value: 'dessin', label: 'Zone dessinée' },
        ]}
      />
      {place === 'mazone' && (
        <Text size="sm">
          Les ventes de votre zone (
          <Anchor component={Link} to="/pro/mazone">
            modifier ma zone
          </Anchor>
          ).
        </Text>
      )}
      {place === 'commune' && <CommuneSelect label="Commune" value={insee} onChange={(v) => update({ insee: v })} />}
      {place === 'parcelle' && (
        <TextInput
          // Remounted when Back brings another parcel: its text is not controlled while typed.
          key={params.get('parcelle') ?? ''}
          label="Parcelle"
          description="Identifiant à 14 caractères, ex. 93010000AS0167"
          defaultValue={params.get('parcelle') ?? ''}
          onBlur={(e) => update({ parcelle: e.currentTarget.value.trim().toUpperCase() })}
          onKeyDown={(e) => e.key === 'Enter' && update({ parcelle: e.currentTarget.value.trim().toUpperCase() })}
        />
      )}
      {place === 'rayon' && (
        <AddressRadiusFields
          address={params.get('adresse') ?? ''}
          radius={params.get('radius') ?? '500'}
          radii={['100', '200', '300', '500', '1000', '2000']}
          onAddress={(a) => update({ adresse: a.label, lat: String(a.lat), lon: String(a.lon), radius: params.get('radius') ?? '500' })}
          onRadius={(radius) => update({ radius })}
        />
      )}
      {place === 'dessin' && (
        <Group>
          <Text size="sm">
            {drawing === null
              ? 'Zone appliquée.'
              : `Cliquez sur la carte pour poser les sommets (${drawing.length} posé${drawing.length > 1 ? 's' : ''}), puis validez.`}
          </Text>
          <Button size="xs" disabled={!drawing || drawing.length < 3} onClick={applyDrawing}>
            Valider la zone
          </Button>
          <Button size="xs" variant="subtle" onClick={restartDrawing}>
            Redessiner
          </Button>
        </Group>
      )}
    </>
  );
}
