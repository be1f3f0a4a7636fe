/** The prospecting filters of the parcel search: legal-entity owner, sales, buildings. */
import { OWNER_GROUP_LABELS, OWNER_GROUPS } from '@immoloupe/shared/owners/legal-forms.logic';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { DateField } from '~/components/date-field';
import type { ParcelForm } from './parcel-search.logic';

export function ProspectingFilters({ form, onChange }: { form: ParcelForm; onChange: (patch: Partial<ParcelForm>) => void }) {
  return (
    <Group align="flex-end" wrap="wrap" mt="sm" aria-label="Filtres de prospection">
      <NativeSelect
        label="Propriétaire personne morale"
        value={form.ownerGroup ?? ''}
        onChange={(e) => onChange({ ownerGroup: e.currentTarget.value })}
        data={[{ value: '', label: 'Toutes catégories' }, ...OWNER_GROUPS.map((g) => ({ value: g, label: OWNER_GROUP_LABELS[g] }))]}
        w={250}
      />
      <TextInput
        label="Nom ou SIREN du propriétaire"
        placeholder="ex. SCI DU MOULIN"
        value={form.owner ?? ''}
        onChange={(e) => onChange({ owner: e.currentTarget.value })}
        w={220}
      />
      <TextInput
        label="Forme juridique (code)"
        placeholder="6540"
        value={form.legalForm ?? ''}
        onChange={(e) => onChange({ legalForm: e.currentTarget.value })}
        w={160}
        inputMode="numeric"
      />
      <TextInput
        label="Sans vente depuis (ans)"
        value={form.noSaleYears ?? ''}
        onChange={(e) => onChange({ noSaleYears: e.currentTarget.value })}
        w={170}
        inputMode="numeric"
      />
      <DateField
        label="Vendue depuis le"
        value={form.soldSince ?? null}
        onChange={(iso) => onChange({ soldSince: iso })}
        clearable
        w={170}
      />
      <NativeSelect
        label="Bâti"
        value={form.built ?? ''}
        onChange={(e) => onChange({ built: e.currentTarget.value as ParcelForm['built'] })}
        data={[
          { value: '', label: 'Indifférent' },
          { value: 'oui', label: 'Avec bâti connu' },
          { value: 'non', label: 'Sans bâti connu' },
        ]}
        w={170}
      />
    </Group>
  );
}
