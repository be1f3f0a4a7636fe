/** The value opinion's « Le bien à estimer » card: the subject property, its photo, and « Estimer ». */
import { formatDate } from '@immoloupe/shared/format';
import { DPE_CLASSES, type EstimateResponse, SUBJECT_TYPES, type Subject } from '@immoloupe/shared/market/estimate-contracts';
import { Button, Card, FileInput, Grid, Group, NumberInput, SegmentedControl, Stack, Textarea, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { DateField } from '~/components/date-field';
import { DecimalInput } from '~/components/decimal-input';
import { GroupLabel } from '~/components/group-label';
import { Select } from '~/components/select';
import { AddressSearch, type PickedAddress } from './address-search';
import { typeLabel } from './labels';
import type { FormState } from './use-value-opinion';

export function ValueOpinionSubjectForm({
  form,
  set,
  pickAddress,
  photo,
  setPhoto,
  result,
  pending,
  disabled,
  onSubmit,
}: {
  form: FormState;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  pickAddress: (a: PickedAddress | null, text: string) => void;
  photo: File | null;
  setPhoto: (file: File | null) => void;
  result: EstimateResponse | null;
  pending: boolean;
  /** A saved opinion is loading: what is typed now would be overwritten by its answer. */
  disabled: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Le bien à estimer">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Le bien à estimer
          </Title>
          <AddressSearch value={form.addressText} onPick={pickAddress} disabled={disabled} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <GroupLabel id="type-bien" mb={4}>
                Type de bien
              </GroupLabel>
              <SegmentedControl
                aria-labelledby="type-bien"
                value={form.type}
                onChange={(v) => set('type', v as Subject['type'])}
                data={SUBJECT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <DecimalInput
                label={form.type === 'local' ? 'Surface bâtie (m²)' : 'Surface habitable (m²)'}
                value={form.surface}
                onChange={(v) => set('surface', v === '' ? '' : Number(v))}
                min={5}
                max={2000}
                required
                disabled={disabled}
              />
            </Grid.Col>
            {form.type === 'local' ? null : (
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Pièces principales"
                  value={form.rooms}
                  onChange={(v) => set('rooms', v === '' ? '' : Number(v))}
                  min={0}
                  max={30}
                  allowDecimal={false}
                  disabled={disabled}
                />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <DecimalInput
                label="Surface du terrain (m²)"
                value={form.landSurface}
                onChange={(v) => set('landSurface', v === '' ? '' : Number(v))}
                min={0}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Select
                label="Classe DPE"
                value={form.dpe}
                onChange={(v) => set('dpe', v)}
                data={[...DPE_CLASSES]}
                clearable
                placeholder="Inconnue"
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <DateField
                label="Date de référence"
                clearable
                value={form.asOf}
                onChange={(iso) => set('asOf', iso ?? '')}
                description={
                  form.asOf
                    ? 'Les ventes postérieures sont ignorées.'
                    : result
                      ? `Vide : dernière vente importée pour la commune (${formatDate(result.asOf)}).`
                      : 'Vide : dernière vente importée pour la commune.'
                }
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <FileInput
                label="Photo (facultative)"
                accept="image/jpeg,image/png,image/webp"
                value={photo}
                onChange={setPhoto}
                clearable
                placeholder="JPEG, PNG ou WebP"
                disabled={disabled}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Notes sur le bien (facultatives)"
            value={form.notes}
            onChange={(e) => set('notes', e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
            disabled={disabled}
          />
          <Group>
            <Button type="submit" loading={pending} disabled={disabled}>
              Estimer
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
