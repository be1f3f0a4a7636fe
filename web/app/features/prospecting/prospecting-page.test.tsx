/**
 * `/pro/prospection`: without any list, the empty state says where targets come from, both ways;
 * with lists, the list chosen is a step of the history, the one opened for the user is not; a
 * list's targets come a page at a time in the order asked of the server, with their total.
 */

import type { ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ProspectingPage } from './prospecting-page';
import { COPROS, listsAnswer, PASSOIRES } from './test-bulk';
import { CARNOT_TARGET } from './test-target';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One page of a list's targets as the server answers it. */
function targetsAnswer(list: ProspectingList, url: string, targets: unknown[] = [], total = targets.length) {
  const q = new URL(url, 'http://localhost').searchParams;
  return {
    list,
    targets,
    total,
    page: Number(q.get('page') ?? 1),
    pageSize: 50,
    sort: q.get('sort') ?? 'created',
    order: q.get('order') ?? 'asc',
    audiences: { owner: total - 30, syndic: 30 },
  };
}

describe('ProspectingPage', () => {
  it('tells a new user to tick rows in the search results or to open a sheet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/prospecting/lists' ? json(listsAnswer([])) : new Response('{}', { status: 404 }))),
    );
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <MantineProvider>
            <ProspectingPage />
          </MantineProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const empty = await screen.findByText(/Vous n’avez pas encore de liste/);
    expect(empty.textContent).toContain('cochez des lignes puis «\u00a0Ajouter la sélection à une liste\u00a0»');
    expect(empty.textContent).toContain('ouvrez une fiche puis «\u00a0Ajouter à une liste de prospection\u00a0»');
    const links = [...empty.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['recherche de DPE', '/pro/recherchedpe'],
      ['recherche de copropriétés', '/pro/recherchecopro'],
      ['recherche de parcelles', '/pro/rechercheparcelle'],
    ]);
  });

  it('opens the most recent list in place, and Back returns from a list chosen to the one before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/prospecting/lists') return json(listsAnswer([PASSOIRES, COPROS]));
        const list = [PASSOIRES, COPROS].find((l) => url.startsWith(`/api/prospecting/lists/${l.id}/targets`));
        return list ? json(targetsAnswer(list, url)) : json({ message: 'inconnu' }, 404);
      }),
    );
    window.history.replaceState(null, '', '/pro/prospection');
    const entries = window.history.length;
    const router = createBrowserRouter([
      {
        path: '/pro/prospection',
        element: (
          <MantineProvider>
            <ProspectingPage />
          </MantineProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const liste = () => new URLSearchParams(window.location.search).get('liste');
    const field = () => screen.getAllByLabelText('Liste').find((e) => e instanceof HTMLInputElement) as HTMLInputElement;

    // The most recent list opens in the entry the user came to: Back leaves the page, as it should.
    await waitFor(() => expect(liste()).toBe(COPROS.id));
    expect(window.history.length).toBe(entries);
    await waitFor(() => expect(field().value).toBe('Copros Bondy (4)'));

    fireEvent.click(field());
    fireEvent.click(await screen.findByRole('option', { name: 'Passoires Flers (2)', hidden: true }));
    await waitFor(() => expect(liste()).toBe(PASSOIRES.id));
    expect(window.history.length).toBe(entries + 1);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(liste()).toBe(COPROS.id));
    await waitFor(() => expect(field().value).toBe('Copros Bondy (4)'));
  });

  it('shows a page of the open list’s targets with their total, and asks the server for another order and page', async () => {
    const big = { ...COPROS, targets: 120 };
    const asked: string[] = [];
    // A few rows stand for the page: the total and the page size say 120 and 50.
    const page = Array.from({ length: 3 }, (_, i) => ({ ...CARNOT_TARGET, id: `t${i}`, label: `Cible ${i + 1}` }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/prospecting/lists') return json(listsAnswer([big]));
        if (url.startsWith(`/api/prospecting/lists/${big.id}/targets`)) {
          asked.push(url.slice(url.indexOf('?')));
          return json(targetsAnswer(big, url, page, 120));
        }
        return json({ message: 'inconnu' }, 404);
      }),
    );
    window.history.replaceState(null, '', '/pro/prospection');
    const router = createBrowserRouter([
      {
        path: '/pro/prospection',
        element: (
          <MantineProvider>
            <ProspectingPage />
          </MantineProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const total = await screen.findByTestId('prospecting-total');
    expect(total.textContent).toBe('120\u00a0cibles · page 1 sur 3');
    expect(asked).toEqual(['?sort=created&order=asc&page=1']);
    // The letters count every target under the filters, not the page's.
    expect(screen.getByText('Aux propriétaires (90)')).toBeTruthy();
    expect(screen.getByText('Aux syndics de copropriété (30)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'label:desc' } });
    await waitFor(() => expect(asked.at(-1)).toBe('?sort=label&order=desc&page=1'));
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?sort=label&order=desc&page=3'));
    // Another filter starts again at the first page.
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'contacte' } });
    await waitFor(() => expect(asked.at(-1)).toBe('?sort=label&order=desc&status=contacte&page=1'));
  });
});
