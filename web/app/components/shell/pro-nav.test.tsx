/**
 * The pro menu: every entry is a page of the specification (the 3D maps included, reachable from
 * « Analyser » rather than only by typing their address), and the entry of the page shown is
 * marked active, the combined 3D map's encoded space included.
 */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProLayout } from '~/layouts/pro';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { PRO_NAV } from './pro-nav';

// Iconify fetches the menu's icons and retries on a timer that outlives the test environment.
vi.mock('~/lib/icons', () => ({ AppIcon: () => null, configureIcons: () => {} }));

beforeAll(installMantineDomShims);
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({}, 404)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PRO_NAV', () => {
  it('lists only pages of the specification, each once', () => {
    const paths = PRO_NAV.flatMap((g) => g.items.map((i) => i.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(findSpecRoute(path), path).toBeDefined();
  });

  it('describes every tool by what it shows, the 3D maps too (they are no longer test pages)', () => {
    for (const item of PRO_NAV.flatMap((g) => g.items)) {
      expect(findSpecRoute(item.path)?.description, item.path).not.toMatch(/page de test/i);
    }
    expect(findSpecRoute('/pro/test/carte3dsimple')?.description).toMatch(/prix médian au m² de chaque section cadastrale.*3 ans/);
    expect(findSpecRoute('/pro/test/carte3d%20combinee')?.description).toMatch(/chaque vente en colonne.*DPE/);
  });

  it('offers the 3D maps in « Analyser »', () => {
    const analyse = PRO_NAV.find((g) => g.label === 'Analyser')?.items ?? [];
    expect(analyse.map((i) => [i.label, i.path])).toEqual(
      expect.arrayContaining([
        ['Carte 3D des prix', '/pro/test/carte3dsimple'],
        ['Carte 3D combinée', '/pro/test/carte3d%20combinee'],
      ]),
    );
  });

  it('links the 3D maps from the menu, the page shown marked active', async () => {
    const router = createMemoryRouter([{ id: 'root', path: '*', loader: () => ({ user: null }), element: <ProLayout>page</ProLayout> }], {
      initialEntries: ['/pro/test/carte3d%20combinee'],
      hydrationData: { loaderData: { root: { user: null } } },
    });
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Outils professionnels' });
    const combined = within(nav).getByRole('link', { name: 'Carte 3D combinée' });
    expect(combined.getAttribute('href')).toBe('/pro/test/carte3d%20combinee');
    expect(combined.hasAttribute('data-active')).toBe(true);
    const simple = within(nav).getByRole('link', { name: 'Carte 3D des prix' });
    expect(simple.getAttribute('href')).toBe('/pro/test/carte3dsimple');
    expect(simple.hasAttribute('data-active')).toBe(false);
  });
});
