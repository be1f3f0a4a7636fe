/**
 * The pro menu: every entry is a page of the specification (the 3D maps included, reachable from
 * « Analyser » rather than only by typing their address), and the entry of the page shown is
 * marked active, the combined 3D map's encoded space included. Its groups fold: the current
 * page's group open on arrival, the others as this browser left them.
 */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProLayout } from '~/layouts/pro';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { groupOfPath, PRO_NAV } from './pro-nav';
import { NAV_GROUPS_KEY } from './use-nav-groups';

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
  window.localStorage.clear();
});

function showMenu(path: string) {
  const router = createMemoryRouter([{ id: 'root', path: '*', loader: () => ({ user: null }), element: <ProLayout>page</ProLayout> }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: { user: null } } },
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const header = async (group: string) => {
  const nav = await screen.findByRole('navigation', { name: 'Outils professionnels' });
  return within(nav).getByRole('button', { name: new RegExp(`^${group}`) });
};
const linksIn = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((l) => l.textContent);

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

  it('puts every entry in one of the five groups, and an administration sub-page in « Compte »', () => {
    expect(PRO_NAV.map((g) => g.label)).toEqual(['Analyser', 'Prospecter', 'Annonces', 'Mes données', 'Compte']);
    expect(PRO_NAV.flatMap((g) => g.items)).toHaveLength(25);
    expect(groupOfPath('/pro/admin/brevo')).toBe('Compte');
    expect(groupOfPath('/pro/mesrecherches')).toBe('Mes données');
    expect(groupOfPath('/pro')).toBeNull();
  });
});

describe('the folding groups of the menu', () => {
  it('opens the group of the page shown and only it, and remembers a group opened by hand', async () => {
    const router = showMenu('/pro/mesrecherches');
    const nav = await screen.findByRole('navigation', { name: 'Outils professionnels' });
    expect((await header('Mes données')).getAttribute('aria-expanded')).toBe('true');
    expect((await header('Analyser')).getAttribute('aria-expanded')).toBe('false');
    expect(linksIn(nav)).toEqual(['Ma zone', 'Mes adresses', 'Mes recherches', 'Créer une recherche']);

    fireEvent.click(await header('Annonces'));
    expect((await header('Annonces')).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Liste automatique' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(NAV_GROUPS_KEY) ?? '{}')).toMatchObject({ Annonces: true, 'Mes données': true });

    // Folded by hand, the current group stays folded until the next page of the group.
    fireEvent.click(await header('Mes données'));
    expect(within(nav).queryByRole('link', { name: 'Mes recherches' })).toBeNull();
    await router.navigate('/pro/transactions');
    expect(await within(nav).findByRole('link', { name: 'Transactions' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Liste automatique' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Mes recherches' })).toBeNull();
  });

  it('opens again in a new page what this browser left open, the current group open even if stored folded', async () => {
    window.localStorage.setItem(NAV_GROUPS_KEY, JSON.stringify({ Compte: true, Analyser: false }));
    showMenu('/pro/transactions');
    const nav = await screen.findByRole('navigation', { name: 'Outils professionnels' });
    expect(await within(nav).findByRole('link', { name: 'Clés d’accès' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Transactions' }).hasAttribute('data-active')).toBe(true);
    expect(within(nav).queryByRole('link', { name: 'Prospection' })).toBeNull();
  });

  it('falls back to the current group alone when the stored value is not a map of groups', async () => {
    window.localStorage.setItem(NAV_GROUPS_KEY, '["Compte"]');
    showMenu('/pro/prospection');
    const nav = await screen.findByRole('navigation', { name: 'Outils professionnels' });
    expect(await within(nav).findByRole('link', { name: 'Prospection' })).toBeTruthy();
    expect(linksIn(nav)).toEqual(['Prospection', 'Parcelles', 'DPE', 'Copropriétés']);
  });
});
