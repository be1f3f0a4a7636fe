/**
 * The land filters of the parcel search: the parcel's main PLU zone (type, libellé), a kind of
 * prescription present or absent, and the coverage of the parcel by its buildings. Where the
 * commune's buildings are not imported its parcels have no coverage, so that a coverage filter finds
 * none of them: said here, under the filters.
 */
import { PRESCRIPTION_CHOICES, ZONE_FAMILIES, ZONE_FAMILY_LABELS } from '@immoloupe/shared/land/contracts';
import { Alert, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { ParcelForm } from './parcel-search.logic';

const KINDS = [{ value: '', label: 'Indifférent' }, ...PRESCRIPTION_CHOICES];

/** « Le bâti de Bondy (93010) n’est pas importé… », or null. */
export function buildingsMissingNotice(codes: readonly string[]): string | null {
  if (codes.length === 0) return null;
  const which = codes.length === 1 ? `de la commune ${codes[0]}` : `des communes ${codes.join(', ')}`;
  return `Les bâtiments du cadastre ${which} ne sont pas importés\u00a0: leurs parcelles sont «\u00a0bâti non importé\u00a0» et aucun filtre de couverture ne les retient.`;
}

export function LandFilters({
  form,
  onChange,
  buildingsMissing = [],
}: {
  form: ParcelForm;
  onChange: (patch: Partial<ParcelForm>) => void;
  buildingsMissing?: readonly string[];
}) {
  const notice = buildingsMissingNotice(buildingsMissing);
  return (
    <Stack gap="xs" mt="sm">
      <Group align="flex-end" wrap="wrap" role="group" aria-label="Filtres fonciers">
        <NativeSelect
          label="Type de zone (PLU)"
          value={form.zoneType ?? ''}
          onChange={(e) => onChange({ zoneType: e.currentTarget.value })}
          data={[{ value: '', label: 'Tous types' }, ...ZONE_FAMILIES.map((z) => ({ value: z, label: ZONE_FAMILY_LABELS[z] }))]}
          w={250}
        />
        <TextInput
          label="Libellé de zone (commence par)"
          placeholder="ex. UC"
          value={form.zoneLibelle ?? ''}
          onChange={(e) => onChange({ zoneLibelle: e.currentTarget.value })}
          w={210}
        />
        <NativeSelect
          label="Prescription"
          value={form.prescription ?? ''}
          onChange={(e) => onChange({ prescription: e.currentTarget.value })}
          data={KINDS}
          w={300}
        />
        {/* « Absente » with no kind chosen: the parcels that no prescription touches. */}
        <NativeSelect
          label="Présente ou absente"
          value={form.prescriptionPresent === 'non' ? 'non' : ''}
          onChange={(e) => onChange({ prescriptionPresent: e.currentTarget.value === 'non' ? 'non' : '' })}
          data={[
            { value: '', label: 'Présente' },
            { value: 'non', label: 'Absente' },
          ]}
          w={160}
        />
        <TextInput
          label="Couverture bâtie minimale (%)"
          value={form.coverageMin ?? ''}
          onChange={(e) => onChange({ coverageMin: e.currentTarget.value })}
          w={200}
          inputMode="decimal"
        />
        <TextInput
          label="Couverture bâtie maximale (%)"
          placeholder="ex. 20"
          value={form.coverageMax ?? ''}
          onChange={(e) => onChange({ coverageMax: e.currentTarget.value })}
          w={200}
          inputMode="decimal"
        />
      </Group>
      {notice ? (
        <Alert color="yellow" variant="light" p="xs" aria-label="Bâti non importé">
          {notice}
        </Alert>
      ) : null}
    </Stack>
  );
}
