/** The bell: unread count on it, the list with a link to the rows, mark one read, mark all read. */
import type { Notification } from '@immoloupe/shared/notifications/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { NotificationBell } from './notification-bell';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const note = (id: string, name: string, readAt: string | null): Notification => ({
  id,
  kind: 'search',
  name,
  subtitle: 'Transactions DVF',
  url: '/pro/transactions?insee=93010&types=appartement',
  rowCount: 2,
  rows: [
    { date: '2023-10-01', title: '2 Avenue des Appartements, Bondy', detail: 'Appartement · 55\u00a0m² · vendu le 01/10/2023' },
    { date: '2023-09-01', title: '1 Avenue des Appartements, Bondy', detail: 'Appartement · 55\u00a0m² · vendu le 01/09/2023' },
  ],
  createdAt: '2026-12-02T06:00:00.000Z',
  readAt,
});

function serve(items: Notification[]) {
  const calls: string[] = [];
  let list = [...items];
  const unread = () => list.filter((n) => !n.readAt).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/notifications/unread') return json({ unread: unread() });
      if (url === '/api/notifications?page=1') return json({ items: list, total: list.length, unread: unread(), page: 1, pageSize: 20 });
      if (url === '/api/notifications/read-all') {
        const marked = unread();
        list = list.map((n) => ({ ...n, readAt: n.readAt ?? '2026-12-02T07:00:00.000Z' }));
        return json({ marked });
      }
      const m = /^\/api\/notifications\/([^/]+)\/read$/.exec(url);
      if (m && init?.method === 'POST') {
        list = list.map((n) => (n.id === m[1] ? { ...n, readAt: n.readAt ?? '2026-12-02T07:00:00.000Z' } : n));
        return json(list.find((n) => n.id === m[1]));
      }
      return json({ message: 'inconnu' }, 404);
    }),
  );
  return calls;
}

const renderBell = (enabled = true) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <NotificationBell enabled={enabled} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('NotificationBell', () => {
  it('shows the unread count, lists the notifications with a link to their rows, marks one read', async () => {
    const calls = serve([note('n1', 'Appartements à Bondy', null), note('n2', 'Maisons à Bondy', '2026-12-01T07:00:00.000Z')]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1\u00a0non lue' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Recherche « Appartements à Bondy »');
    expect(within(dialog).getByText('Recherche « Maisons à Bondy »')).toBeTruthy();
    expect(within(dialog).getAllByText(/2 nouvelles lignes/)).toHaveLength(2);
    expect(within(dialog).getAllByText(/vendu le 01\/10\/2023/)).toHaveLength(2);
    const links = within(dialog).getAllByRole('link', { name: 'Voir les lignes' });
    expect(links[0]?.getAttribute('href')).toBe('/pro/transactions?insee=93010&types=appartement');
    // Only the unread one offers « Marquer comme lu ».
    const mark = within(dialog).getAllByRole('button', { name: 'Marquer comme lu' });
    expect(mark).toHaveLength(1);
    fireEvent.click(mark[0] as HTMLElement);
    await screen.findByRole('button', { name: 'Notifications, aucune non lue' });
    expect(calls).toContain('POST /api/notifications/n1/read');
    expect(within(dialog).queryByRole('button', { name: 'Marquer comme lu' })).toBeNull();
  });

  it('marks all read in one call', async () => {
    const calls = serve([note('n1', 'A', null), note('n2', 'B', null)]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2\u00a0non lues' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Recherche « A »');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tout marquer comme lu' }));
    await screen.findByRole('button', { name: 'Notifications, aucune non lue' });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/notifications/read-all']);
  });

  it('says what arrives here when the inbox is empty; not shown (nor asked) without a subscription', async () => {
    serve([]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, aucune non lue' }));
    await screen.findByText(/Aucune notification\. Les nouveautés des alertes/);
    cleanup();
    const calls = serve([note('n1', 'A', null)]);
    renderBell(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    await waitFor(() => expect(calls).toEqual([]));
  });
  it('reads the next page below the first, reads the first page only when opened again, and the count again on a new page', async () => {
    const all = Array.from({ length: 25 }, (_, i) => note(`n${i + 1}`, `Recherche ${i + 1}`, null));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/notifications/unread') return json({ unread: 25 });
        const page = Number(/^\/api\/notifications\?page=(\d+)$/.exec(url)?.[1]);
        if (!page) return json({ message: 'inconnu' }, 404);
        return json({ items: all.slice((page - 1) * 20, page * 20), total: 25, unread: 25, page, pageSize: 20 });
      }),
    );
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/pro/transactions']}>
          <NotificationBell enabled />
          <Link to="/pro/mesadresses">Mes adresses</Link>
        </MemoryRouter>
      </MantineProvider>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 25\u00a0non lues' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Recherche « Recherche 20 »');
    expect(within(dialog).queryByText('Recherche « Recherche 21 »')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Afficher plus' }));
    await within(dialog).findByText('Recherche « Recherche 25 »');
    expect(within(dialog).getAllByRole('link', { name: 'Voir les lignes' })).toHaveLength(25);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Afficher plus' })).toBeNull());
    expect(calls.filter((c) => c.startsWith('/api/notifications?'))).toEqual(['/api/notifications?page=1', '/api/notifications?page=2']);

    // Closed and opened again: the first page is read again, and only it is shown.
    fireEvent.click(bell);
    fireEvent.click(bell);
    await waitFor(() => expect(calls.filter((c) => c.startsWith('/api/notifications?'))).toHaveLength(3));
    expect(calls.at(-1)).toBe('/api/notifications?page=1');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Voir les lignes' })).toHaveLength(20));

    const counts = () => calls.filter((c) => c === '/api/notifications/unread').length;
    expect(counts()).toBe(1);
    fireEvent.click(screen.getByRole('link', { name: 'Mes adresses' }));
    await waitFor(() => expect(counts()).toBe(2));
  });
});
