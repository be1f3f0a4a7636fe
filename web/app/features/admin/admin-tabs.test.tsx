/**
 * /pro/admin keeps its tab and the users' search in the URL (a link opens them, Back returns),
 * and its actions that cut off an account or a subscription are confirmed in a window of the page,
 * never the browser's own dialog, and done only once confirmed.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AdminTabs } from './admin-tabs';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ALICE = {
  id: 'u-alice',
  email: 'alice@exemple.fr',
  role: 'subscriber',
  createdAt: '2026-11-01T10:00:00.000Z',
  emailVerified: true,
  disabled: false,
  abo: { source: 'manual', status: 'active', currentPeriodEnd: '2027-01-01T00:00:00.000Z', cancelAtPeriodEnd: false },
  aboactif: true,
};

/** The tabs at `url`, the API answered from `posts` and the users list; returns the calls made. */
function renderAt(url: string) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (u: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url: String(u), method });
      const path = new URL(String(u), 'http://localhost').pathname;
      if (method === 'POST') return json({ message: 'Fait.' });
      if (path === '/api/admin/users') return json({ users: [ALICE], total: 1 });
      if (path === '/api/admin/imports') return json({ runs: [], jobs: [] });
      return json({ message: 'inconnu' }, 404);
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/pro/admin',
        element: (
          <MantineProvider>
            <AdminTabs />
          </MantineProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { calls, router };
}

const usersCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/admin/users?'));

describe('AdminTabs', () => {
  it('opens the tab of `?onglet=imports`, and puts each tab chosen in the history', async () => {
    const { router, calls } = renderAt('/pro/admin?onglet=imports');
    expect(screen.getByRole('tab', { name: 'Imports de données' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('tabpanel', { name: 'Imports de données' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/imports')).toBe(true));
    expect(usersCalls(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Utilisateurs' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'Utilisateurs' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Journal' }));
    await waitFor(() => expect(router.state.location.search).toBe('?onglet=journal'));

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?onglet=imports');
    expect(screen.getByRole('tab', { name: 'Imports de données' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches the users with the `q` of the URL, and writes the text typed there in one history entry', async () => {
    const { router, calls } = renderAt('/pro/admin?q=alice');
    const field = screen.getByRole('searchbox', { name: /Rechercher une adresse e-mail/ }) as HTMLInputElement;
    expect(field.value).toBe('alice');
    await waitFor(() => expect(usersCalls(calls).map((c) => c.url)).toEqual(['/api/admin/users?page=1&q=alice']));

    fireEvent.change(field, { target: { value: 'bru' } });
    fireEvent.change(field, { target: { value: 'bruno' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=bruno'));
    await waitFor(() => expect(usersCalls(calls).at(-1)?.url).toBe('/api/admin/users?page=1&q=bruno'));
    // The two keys made one entry: Back returns to the search of the link.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=alice');
    await waitFor(() => expect(field.value).toBe('alice'));
  });

  it('ends a subscription only once confirmed in the page’s window', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { calls } = renderAt('/pro/admin');
    const row = (await screen.findByText('alice@exemple.fr')).closest('tr') as HTMLElement;
    const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);

    fireEvent.click(within(row).getByRole('button', { name: 'Terminer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminer l’abonnement' });
    expect(dialog.textContent).toContain('Terminer maintenant l’abonnement du compte alice@exemple.fr\u00a0?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Terminer' }));
    const again = await screen.findByRole('dialog', { name: 'Terminer l’abonnement' });
    fireEvent.click(within(again).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(posts()).toEqual(['/api/admin/users/u-alice/subscription']));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('disables an account only once confirmed in the page’s window', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { calls } = renderAt('/pro/admin');
    const row = (await screen.findByText('alice@exemple.fr')).closest('tr') as HTMLElement;
    const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);

    fireEvent.click(within(row).getByRole('button', { name: 'Accès' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Désactiver le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver le compte' });
    expect(dialog.textContent).toContain('Désactiver le compte alice@exemple.fr\u00a0?');
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(posts()).toEqual(['/api/admin/users/u-alice/disable']));
    expect(confirm).not.toHaveBeenCalled();
  });
});
