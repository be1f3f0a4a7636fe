/**
 * One saved address of /pro/mesadresses: its name, notes and tags (edited together, saved with one
 * button), « Surveiller » (frequency and radius, saved at once, explained), the links back to the
 * address analysis and the parcel sheet, and delete.
 */
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import {
  analysisUrlOf,
  MAX_NOTES,
  MAX_TAGS,
  parcelUrlOf,
  type SavedAddress,
  type SavedAddressUpdate,
  WATCH_FREQUENCIES,
  WATCH_LABELS,
  WATCH_RADII,
  type WatchFrequency,
  watchExplanation,
} from '@immoloupe/shared/saved-addresses/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROW_KEY_ATTR } from '~/components/responsive-table';
import { Select } from '~/components/select';

const radiusLabel = (m: number) => (m === 0 ? 'La parcelle seule' : `${formatInteger(m)}\u00a0m`);

export function SavedAddressCard({
  a,
  selected,
  onSelect,
  onUpdate,
  onDelete,
}: {
  a: SavedAddress;
  selected: boolean;
  onSelect: () => void;
  onUpdate: (body: SavedAddressUpdate) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [label, setLabel] = useState(a.label);
  const [notes, setNotes] = useState(a.notes);
  const [tags, setTags] = useState(a.tags);
  // A new record from the server (a save, « Surveiller » changed) replaces only the fields it
  // changed: what is being typed in the others is kept, not thrown away by a watch change.
  const [stored, setStored] = useState(a);
  if (stored !== a) {
    if (stored.label !== a.label) setLabel(a.label);
    if (stored.notes !== a.notes) setNotes(a.notes);
    if (stored.tags.join('\n') !== a.tags.join('\n')) setTags(a.tags);
    setStored(a);
  }
  const dirty = label !== a.label || notes !== a.notes || tags.join('\n') !== a.tags.join('\n');
  const parcelUrl = parcelUrlOf(a);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={a.label}
      data-testid="saved-address"
      {...{ [ROW_KEY_ATTR]: a.id }}
      data-selected={selected ? 'true' : undefined}
      style={selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
      onFocusCapture={onSelect}
      onClick={onSelect}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>{a.label}</Text>
            {/* The name may be anything the agent wants; the address it stands for stays in sight. */}
            {a.address !== a.label && (
              <Text size="sm" data-testid="saved-address-street">
                {a.address}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Enregistrée le {formatDate(a.createdAt)}
              {a.idParcelle ? ` · parcelle ${a.idParcelle}` : ''}
            </Text>
          </Stack>
          {a.watch !== 'off' && (
            <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
              Surveillée ({WATCH_LABELS[a.watch].toLowerCase()})
            </Badge>
          )}
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={analysisUrlOf(a)} size="sm">
            Analyse de l’adresse
          </Anchor>
          {parcelUrl && (
            <Anchor component={Link} to={parcelUrl} size="sm">
              Fiche de la parcelle
            </Anchor>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nom" value={label} onChange={(e) => setLabel(e.currentTarget.value)} maxLength={200} />
          <TagsInput
            label="Étiquettes"
            description="Entrée pour ajouter"
            value={tags}
            onChange={setTags}
            maxTags={MAX_TAGS}
            splitChars={[',', ';']}
            clearable
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={MAX_NOTES}
        />
        <Group justify="flex-end">
          <Button size="xs" disabled={!dirty} onClick={() => void onUpdate({ label, notes, tags })}>
            Enregistrer les modifications
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Surveiller"
            data={WATCH_FREQUENCIES.map((w) => ({ value: w, label: WATCH_LABELS[w] }))}
            value={a.watch}
            allowDeselect={false}
            onChange={(v) => v && void onUpdate({ watch: v as WatchFrequency })}
          />
          <Select
            label="Rayon surveillé"
            data={[...new Set([...WATCH_RADII, a.watchRadiusM])]
              .sort((x, y) => x - y)
              .map((m) => ({ value: String(m), label: radiusLabel(m) }))}
            value={String(a.watchRadiusM)}
            allowDeselect={false}
            onChange={(v) => v && void onUpdate({ watchRadiusM: Number(v) })}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {watchExplanation(a.watchRadiusM)}
          {a.watch === 'off' ? ' Choisissez une fréquence pour la recevoir.' : ''}
        </Text>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => window.confirm(`Supprimer «\u00a0${a.label}\u00a0» de vos adresses\u00a0?`) && onDelete()}
          >
            Supprimer
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
