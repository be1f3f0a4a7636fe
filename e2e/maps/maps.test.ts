/**
 * Maps readable offline (issue 11): with the network cut and the Plan IGN style configured (so it
 * cannot answer), every map falls back to our own base — commune and section outlines, parcels,
 * BAN street names — served by our server as vector tiles. Screenshots of the transactions,
 * address-analysis and market-analysis maps land in e2e/artifacts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPS_AGENT as USER } from '../support/accounts.js';
import { ARTIFACTS_DIR, type OpenBrowser, openBrowser, recordRequests } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

const PLAN_IGN = 'https://data.geopf.fr/annexes/ressources/vectorTiles/styles/PLAN.IGN/standard.json';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'market', env: { MAP_STYLE_URL: PLAN_IGN } });
});
afterAll(async () => {
  await server?.stop();
});

/** A browser whose requests outside our server all fail, as on a machine without internet. */
async function offlineBrowser(): Promise<{ b: OpenBrowser; external: () => string[] }> {
  const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const requests = await recordRequests(b.context, server.url);
  return { b, external: requests.external };
}

/** The map alone (the pages are long), in e2e/artifacts. */
async function mapShot(page: Page, map: string, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.locator(`section[aria-label="${map}"]`).screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

/** Waits until the map's basemap reports what it drew, and returns the counts per layer. */
async function drawn(page: Page, map: string, want: (c: Record<string, number>) => boolean): Promise<Record<string, number>> {
  const section = page.locator(`section[aria-label="${map}"]`);
  let counts: Record<string, number> = {};
  for (let i = 0; i < 60; i++) {
    const attr = (await section.getAttribute('data-basemap-drawn')) ?? '';
    counts = Object.fromEntries(
      attr
        .split(' ')
        .filter(Boolean)
        .map((kv) => [kv.split(':')[0], Number(kv.split(':')[1])]),
    );
    if (want(counts)) return counts;
    await page.waitForTimeout(500);
  }
  return counts;
}

describe('maps with the network cut', () => {
  it('shows parcel lines and street names at zoom 17 on Bondy (transactions map)', async () => {
    const { b, external } = await offlineBrowser();
    try {
      await signIn(b.page, server.url, USER, '/pro/transactions');
      await b.page.goto(`${server.url}/pro/transactions?lieu=commune&insee=93010&from=2022-01-01&to=2022-12-31&carte=2.4829,48.9022,17`);
      const map = b.page.locator('section[aria-label="Carte des ventes"]');
      await map.and(b.page.locator('[data-basemap="hors-ligne"]')).waitFor();
      const counts = await drawn(b.page, 'Carte des ventes', (c) => (c.parcelles ?? 0) > 0 && (c.voies ?? 0) > 0);
      expect(counts.parcelles).toBeGreaterThan(50);
      expect(counts.voies).toBeGreaterThan(3);
      expect(counts.sections).toBeGreaterThan(0);
      // The only requests that left the machine were the (failed) Plan IGN style.
      expect(external().every((u) => u.startsWith('https://data.geopf.fr/'))).toBe(true);
      expect(external().length).toBeGreaterThan(0);
      await mapShot(b.page, 'Carte des ventes', 'cartes-transactions-bondy-z17');
    } finally {
      await b.close();
    }
  });

  it('draws the parcel and its neighbours around 139 avenue Carnot (address analysis)', async () => {
    const { b } = await offlineBrowser();
    try {
      await signIn(b.page, server.url, USER, '/pro/analyseadresse');
      await b.page.goto(
        `${server.url}/pro/analyseadresse?adresse=${encodeURIComponent('139 Avenue Carnot 93140 Bondy')}&lat=48.9006&lon=2.4904&parcelle=93010000AS0167`,
      );
      await b.page.locator('[data-basemap="hors-ligne"]').waitFor();
      const counts = await drawn(
        b.page,
        'Carte de l’adresse, de sa parcelle et des ventes voisines',
        (c) => (c.parcelles ?? 0) > 0 && (c.rayon ?? 0) > 0 && (c['parcelles-choisies'] ?? 0) > 0,
      );
      await mapShot(b.page, 'Carte de l’adresse, de sa parcelle et des ventes voisines', 'cartes-analyseadresse-carnot');
      expect(counts.parcelles).toBeGreaterThan(20);
      expect(counts.voies).toBeGreaterThan(0);
      // At first view: the analysed parcel outlined and the 500 m radius drawn, both named by the legend.
      expect(counts['parcelles-choisies']).toBeGreaterThan(0);
      expect(counts.rayon).toBeGreaterThan(0);
      const legend = b.page.getByRole('list', { name: 'Légende de la carte de l’adresse' });
      for (const entry of ['Adresse analysée', 'Parcelle cadastrale', 'Rayon de 500\u00a0m\u00a0: ventes prises en compte']) {
        await legend.getByText(entry, { exact: true }).waitFor();
      }
    } finally {
      await b.close();
    }
  });

  it('opens a map without a place on the loaded cadastre, not on an empty France (address analysis)', async () => {
    const { b } = await offlineBrowser();
    try {
      await signIn(b.page, server.url, USER, '/pro/analyseadresse');
      await b.page.locator('[data-basemap="hors-ligne"]').waitFor();
      // Section outlines are drawn from zoom 12: at the France-wide zoom 5 there would be none.
      const map = 'Carte de l’adresse, de sa parcelle et des ventes voisines';
      const counts = await drawn(b.page, map, (c) => (c.sections ?? 0) > 5);
      await mapShot(b.page, map, 'cartes-analyseadresse-sans-adresse');
      expect(counts.sections).toBeGreaterThan(5);
    } finally {
      await b.close();
    }
  });

  it('colours the sections of Bondy by median price (market analysis)', async () => {
    const { b } = await offlineBrowser();
    try {
      await signIn(b.page, server.url, USER, '/pro/analysemarche');
      await b.page.goto(`${server.url}/pro/analysemarche?zone=communes&insee=93010&from=2022-01-01&to=2022-12-31`);
      await b.page.locator('[data-basemap="hors-ligne"]').waitFor();
      const counts = await drawn(b.page, 'Carte des prix médians par section', (c) => (c.sections ?? 0) > 5);
      await mapShot(b.page, 'Carte des prix médians par section', 'cartes-analysemarche-bondy-choroplethe');
      expect(counts.sections).toBeGreaterThan(5);
    } finally {
      await b.close();
    }
  });
});
