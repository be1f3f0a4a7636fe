/**
 * « Enregistré » under a field saved as it changes (a target's status, next action, notes): without
 * it a change saved silently, and the agent could not tell a save from a failure.
 */
import { Text } from '@mantine/core';
import { useState } from 'react';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The state of the last save, and `track` to follow a save's outcome. */
export function useSaveState() {
  const [state, setState] = useState<SaveState>('idle');
  const track = (save: Promise<boolean>) => {
    setState('saving');
    void save.then((ok) => setState(ok ? 'saved' : 'failed'));
  };
  return { state, setState, track };
}

export function SaveStatus({ state, saved, failed }: { state: SaveState; saved: string; failed: string }) {
  return (
    <Text size="xs" c={state === 'failed' ? 'red' : 'dimmed'} role="status" mih={16}>
      {state === 'saving' ? 'Enregistrement…' : state === 'saved' ? saved : state === 'failed' ? failed : ''}
    </Text>
  );
}
