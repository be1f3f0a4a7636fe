/**
 * Several communes picked by name, postcode or INSEE code: a field with suggestions named by their
 * postcodes, « Bondy (93140) » (the INSEE code, which agents took for a postcode, is in the tooltip
 * and in grey beside the suggestion), and the communes picked as removable pills. The value is
 * their INSEE codes. A code that comes from elsewhere (a saved zone, a URL) shows its name once the
 * commune search has answered for it, the bare code until then. With `max`, at most that many:
 * picking one more drops the oldest, so with `max={1}` the commune picked replaces the one before.
 */

import { type CommuneNaming, communeLabel, communeLabels, communeTitle } from '@immoloupe/shared/commune-label';
import { Autocomplete, Group, Pill, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCommuneNames, useCommuneSearch } from './use-commune-search';

export interface CommunesPickerProps {
  /** The accessible (and visible) label of the field. */
  label: string;
  /** INSEE codes of the communes picked, in order. */
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** Names already known (no need to ask for them), e.g. the communes of a saved zone. */
  known?: readonly CommuneNaming[];
  description?: string;
  placeholder?: string;
  /** Width of the field and of its pills. */
  width?: number | string;
  /** Most communes held (a tool that takes a single commune): one more picked drops the oldest. */
  max?: number;
}

export function CommunesPicker({
  label,
  value,
  onChange,
  known,
  description,
  placeholder = 'Nom, code postal ou code INSEE',
  width,
  max,
}: CommunesPickerProps) {
  const [text, setText] = useState('');
  const hits = useCommuneSearch(text);
  const { communes, remember } = useCommuneNames(value, known);
  const suggestions = communeLabels(hits);

  // Picking a suggestion adds its commune and empties the field for the next one.
  const type = (v: string) => {
    const hit = suggestions.find((o) => o.label === v)?.commune;
    if (!hit) {
      setText(v);
      return;
    }
    remember(hit);
    setText('');
    if (value.includes(hit.insee)) return;
    const codes = [...value, hit.insee];
    onChange(max === undefined ? codes : codes.slice(Math.max(0, codes.length - max)));
  };

  return (
    <Stack gap={6} w={width} maw="100%">
      <Autocomplete
        label={label}
        description={description}
        placeholder={placeholder}
        value={text}
        onChange={type}
        data={text.trim().length >= 2 ? suggestions.map((o) => o.label) : []}
        // The server already matched names, postcodes and codes: show all it found.
        filter={({ options }) => options}
        renderOption={({ option }) => {
          const c = suggestions.find((o) => o.label === option.value)?.commune;
          return (
            <span title={c ? communeTitle(c) : undefined}>
              {option.value}
              {c ? (
                // Seen, for an agent who searched by INSEE code; the option's name stays the commune's label.
                <Text span size="xs" c="dimmed" ml={6} aria-hidden>
                  INSEE {c.insee}
                </Text>
              ) : null}
            </span>
          );
        }}
      />
      {value.length > 0 ? (
        <Group gap={6}>
          {value.map((code) => {
            const c = communes[code];
            const shown = c === undefined ? code : communeLabel(c);
            return (
              <Pill
                key={code}
                title={c ? communeTitle(c) : `Code INSEE ${code}`}
                withRemoveButton
                onRemove={() => onChange(value.filter((other) => other !== code))}
                // Mantine hides the remove button from assistive technologies and the keyboard: not here.
                removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Retirer ${shown}` }}
              >
                {shown}
              </Pill>
            );
          })}
        </Group>
      ) : null}
    </Stack>
  );
}
