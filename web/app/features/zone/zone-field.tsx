/** The zone of a search tool: « ma zone » (the default once set), communes by INSEE code, or postcodes. */
import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { ZoneChoice, ZoneMode } from './zone.logic';

export function ZoneField({ value, onChange }: { value: ZoneChoice; onChange: (z: ZoneChoice) => void }) {
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <div>
        <Text size="sm" fw={500} id="zone-mode">
          Zone
        </Text>
        <SegmentedControl
          aria-labelledby="zone-mode"
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode: mode as ZoneMode })}
          data={[
            { value: 'mine', label: 'Ma zone' },
            { value: 'insee', label: 'Communes' },
            { value: 'postcode', label: 'Codes postaux' },
          ]}
        />
      </div>
      {value.mode !== 'mine' ? (
        <TextInput
          label={value.mode === 'insee' ? 'Codes INSEE' : 'Codes postaux'}
          placeholder={value.mode === 'insee' ? '69387, 69383' : '69007'}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
          w={200}
        />
      ) : null}
    </Group>
  );
}
