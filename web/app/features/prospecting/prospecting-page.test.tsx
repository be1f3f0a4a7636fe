/**
 * `/pro/prospection`: without any list, the empty state says where targets come from, both ways;
 * with lists, the list chosen is a step of the history, the one opened for the user is not.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ProspectingPage } from './prospecting-page';
import { COPROS, PASSOIRES } from './test-bulk';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProspectingPage', () => {
  it('tells a new user to tick rows in the search results or to open a sheet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/prospecting/lists' ? json({ lists: [] }) : new Response('{}', { status: 404 }))),
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
        if (url === '/api/prospecting/lists') return json({ lists: [PASSOIRES, COPROS] });
        const list = [PASSOIRES, COPROS].find((l) => url.startsWith(`/api/prospecting/lists/${l.id}/targets`));
        return list ? json({ list, targets: [] }) : json({ message: 'inconnu' }, 404);
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
});
