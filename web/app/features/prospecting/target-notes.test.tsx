/** A target's notes are saved while typing (after a pause) and on leaving the field, and say so. */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { NOTES_SAVE_DELAY_MS, TargetNotes } from './target-notes';
import { CARNOT_TARGET } from './test-target';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TARGET = CARNOT_TARGET;

describe('TargetNotes', () => {
  it('saves once typing pauses, without leaving the field, and says it is saved', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn(async () => true);
    render(
      <MantineProvider>
        <TargetNotes target={TARGET} onSave={onSave} />
      </MantineProvider>,
    );
    const notes = screen.getByLabelText(`Notes sur ${TARGET.label}`);
    fireEvent.change(notes, { target: { value: 'Rappeler' } });
    fireEvent.change(notes, { target: { value: 'Rappeler lundi' } });
    expect(onSave).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Rappeler lundi');
    expect(screen.getByText('Notes enregistrées')).toBeTruthy();
    // Leaving the field sends nothing more when nothing changed since.
    fireEvent.blur(notes);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('saves at once on leaving the field, and says when the save failed', async () => {
    const onSave = vi.fn(async () => false);
    render(
      <MantineProvider>
        <TargetNotes target={TARGET} onSave={onSave} />
      </MantineProvider>,
    );
    const notes = screen.getByLabelText(`Notes sur ${TARGET.label}`);
    fireEvent.change(notes, { target: { value: 'Syndic à relancer' } });
    fireEvent.blur(notes);
    expect(onSave).toHaveBeenCalledWith('Syndic à relancer');
    expect(await screen.findByText('Notes non enregistrées')).toBeTruthy();
  });
});
