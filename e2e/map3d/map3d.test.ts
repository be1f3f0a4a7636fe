/**
 * The 3D pages and the component gallery render in headless Chromium (WebGL on SwiftShader),
 * on the Bondy samples imported with the documented command; screenshots in e2e/artifacts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELIEF_AGENT as USER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ prepared: 'bondy' });
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Share of the map's pixels (in %) near each price colour of the legend. The extruded faces are
 * shaded by MapLibre's light, hence the tolerance; the basemap's paper and lines are far from the
 * palette except its palest step, left out.
 */
async function legendColourShares(page: Page): Promise<Record<string, number>> {
  const colours = await page
    .getByTestId('map3d-legend')
    .locator('[data-swatch]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-swatch') as string));
  const png = await page.locator('[data-map-ready="true"]').screenshot();
  return page.evaluate(
    async ({ b64, palette }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const shares: Record<string, number> = {};
      for (const hex of palette) {
        const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
        let n = 0;
        for (let i = 0; i < d.length; i += 4)
          if (Math.hypot((d[i] as number) - r, (d[i + 1] as number) - g, (d[i + 2] as number) - b) <= 60) n++;
        shares[hex] = (100 * n) / (d.length / 4);
      }
      return shares;
    },
    { b64: png.toString('base64'), palette: colours.slice(1, 7) },
  );
}

/** The sections are drawn raised (numeric medians), pitched, and their colours are on screen. */
async function expectRelief(page: Page): Promise<void> {
  const map = page.locator('[data-map-ready="true"]');
  await page.locator('[data-sections-drawn]').waitFor({ timeout: 60_000 });
  // 44 of Bondy's 55 sections have at least 3 sales in the period.
  expect(Number(await map.getAttribute('data-sections-drawn'))).toBeGreaterThanOrEqual(40);
  expect(await map.getAttribute('data-pitch')).toBe('55');
  const shares = await legendColourShares(page);
  expect(Object.keys(shares)).toHaveLength(6);
  const seen = Object.values(shares).filter((s) => s >= 0.5);
  expect(seen.length, JSON.stringify(shares)).toBeGreaterThanOrEqual(5);
}

describe('3D maps and gallery', () => {
  it('draws the sections of Bondy in relief, then with the sales as columns', async () => {
    const b = await openBrowser({ viewport: { width: 1400, height: 950 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/test/carte3dsimple');
      await b.page.getByRole('heading', { name: 'Carte 3D des prix', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      await b.page
        .getByTestId('map3d-legend')
        .getByText(/et plus$/)
        .first()
        .waitFor();
      expect(await b.page.locator('input[value="Bondy (93140)"]').count()).toBe(1);
      await b.page.waitForTimeout(1500);
      await expectRelief(b.page);
      await screenshot(b.page, 'carte3dsimple');

      await b.page.goto(`${server.url}/pro/test/carte3d%20combinee`);
      await b.page.getByRole('heading', { name: 'Carte 3D combinée', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      // Bondy has no DPE in the samples: the page says so, with the sales count.
      await b.page.getByText(/\d[\d\u202f]*\u00a0ventes?, aucun DPE importé sur cette commune/).waitFor();
      const sections = b.page.getByRole('checkbox', { name: 'Sections (prix médian au m²)' });
      await sections.uncheck();
      expect(await sections.isChecked()).toBe(false);
      await sections.check();
      await b.page.waitForTimeout(1500);
      await expectRelief(b.page);
      expect(Number(await b.page.locator('[data-map-ready="true"]').getAttribute('data-sales-drawn'))).toBeGreaterThan(100);
      await screenshot(b.page, 'carte3dcombinee');
    } finally {
      await b.close();
    }
  });

  it('shows the component gallery with its map, chart and toasts', async () => {
    const b = await openBrowser({ viewport: { width: 1400, height: 950 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/test/menudemo');
      await b.page.getByRole('heading', { name: 'Galerie des composants', level: 1 }).waitFor();
      await b.page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      await b.page.locator('[data-chart-ready="true"]').waitFor();
      await b.page.getByRole('button', { name: 'Toast de succès' }).click();
      await b.page.getByText('Enregistré.').waitFor();
      await screenshot(b.page, 'menudemo');
    } finally {
      await b.close();
    }
  });
});
