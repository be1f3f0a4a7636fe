/** « Ajouter à une liste de prospection »: the last list is preselected, and the answer names the list the target went to. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AddToListButton } from './add-to-list-button';
import { COPROS, listsAnswer, PASSOIRES } from './test-bulk';
import { CARNOT_TARGET } from './test-target';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddToListButton', () => {
  it('names the list in its confirmation, whether the target went in or was already there', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/prospecting/lists') return json(listsAnswer([PASSOIRES, COPROS]));
        if (url === '/api/prospecting/targets' && init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          const created = posted.length === 1;
          return json({ target: { ...CARNOT_TARGET, listId: COPROS.id }, list: COPROS, created }, created ? 201 : 200);
        }
        return json({ message: 'inconnu' }, 404);
      }),
    );
    render(
      <MantineProvider>
        <MemoryRouter>
          <AddToListButton kind="address" refId={CARNOT_TARGET.ref} label={CARNOT_TARGET.label} address={CARNOT_TARGET.address} />
        </MemoryRouter>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter à une liste de prospection' }));
    const listInput = () => screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(listInput().value).toBe('Copros Bondy (4)'));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect((await screen.findByRole('status')).textContent).toContain('Ajoutée à «\u00a0Copros Bondy\u00a0».');
    const openList = () => screen.getByRole('link', { name: 'Ouvrir la liste' }).getAttribute('href');
    expect(openList()).toBe(`/pro/prospection?liste=${COPROS.id}`);
    // Another list picked afterwards, not yet used: the link still opens the list the target went to.
    fireEvent.click(listInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Passoires Flers (2)', hidden: true }));
    await waitFor(() => expect(listInput().value).toBe('Passoires Flers (2)'));
    expect(openList()).toBe(`/pro/prospection?liste=${COPROS.id}`);
    fireEvent.click(listInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Copros Bondy (4)', hidden: true }));
    await waitFor(() => expect(listInput().value).toBe('Copros Bondy (4)'));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Déjà dans «\u00a0Copros Bondy\u00a0».'));
    expect(posted).toEqual([
      {
        kind: 'address',
        ref: CARNOT_TARGET.ref,
        label: CARNOT_TARGET.label,
        address: CARNOT_TARGET.address,
        ownerName: null,
        listId: COPROS.id,
      },
      {
        kind: 'address',
        ref: CARNOT_TARGET.ref,
        label: CARNOT_TARGET.label,
        address: CARNOT_TARGET.address,
        ownerName: null,
        listId: COPROS.id,
      },
    ]);
  });
});
