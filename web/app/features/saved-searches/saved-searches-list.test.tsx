/**
 * Mes recherches: each search with its filters in words, and a rename that says what is wrong
 * beside the name; the total, the page and the order asked of the server; on a phone each search
 * is a card, its count first and its actions at hand.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, installPhoneViewport, jsonResponse as json } from '~/test/mantine-dom';
import { querySummary } from './create-search.logic';
import { SavedSearchesList } from './saved-searches-list';

beforeEach(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SEARCH = {
  id: '6f1c1c55-7a4e-4a39-9d1b-6f3f1b8f2a01',
  tool: 'transactions',
  name: 'Bondy maisons',
  query: 'insee=93010&priceMax=300000&types=maison',
  url: '/pro/transactions?insee=93010&priceMax=300000&types=maison',
  alert: 'off',
  lastCount: 87,
  lastCountAt: '2026-11-26T10:00:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
};

/** The answer of one page: `total` searches in all, `items` on this page. */
const pageOf = (items: unknown[], u: URL, total = items.length) => ({
  items,
  max: 100,
  total,
  page: Number(u.searchParams.get('page') ?? 1),
  pageSize: u.searchParams.has('page') ? 25 : Math.max(total, 1),
  sort: u.searchParams.get('sort') ?? 'created',
  order: u.searchParams.get('order') ?? 'desc',
});

const asked: string[] = [];

function show(items: unknown[] = [SEARCH], total = items.length) {
  const patches: unknown[] = [];
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/alerts/status') return json({ mailConfigured: true, message: null });
      if (u.pathname === '/api/market/communes') return json([{ insee: '93010', nom: 'Bondy' }]);
      if (u.pathname === '/api/saved-searches/recount' && init?.method === 'POST')
        return json(pageOf([{ ...SEARCH, lastCount: 91, lastCountAt: '2026-11-27T08:00:00.000Z' }], u));
      if (u.pathname === '/api/saved-searches') {
        asked.push(u.search);
        return json(pageOf(items, u, total));
      }
      if (u.pathname === `/api/saved-searches/${SEARCH.id}` && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        return body.name.trim()
          ? json({ ...SEARCH, name: body.name })
          : json({ message: 'Requête invalide.', issues: [{ path: 'name', message: 'Donnez un nom à la recherche.' }] }, 400);
      }
      return json({ message: 'inconnu' }, 404);
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter>
        <SavedSearchesList />
      </MemoryRouter>
    </MantineProvider>,
  );
  return patches;
}

describe('SavedSearchesList', () => {
  it('with no search yet, links both ways to make one: from a tool, or from scratch', async () => {
    show([]);
    await screen.findByText('Aucune recherche enregistrée');
    expect(screen.getByRole('link', { name: 'transactions' }).getAttribute('href')).toBe('/pro/transactions');
    expect(screen.getByRole('link', { name: 'créez-en une de toutes pièces' }).getAttribute('href')).toBe('/pro/creer_recherche');
  });

  it('shows the filters of each search in words, the commune by its name', async () => {
    show();
    const filters = await screen.findByTestId('filtres');
    await waitFor(() => expect(filters.textContent).toContain('Commune\u00a0: Bondy'));
    expect(filters.textContent).toContain('Prix max. (€)\u00a0: 300\u202f000');
  });

  it('renames with Enter, says beside the name why an empty one is refused, and Escape gives up', async () => {
    const patches = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Renommer' }));
    const field = screen.getByRole('textbox', { name: 'Nouveau nom' });
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Donnez un nom à la recherche.')).toBeTruthy();
    expect(patches).toHaveLength(1);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Nouveau nom' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Bondy maisons' })).toBeTruthy();
  });
});

describe('pages', () => {
  it('says the total and the page, and asks the server for the order chosen and the next page', async () => {
    // A few rows stand for the page: the total and the page size say 60 and 25.
    const items = Array.from({ length: 3 }, (_, i) => ({
      ...SEARCH,
      id: `6f1c1c55-7a4e-4a39-9d1b-6f3f1b8f2a${String(i).padStart(2, '0')}`,
      name: `Recherche ${i + 1}`,
    }));
    show(items, 60);
    const total = await screen.findByTestId('saved-searches-total');
    expect(total.textContent).toBe('60\u00a0recherches enregistrées sur 100 possibles · page 1 sur 3');
    expect(asked).toEqual(['?page=1&sort=created&order=desc']);
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'count:desc' } });
    await waitFor(() => expect(asked.at(-1)).toBe('?page=1&sort=count&order=desc'));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?page=2&sort=count&order=desc'));
    expect(screen.getByRole('option', { name: 'Le plus de résultats' })).toBeTruthy();
  });
});

