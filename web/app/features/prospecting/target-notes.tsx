/**
 * The notes of a target, saved as they are typed (a pause of NOTES_SAVE_DELAY_MS, or leaving the
 * field) and said to be saved: saved on leaving the field alone, a note typed just before a reload
 * or a closed tab was lost without a word.
 */
import { NOTES_GDPR_NOTICE, type ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import { Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SaveStatus, useSaveState } from './save-status';

export const NOTES_SAVE_DELAY_MS = 800;

export function TargetNotes({ target, onSave }: { target: ProspectingTarget; onSave: (notes: string) => Promise<boolean> }) {
  const [value, setValue] = useState(target.notes);
  const { state, setState, track } = useSaveState();
  const save = useRef(onSave);
  save.current = onSave;
  const sent = useRef(target.notes);

  const flush = (notes: string) => {
    if (notes === sent.current) return;
    sent.current = notes;
    track(save.current(notes));
  };

  // flush reads refs only: the timer restarts on each keystroke, not on each render of the table.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flush is stable in effect (refs and state setters)
  useEffect(() => {
    if (value === sent.current) return;
    const timer = setTimeout(() => flush(value), NOTES_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <>
      <Textarea
        aria-label={`Notes sur ${target.label}`}
        title={NOTES_GDPR_NOTICE}
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setState('idle');
        }}
        onBlur={() => flush(value)}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={4000}
        size="xs"
      />
      <SaveStatus state={state} saved="Notes enregistrées" failed="Notes non enregistrées" />
    </>
  );
}
