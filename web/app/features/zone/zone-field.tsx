/**
 * The zone of a search tool: « ma zone » (the default once set), communes picked by name, postcode
 * or INSEE code, or postcodes typed. Each kind keeps its own text: postcodes are not INSEE codes.
 */
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { CommunesPicker } from '~/components/communes-picker';
import { GroupLabel } from '~/components/group-label';
import { type ZoneChoice, type ZoneMode, zoneChoiceCodes } from './zone.logic';

export function ZoneField({ value, onChange }: { value: ZoneChoice; onChange: (z: ZoneChoice) => void }) {
  const texts = useRef<Partial<Record<ZoneMode, string>>>({});
  const choose = (mode: ZoneMode) => {
    texts.current[value.mode] = value.text;
    onChange({ mode, text: texts.current[mode] ?? '' });
  };
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <div>
        <GroupLabel id="zone-mode">Zone</GroupLabel>
        <SegmentedControl
          aria-labelledby="zone-mode"
          value={value.mode}
          onChange={(mode) => choose(mode as ZoneMode)}
          data={[
            { value: 'mine', label: 'Ma zone' },
            { value: 'insee', label: 'Communes' },
            { value: 'postcode', label: 'Codes postaux' },
          ]}
        />
      </div>
      {value.mode === 'insee' ? (
        <CommunesPicker
          label="Ajouter une commune"
          value={[...new Set(zoneChoiceCodes(value.text))]}
          onChange={(codes) => onChange({ ...value, text: codes.join(',') })}
          width={340}
        />
      ) : null}
      {value.mode === 'postcode' ? (
        <TextInput
          label="Codes postaux"
          placeholder="69007"
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
          w={200}
        />
      ) : null}
    </Group>
  );
}
