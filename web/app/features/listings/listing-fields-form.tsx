/** The fields read from a listing, shown and editable before the analysis (« where read » shown too). */
import { ENERGY_CLASSES, type ParsedListing } from '@immoloupe/shared/listings/contracts';
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { Grid, Text, TextInput } from '@mantine/core';
import { DecimalInput } from '~/components/decimal-input';
import { Select } from '~/components/select';

const ORIGIN_LABELS: Record<string, string> = {
  'json-ld': 'données structurées',
  'next-data': 'données de la page',
  'embedded-json': 'données de la page',
  dom: 'page',
  meta: 'balises de la page',
  microdata: 'données structurées',
  api: 'API du portail',
  dataset: 'jeu de données',
  text: 'texte collé',
  url: 'adresse',
};

/** The fields of a parsed listing, and where each was read; a sale or rent the page does not state stays unknown (the page asks). */
export function fieldsOf(l: ParsedListing): { fields: ListingFields; sources: Record<string, string> } {
  const { sources, ...fields } = l;
  return { fields, sources };
}

type NumKey = 'price' | 'surface' | 'rooms' | 'bedrooms' | 'dpeValue' | 'gesValue' | 'floor' | 'landArea';

export function ListingFieldsForm({
  value,
  sources,
  onChange,
}: {
  value: ListingFields;
  sources: Record<string, string>;
  onChange: (v: ListingFields) => void;
}) {
  const hint = (k: string) => (sources[k] ? `Lu : ${ORIGIN_LABELS[sources[k]] ?? sources[k]}` : 'Absent de l’annonce');
  const num = (k: NumKey, label: string, extra: { min?: number; decimal?: boolean } = {}) => (
    <DecimalInput
      label={label}
      description={hint(k)}
      value={value[k] ?? ''}
      min={extra.min ?? 0}
      thousandSeparator={'\u202f'}
      allowDecimal={extra.decimal ?? false}
      onChange={(v) => onChange({ ...value, [k]: v === '' ? null : Number(v) })}
    />
  );
  const classes = ENERGY_CLASSES.map((c) => ({ value: c, label: c }));
  return (
    <Grid aria-label="Champs de l’annonce">
      <Grid.Col span={12}>
        <TextInput
          label="Titre"
          description={hint('title')}
          value={value.title ?? ''}
          onChange={(e) => onChange({ ...value, title: e.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>{num('price', value.transaction === 'location' ? 'Loyer (€/mois)' : 'Prix (€)')}</Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>{num('surface', 'Surface (m²)', { decimal: true })}</Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>{num('rooms', 'Pièces')}</Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>{num('bedrooms', 'Chambres')}</Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>{num('floor', 'Étage', { min: -5 })}</Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Select
          label="Type"
          description={hint('propertyType')}
          value={value.propertyType ?? null}
          onChange={(v) => onChange({ ...value, propertyType: (v as ListingFields['propertyType']) ?? null })}
          data={[
            { value: 'appartement', label: 'Appartement' },
            { value: 'maison', label: 'Maison' },
            { value: 'terrain', label: 'Terrain' },
            { value: 'parking', label: 'Parking' },
            { value: 'local', label: 'Local' },
            { value: 'immeuble', label: 'Immeuble' },
            { value: 'autre', label: 'Autre' },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Select
          label="Transaction"
          description={hint('transaction')}
          placeholder="À préciser"
          value={value.transaction ?? null}
          onChange={(v) => onChange({ ...value, transaction: (v as ListingFields['transaction']) ?? null })}
          data={[
            { value: 'vente', label: 'Vente' },
            { value: 'location', label: 'Location' },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <TextInput
          label="Code postal"
          description={hint('postcode')}
          value={value.postcode ?? ''}
          maxLength={5}
          onChange={(e) => onChange({ ...value, postcode: e.currentTarget.value || null })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <TextInput
          label="Ville"
          description={hint('city')}
          value={value.city ?? ''}
          onChange={(e) => onChange({ ...value, city: e.currentTarget.value || null })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Select
          label="Étiquette DPE"
          description={hint('dpeClass')}
          clearable
          value={value.dpeClass ?? null}
          onChange={(v) => onChange({ ...value, dpeClass: (v as ListingFields['dpeClass']) ?? null })}
          data={classes}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>{num('dpeValue', 'Conso. (kWh/m²/an)', { decimal: true })}</Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Select
          label="Étiquette GES"
          description={hint('gesClass')}
          clearable
          value={value.gesClass ?? null}
          onChange={(v) => onChange({ ...value, gesClass: (v as ListingFields['gesClass']) ?? null })}
          data={classes}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>{num('gesValue', 'Émissions (kg CO₂/m²/an)', { decimal: true })}</Grid.Col>
      {value.url && (
        <Grid.Col span={12}>
          <Text size="sm" c="dimmed">
            Annonce : {value.url}
          </Text>
        </Grid.Col>
      )}
    </Grid>
  );
}
