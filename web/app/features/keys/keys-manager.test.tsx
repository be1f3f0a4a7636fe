/** Revoking an access key is confirmed in a window of the page, never the browser's own dialog, and done only once confirmed. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { KeysManager } from './keys-manager';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const KEY = { id: 'k1', name: 'Extension Chrome bureau', prefix: 'iml_ab12', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

describe('KeysManager', () => {
  it('revokes a key only once confirmed in the page’s window', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const deleted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deleted.push(String(url));
          return new Response(null, { status: 204 });
        }
        return json({ keys: deleted.length ? [] : [KEY] });
      }),
    );
    const router = createMemoryRouter([{ id: 'root', path: '/', element: <KeysManager /> }], { initialEntries: ['/'] });
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const table = await screen.findByTestId('keys-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Révoquer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer la clé' });
    expect(dialog.textContent).toContain('Révoquer la clé «\u00a0Extension Chrome bureau\u00a0»\u00a0?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(within(table).getByRole('button', { name: 'Révoquer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Révoquer la clé' })).getByRole('button', { name: 'Révoquer' }));
    await screen.findByText('Aucune clé pour l’instant.');
    expect(deleted).toEqual(['/api/keys/k1']);
    expect(confirm).not.toHaveBeenCalled();
  });
});
