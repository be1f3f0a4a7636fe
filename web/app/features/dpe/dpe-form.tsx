/** The filters of the DPE search (zone, classes, passoires, dates, building, surface, construction, co-ownership). */
import { DPE_BUILDING_TYPE_LABELS, DPE_BUILDING_TYPES, DPE_MODELE_LABELS, DPE_MODELES } from '@immoloupe/shared/dpe/contracts';
import { DPE_CLASSES } from '@immoloupe/shared/dpe/rental-ban.logic';
import { Button, Checkbox, Chip, Group, Paper, Select, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { DateField } from '~/components/date-field';
import { GroupLabel } from '~/components/group-label';
import { LabelledChips } from '~/components/labelled-chips';
import { RangeFields } from '~/features/zone/search-parts';
import { ZoneField } from '~/features/zone/zone-field';
import type { DpeForm } from './dpe-search.logic';

export function DpeFilters({
  form,
  onChange,
  onSubmit,
  loading,
}: {
  form: DpeForm;
  onChange: (f: DpeForm) => void;
  onSubmit: () => void;
  loading: boolean;
}) {
  const set = <K extends keyof DpeForm>(key: K, value: DpeForm[K]) => onChange({ ...form, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Recherche de DPE">
      <Stack gap="sm">
        <ZoneField value={form.zone} onChange={(z) => set('zone', z)} />
        <Group gap="xs" align="center" role="group" aria-labelledby="dpe-classes">
          <GroupLabel id="dpe-classes">Classes énergie</GroupLabel>
          <Chip.Group multiple value={form.classes} onChange={(v) => set('classes', v)}>
            {DPE_CLASSES.map((c) => (
              <Chip key={c} value={c} size="xs" disabled={form.passoires}>
                {c}
              </Chip>
            ))}
          </Chip.Group>
          <Checkbox label="Passoires (F–G)" checked={form.passoires} onChange={(e) => set('passoires', e.currentTarget.checked)} />
        </Group>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <LabelledChips
            label="Type de logement"
            options={DPE_BUILDING_TYPES}
            labels={DPE_BUILDING_TYPE_LABELS}
            value={form.types}
            onChange={(v) => set('types', v)}
          />
          <LabelledChips
            label="Existant ou neuf"
            options={DPE_MODELES}
            labels={DPE_MODELE_LABELS}
            value={form.modeles}
            onChange={(v) => set('modeles', v)}
          />
          <Select
            label="Copropriété"
            w={150}
            value={form.copro}
            onChange={(v) => set('copro', v ?? '')}
            data={[
              { value: '', label: 'Indifférent' },
              { value: 'oui', label: 'En copropriété' },
              { value: 'non', label: 'Hors copropriété' },
            ]}
          />
        </Group>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <DateField label="DPE établi du" value={form.from || null} onChange={(v) => set('from', v ?? '')} clearable w={150} />
          <DateField label="au" value={form.to || null} onChange={(v) => set('to', v ?? '')} clearable w={150} />
          <RangeFields
            min={{ label: 'Surface min. (m²)', value: form.surfaceMin }}
            max={{ label: 'Surface max. (m²)', value: form.surfaceMax }}
            onChange={(bound, v) => set(bound === 'min' ? 'surfaceMin' : 'surfaceMax', v)}
            width={130}
            numeric={false}
          />
          <RangeFields
            min={{ label: 'Construit à partir de', value: form.yearMin }}
            max={{ label: 'Construit jusqu’à', value: form.yearMax }}
            onChange={(bound, v) => set(bound === 'min' ? 'yearMin' : 'yearMax', v)}
          />
          <Button type="submit" loading={loading}>
            Rechercher
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
