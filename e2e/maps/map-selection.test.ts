/**
 * The DPE search's map and rows answer each other (issue 38): a marker clicked highlights its row
 * (its card on a phone) and brings it into view; a row hovered rings its marker, a row clicked
 * rings it and centres the map on it. The DPE of Bordeaux and around in the France-wide sample:
 * apart enough for single markers at the framed view. The markers' screen positions are computed
 * from the map's view (`data-view`: longitude, latitude, zoom), as the WebGL canvas cannot be read.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DPE_PROSPECTOR as USER } from '../support/accounts.js';
import { ARTIFACTS_DIR, openBrowser } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { clickMenuLink } from '../support/nav.js';
import { type RunningServer, startServer } from '../support/server.js';

const SEARCH = 'insee=33063,33051,33071,33281';
const MAP = 'Carte des DPE trouvés';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'dpe-france' });
});
afterAll(async () => {
  await server?.stop();
});

interface Item {
  numero: string;
  lon: number | null;
  lat: number | null;
}

/** Web Mercator on 512 px tiles, as MapLibre draws. */
function world(lon: number, lat: number, zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * size, ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * size];
}

async function view(page: Page): Promise<[number, number, number]> {
  const v = await page.locator(`section[aria-label="${MAP}"]`).getAttribute('data-view');
  return (v ?? '0,0,0').split(',').map(Number) as [number, number, number];
}

/** Waits until the markers are drawn and the view is still, then returns each result's point on the screen. */
async function screenPoints(page: Page, items: Item[]): Promise<{ id: string; x: number; y: number }[]> {
  await page.locator(`[data-markers]:not([data-markers="0"])`).waitFor({ timeout: 60_000 });
  await page.locator(`section[aria-label="${MAP}"]`).scrollIntoViewIfNeeded();
  let last = '';
  for (let i = 0; i < 20; i++) {
    const now = (await view(page)).join(',');
    if (now === last) break;
    last = now;
    await page.waitForTimeout(500);
  }
  const [lon, lat, zoom] = await view(page);
  const box = await page.locator(`section[aria-label="${MAP}"]`).boundingBox();
  if (!box) throw new Error('carte absente');
  const [cx, cy] = world(lon, lat, zoom);
  return items
    .filter((d): d is Item & { lon: number; lat: number } => d.lon !== null && d.lat !== null)
    .map((d) => {
      const [x, y] = world(d.lon, d.lat, zoom);
      return { id: d.numero, x: box.x + box.width / 2 + x - cx, y: box.y + box.height / 2 + y - cy, box };
    })
    .filter((p) => p.x > p.box.x + 20 && p.x < p.box.x + p.box.width - 60 && p.y > p.box.y + 20 && p.y < p.box.y + p.box.height - 40);
}

/** A result drawn alone: no other within 80 px, so that the server's grid cannot group it. */
function alone(points: { id: string; x: number; y: number }[]) {
  return points.find((p) => points.every((q) => q === p || Math.hypot(q.x - p.x, q.y - p.y) > 80));
}

async function inViewport(page: Page, selector: string): Promise<boolean> {
  const height = page.viewportSize()?.height ?? 0;
  for (let i = 0; i < 20; i++) {
    const b = await page.locator(selector).boundingBox();
    if (b && b.y >= 0 && b.y + b.height <= height) return true;
    await page.waitForTimeout(250);
  }
  return false;
}

async function results(page: Page): Promise<Item[]> {
  const res = await page.request.get(`${server.url}/api/dpe?${SEARCH}`);
  return ((await res.json()) as { items: Item[] }).items;
}

describe('DPE search: map ↔ rows', () => {
  it('chooses a row from its marker and a marker from its row, at 1 280 × 800', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 800 } });
    const page = b.page;
    try {
      await signIn(page, server.url, USER, '/pro');
      await clickMenuLink(page, 'Prospecter', 'DPE');
      await page.goto(`${server.url}/pro/recherchedpe?${SEARCH}`);
      const items = await results(page);
      expect(items.length).toBeGreaterThan(4);
      await page.getByRole('region', { name: 'DPE trouvés', exact: true }).waitFor();
      // Beside the results, not after them.
      const mapBox = await page.locator(`section[aria-label="${MAP}"]`).boundingBox();
      const tableBox = await page.getByRole('region', { name: 'DPE trouvés', exact: true }).boundingBox();
      if (!mapBox || !tableBox) throw new Error('carte ou tableau absent');
      expect(mapBox.x).toBeGreaterThanOrEqual(tableBox.x + tableBox.width - 1);
      expect(mapBox.y).toBeLessThan(tableBox.y + tableBox.height);

      // A marker clicked: its row highlighted and in view; no sheet opened over it.
      const target = alone(await screenPoints(page, items));
      expect(target).toBeDefined();
      if (!target) return;
      await page.mouse.click(target.x, target.y);
      const row = `tr[data-result-id="${target.id}"]`;
      await page.locator(`${row}[data-selected="true"]`).waitFor({ timeout: 10_000 });
      expect(await inViewport(page, row)).toBe(true);
      expect(await page.locator(`[data-chosen="${target.id}"]`).count()).toBe(1);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'selection-dpe-carte-vers-ligne.png') });

      // A row hovered rings its marker; clicked, the map centres on it.
      const other = items.find((d) => d.numero !== target.id && d.lon !== null && d.lat !== null) as Item & { lon: number; lat: number };
      const otherRow = page.locator(`tr[data-result-id="${other.numero}"]`);
      await otherRow.locator('td').last().hover();
      await page.locator(`[data-hovered="${other.numero}"]`).waitFor();
      await otherRow.locator('td').last().click();
      await page.locator(`[data-chosen="${other.numero}"]`).waitFor();
      await page.locator(`tr[data-result-id="${other.numero}"][data-selected="true"]`).waitFor();
      expect(await page.locator('tr[data-selected="true"]').count()).toBe(1);
      let centred = false;
      for (let i = 0; i < 40 && !centred; i++) {
        const [lon, lat, zoom] = await view(page);
        centred = Math.abs(lon - other.lon) < 1e-4 && Math.abs(lat - other.lat) < 1e-4 && zoom >= 16;
        if (!centred) await page.waitForTimeout(250);
      }
      expect(centred).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'selection-dpe-ligne-vers-carte.png') });
    } finally {
      await b.close();
    }
  });

  it('takes a phone from a marker to its card below the map, at 390 × 844', async () => {
    const b = await openBrowser({ viewport: { width: 390, height: 844 } });
    const page = b.page;
    try {
      await signIn(page, server.url, USER, `/pro/recherchedpe?${SEARCH}`);
      const items = await results(page);
      await page.getByRole('list', { name: 'DPE trouvés', exact: true }).waitFor();
      const target = alone(await screenPoints(page, items));
      expect(target).toBeDefined();
      if (!target) return;
      await page.mouse.click(target.x, target.y);
      const card = `li[data-card][data-result-id="${target.id}"]`;
      await page.locator(`${card}[data-selected="true"]`).waitFor({ timeout: 10_000 });
      expect(await inViewport(page, card)).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'selection-dpe-telephone.png') });
    } finally {
      await b.close();
    }
  });
});
