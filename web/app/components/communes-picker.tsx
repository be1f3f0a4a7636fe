/**
 * Several communes picked by name, postcode or INSEE code: a field with suggestions « Bondy (93010) »,
 * and the communes picked as removable pills. The value is their INSEE codes. A code that comes from
 * elsewhere (a saved zone, a URL) shows its name once the commune search has answered for it, the
 * bare code until then. With `max`, at most that many: picking one more drops the oldest, so with
 * `max={1}` the commune picked replaces the one before.
 */
import { Autocomplete, Group, Pill, Stack } from '@mantine/core';
import { useState } from 'react';
import { type CommuneHit, useCommuneNames, useCommuneSearch } from './use-commune-search';

const labelOf = (c: CommuneHit) => `${c.nom} (${c.insee})`;

export interface CommunesPickerProps {
  /** The accessible (and visible) label of the field. */
  label: string;
  /** INSEE codes of the communes picked, in order. */
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** Names already known (no need to ask for them), e.g. the communes of a saved zone. */
  known?: readonly CommuneHit[];
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
  const { names, remember } = useCommuneNames(value, known);

  // Picking a suggestion adds its commune and empties the field for the next one.
  const type = (v: string) => {
    const hit = hits.find((c) => labelOf(c) === v);
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
        data={text.trim().length >= 2 ? hits.map(labelOf) : []}
        // The server already matched names, postcodes and codes: show all it found.
        filter={({ options }) => options}
      />
      {value.length > 0 ? (
        <Group gap={6}>
          {value.map((code) => {
            const shown = names[code] === undefined ? code : `${names[code]} (${code})`;
            return (
              <Pill
                key={code}
                withRemoveButton
                onRemove={() => onChange(value.filter((c) => c !== code))}
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
