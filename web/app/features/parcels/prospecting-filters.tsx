/** The prospecting filters of the parcel search: legal-entity owner, sales, buildings, building permits around. */
import { LEGAL_FORM_CHOICES, legalFormChoiceKey } from '@immoloupe/shared/owners/legal-form-choices.logic';
import { OWNER_GROUP_LABELS, OWNER_GROUPS } from '@immoloupe/shared/owners/legal-forms.logic';
import { ownersMissingNotice } from '@immoloupe/shared/parcels/search-contracts';
import { Alert, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { DateField } from '~/components/date-field';
import type { ParcelForm } from './parcel-search.logic';

/**
 * `ownersMissing`: the départements of the last search without the legal-entity owners file. The
 * owner filters then find nothing; said here, under them, not only on a parcel's sheet.
 */
export function ProspectingFilters({
  form,
  onChange,
  ownersMissing = [],
}: {
  form: ParcelForm;
  onChange: (patch: Partial<ParcelForm>) => void;
  ownersMissing?: readonly string[];
}) {
  const notice = ownersMissingNotice(ownersMissing);
  return (
    <Stack gap="xs" mt="sm">
      <Group align="flex-end" wrap="wrap" role="group" aria-label="Filtres de prospection">
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
        <NativeSelect
          label="Forme juridique"
          value={legalFormChoiceKey(form.legalForm)}
          onChange={(e) => onChange({ legalForm: e.currentTarget.value })}
          data={[{ value: '', label: 'Toutes formes' }, ...LEGAL_FORM_CHOICES.map((c) => ({ value: c.key, label: c.label }))]}
          w={250}
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
        <TextInput
          label="Permis à moins de (m)"
          placeholder="ex. 300"
          value={form.permitsWithin ?? ''}
          onChange={(e) => onChange({ permitsWithin: e.currentTarget.value })}
          w={170}
          inputMode="numeric"
        />
        <DateField
          label="Permis autorisés depuis le"
          value={form.permitsSince ?? null}
          onChange={(iso) => onChange({ permitsSince: iso })}
          clearable
          w={190}
        />
      </Group>
      {notice ? (
        <Alert color="yellow" variant="light" p="xs" aria-label="Propriétaires personnes morales non importés">
          {notice}
        </Alert>
      ) : null}
    </Stack>
  );
}
