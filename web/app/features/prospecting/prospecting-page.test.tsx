/** `/pro/prospection` without any list: the empty state says where targets come from, both ways. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ProspectingPage } from './prospecting-page';

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
});