describe('deleting the last search of the last page', () => {
  it('shows the page before it, the list staying on screen meanwhile', async () => {
    const others = Array.from({ length: 25 }, (_, i) => ({
      ...SEARCH,
      id: `6f1c1c55-7a4e-4a39-9d1b-6f3f1b8f2b${String(i).padStart(2, '0')}`,
      name: `Autre ${i + 1}`,
    }));
    let deleted = false;
    asked.length = 0;
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const u = new URL(url, 'http://localhost');
        if (u.pathname === '/api/alerts/status') return json({ mailConfigured: true, message: null });
        if (u.pathname === '/api/market/communes') return json([{ insee: '93010', nom: 'Bondy' }]);
        if (u.pathname === `/api/saved-searches/${SEARCH.id}` && init?.method === 'DELETE') {
          deleted = true;
          return new Response(null, { status: 204 });
        }
        if (u.pathname === '/api/saved-searches') {
          asked.push(u.search);
          const page = Number(u.searchParams.get('page'));
          const items = page === 1 ? others : deleted ? [] : [SEARCH];
          return json(pageOf(items, u, deleted ? 25 : 26));
        }
        return json({ message: 'inconnu' }, 404);
      }),
    );
    render(
      <MantineProvider>
        <MemoryRouter>
          <SavedSearchesList />
        </MemoryRouter>
      </MantineProvider>,
    );
    await screen.findByText('Autre 1');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Bondy maisons');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?page=1&sort=created&order=desc'));
    expect(asked).toEqual([
      '?page=1&sort=created&order=desc',
      '?page=2&sort=created&order=desc',
      '?page=2&sort=created&order=desc',
      '?page=1&sort=created&order=desc',
    ]);
    expect(await screen.findByText('Autre 1')).toBeTruthy();
    expect(screen.getByTestId('saved-searches-total').textContent).toBe('25\u00a0recherches enregistrées sur 100 possibles');
  });
});

describe('on a phone', () => {
  it('shows each search as a card: its count first, then its name, alert and tool, and « Ouvrir » to the tool', async () => {
    installPhoneViewport();
    const patches = show();
    const list = await screen.findByRole('list', { name: 'Mes recherches' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = list.querySelector('li') as HTMLElement;
    await waitFor(() => expect(card.textContent?.startsWith('Résultats87au 26/11/2026Bondy maisons')).toBe(true));
    expect(card.textContent).toContain('Transactions');
    expect(screen.getByRole('link', { name: 'Ouvrir' }).getAttribute('href')).toBe(SEARCH.url);
    fireEvent.click(screen.getByRole('button', { name: 'Renommer' }));
    const field = screen.getByRole('textbox', { name: 'Nouveau nom' });
    fireEvent.change(field, { target: { value: 'Bondy maisons T4' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(patches).toEqual([{ name: 'Bondy maisons T4' }]));
  });
});

describe('recount', () => {
  it('counts the searches again on demand and shows the new counts with their date', async () => {
    show();
    await screen.findByText('87');
    fireEvent.click(screen.getByRole('button', { name: 'Actualiser les résultats' }));
    expect(await screen.findByText('91')).toBeTruthy();
    expect(screen.getByText(/au 27\/11\/2026/)).toBeTruthy();
  });
});

describe('querySummary', () => {
  it('leaves out what the form does not have, and names choices by their label', () => {
    expect(querySummary('transactions', 'insee=64260&carte=2.4,48.8,15&page=2', () => undefined)).toBe('Commune\u00a0: 64260');
    expect(querySummary('dpe', 'classes=F%2CG&yearMin=1975', () => undefined)).toBe(
      'Classes énergie\u00a0: F, G · Construit à partir de\u00a0: 1975',
    );
  });
});
