/** A target's notes are saved while typing (after a pause) and on leaving the field, and say so. */
import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { NOTES_SAVE_DELAY_MS, TargetNotes } from './target-notes';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TARGET: ProspectingTarget = {
  id: 't1',
  listId: 'l1',
  kind: 'address',
  ref: '93010_0420_00139',
  label: '139 Avenue Carnot 93140 Bondy',
  address: '139 Avenue Carnot 93140 Bondy',
  ownerName: null,
  status: 'a_contacter',
  nextAction: null,
  notes: '',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

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
    expect(await screen.findByText('Non enregistrées')).toBeTruthy();
  });
});
