/** Deleting a list is confirmed in the page, the count of its targets said in French. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DeleteListButton, deleteListQuestion } from './delete-list-button';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const LIST = {
  id: 'l1',
  name: 'Test à supprimer',
  letterBody: '',
  syndicLetterBody: '',
  letterSubject: '',
  syndicLetterSubject: '',
  targets: 0,
  createdAt: '2026-11-26T10:00:00.000Z',
};

describe('DeleteListButton', () => {
  it('says how many targets go with the list, singular for 0 and 1', () => {
    expect(deleteListQuestion(LIST)).toBe('Supprimer la liste «\u00a0Test à supprimer\u00a0»\u00a0? Elle ne contient aucune cible.');
    expect(deleteListQuestion({ ...LIST, targets: 1 })).toBe('Supprimer la liste «\u00a0Test à supprimer\u00a0» et sa cible\u00a0?');
    expect(deleteListQuestion({ ...LIST, targets: 1200 })).toBe(
      'Supprimer la liste «\u00a0Test à supprimer\u00a0» et ses 1\u202f200\u00a0cibles\u00a0?',
    );
  });

  it('asks in a window of the page, not the browser’s, and deletes only once confirmed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const onDelete = vi.fn(async () => true);
    render(
      <MantineProvider>
        <DeleteListButton list={{ ...LIST, targets: 3 }} onDelete={onDelete} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la liste' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Supprimer la liste «\u00a0Test à supprimer\u00a0» et ses 3\u00a0cibles\u00a0?');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la liste' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(confirm).not.toHaveBeenCalled();
  });
});
