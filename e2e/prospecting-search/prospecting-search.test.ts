/**
 * The prospecting searches in a real browser, against the built server on the samples imported
 * with the documented command: the co-ownerships of Bondy whose syndic mandate ends within
 * 12 months; « ma zone » drawn on the map, still there after a reload, and used by default by the
 * DPE search; both maps show markers from their vector tiles.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROSPECTOR as USER } from '../support/accounts.js';
import { downloadFrom, openBrowser, screenshot, traceOnFailure } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { pdfText } from '../support/pdf.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ prepared: 'bondy-prospecting' });
});
afterAll(async () => {
  await server?.stop();
});

/** Markers the search map drew from its tiles once idle (`data-markers`, set by ClusterMap). */
async function markersOn(page: Page, label: string): Promise<number> {
  const n = await page.waitForFunction(
    (l) => Number(document.querySelector(`section[aria-label="${l}"]`)?.closest('[data-markers]')?.getAttribute('data-markers')) || false,
    label,
    { timeout: 30_000 },
  );
  return Number(await n.jsonValue());
}

/** Where a map stands once idle (`data-view`: longitude, latitude, zoom). */
async function mapView(map: Locator): Promise<{ lon: number; lat: number; zoom: number }> {
  await expect.poll(() => map.getAttribute('data-view'), { timeout: 30_000 }).toBeTruthy();
  const [lon, lat, zoom] = ((await map.getAttribute('data-view')) ?? '').split(',').map(Number);
  return { lon: lon ?? 0, lat: lat ?? 0, zoom: zoom ?? 0 };
}

/** Pixels from the map's centre to a point, in Web Mercator with MapLibre's 512-pixel tiles. */
function offsetOf(lon: number, lat: number, view: { lon: number; lat: number; zoom: number }): [number, number] {
  const size = 512 * 2 ** view.zoom;
  const x = (l: number) => ((l + 180) / 360) * size;
  const y = (l: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360)) / Math.PI) / 2) * size;
  return [x(lon) - x(view.lon), y(lat) - y(view.lat)];
}

describe('prospecting searches', () => {
  it('finds the co-ownerships of Bondy whose mandate ends within 12 months', async () => {
    // 1 440 px: the table beside the map, where a long name used to push « Fin de mandat » out of view.
    const b = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/recherchecopro');
      await b.page.getByRole('heading', { name: 'Recherche de copropriétés', level: 1 }).waitFor();
      await b.page.getByText('Communes', { exact: true }).click();
      await b.page.getByRole('combobox', { name: 'Ajouter une commune' }).pressSequentially('Bondy', { delay: 20 });
      await b.page.getByRole('option', { name: 'Bondy (93140)' }).click();
      await b.page.getByLabel('Mandat du syndic').first().click();
      await b.page.getByRole('option', { name: 'Finit dans 12 mois' }).click();
      await b.page.getByRole('button', { name: 'Rechercher' }).click();
      await b.page.waitForURL(/endsWithin=12/);
      const summary = b.page.getByText(/copropriétés — mandats comptés depuis le 03\/01\/2026/);
      await summary.waitFor();
      const count = Number(((await summary.textContent()) ?? '').match(/^(\d+)/)?.[1]);
      expect(count).toBeGreaterThan(15);
      const rows = b.page.getByRole('region', { name: 'Copropriétés trouvées' }).getByRole('row');
      expect(await rows.count()).toBe(count + 1);
      // Every end of mandate shown falls between the RNIC data date and twelve months later.
      const ends = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.lastElementChild?.textContent ?? ''));
      const today = new Date().toISOString().slice(0, 10);
      for (const end of ends) {
        const [d, m, y] = end.slice(0, 10).split('/').map(Number);
        const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(iso >= '2026-01-03' && iso < '2027-01-03', end).toBe(true);
        // An end already past is said to be so (the RNIC extract is older than today).
        if (iso !== today) expect(end.includes('(échu)'), end).toBe(iso < today);
      }
      expect(await markersOn(b.page, 'Carte des copropriétés trouvées')).toBeGreaterThan(0);
      const table = b.page.getByRole('region', { name: 'Copropriétés trouvées', exact: true });
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(b.page, 'prospect-recherchecopro-mandats-12-mois');
    } finally {
      await b.close();
    }
  });

  it('writes to the syndic of a co-ownership added to a list with the syndics’ own letter', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    traceOnFailure(b.page, server);
    try {
      await signIn(b.page, server.url, USER, '/pro/template');
      await b.page.getByLabel('Nom de l’agence').fill('Agence du Canal');
      await b.page.getByRole('button', { name: 'Enregistrer l’agence' }).click();
      await b.page.getByRole('status').filter({ hasText: 'Agence enregistrée' }).waitFor();
      await b.page.goto(`${server.url}/pro/recherchecopro?insee=93010&lotsMin=50`);
      await b.page
        .getByRole('button', { name: /^Ouvrir la copropriété / })
        .first()
        .click();
      const drawer = b.page.getByRole('dialog');
      await drawer.getByTestId('add-to-list').click();
      await b.page.getByLabel('Nom de la nouvelle liste').fill('Syndics Bondy');
      await b.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await b.page.getByText('Ajoutée à « Syndics Bondy ».').waitFor();
      await b.page.getByRole('link', { name: 'Ouvrir la liste' }).click();
      await b.page.waitForURL(/\/pro\/prospection\?liste=/);
      // A list of co-ownerships only opens on the syndics' letter.
      await b.page.getByText('Aux syndics de copropriété (1)').waitFor();
      const text = b.page.getByLabel('Texte de la lettre aux syndics');
      await expect.poll(() => text.inputValue()).toContain('dont vous assurez la gestion');
      await text.fill(`${await text.inputValue()}\n\nPS : plan du quartier joint.`);
      await b.page.getByRole('button', { name: 'Enregistrer les textes' }).click();
      await b.page.getByText('Textes enregistrés.').waitFor();
      await b.page.reload();
      await expect.poll(() => b.page.getByLabel('Texte de la lettre aux syndics').inputValue()).toContain('PS : plan du quartier joint.');
      await screenshot(b.page, 'prospecting-syndic-letter');
      const download = await downloadFrom(b.page, b.page.getByRole('button', { name: 'Télécharger les lettres (PDF)' }), /\/letters\.pdf/);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-')), 'lettres.pdf');
      await download.saveAs(file);
      const pdf = (await pdfText(readFileSync(file))).replace(/\s+/g, ' ');
      expect(pdf).toContain('Syndic de la copropriété');
      expect(pdf).toContain('dont vous assurez la gestion');
      expect(pdf).toContain('PS : plan du quartier joint.');
      expect(pdf).not.toContain('Votre bien situé');
    } finally {
      await b.close();
    }
  }, 240_000);

  it('frames and shades the communes picked for « ma zone » on its map', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/mazone');
      const map = b.page.locator('section[aria-label="Carte de ma zone"][data-map-ready="true"]');
      await map.waitFor();
      await expect.poll(() => map.getAttribute('data-basemap-drawn'), { timeout: 30_000 }).toMatch(/communes-de-ma-zone:0/);
      // Far from Bondy first (zoom 9 or less), so that the pick has to bring the map back.
      await expect.poll(async () => (await mapView(map)).zoom, { timeout: 30_000 }).toBeGreaterThan(10);
      while ((await mapView(map)).zoom > 9) {
        const before = (await mapView(map)).zoom;
        await b.page.getByRole('button', { name: 'Zoom arrière' }).click();
        await expect.poll(async () => (await mapView(map)).zoom, { timeout: 10_000 }).toBeLessThan(before - 0.5);
      }
      await b.page.getByRole('combobox', { name: 'Communes de ma zone' }).pressSequentially('Bondy', { delay: 20 });
      await b.page.getByRole('option', { name: 'Bondy (93140)' }).click();
      // Before saving: the map frames the commune and shades it.
      await expect.poll(async () => (await mapView(map)).zoom, { timeout: 30_000 }).toBeGreaterThan(11);
      await expect.poll(() => map.getAttribute('data-basemap-drawn'), { timeout: 30_000 }).toMatch(/communes-de-ma-zone:[1-9]/);
    } finally {
      await b.close();
    }
  });

  it('draws « ma zone », keeps it after a reload, and the DPE search uses it by default', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/mazone');
      await b.page.getByRole('heading', { name: 'Ma zone', level: 1 }).waitFor();
      await b.page.getByText(/Aucune zone enregistrée/).waitFor();
      const map = b.page.locator('section[aria-label="Carte de ma zone"][data-map-ready="true"]');
      await map.waitFor();
      // The map opens on the loaded cadastre (Bondy); the zone is drawn around Lyon, whose DPE
      // are most of the sample: zoom out until France shows, then click Lyon's corners.
      await expect.poll(async () => (await mapView(map)).zoom, { timeout: 30_000 }).toBeGreaterThan(10);
      let view = await mapView(map);
      while (view.zoom > 4.8) {
        await b.page.getByRole('button', { name: 'Zoom arrière' }).click();
        const before = view.zoom;
        await expect.poll(async () => (await mapView(map)).zoom, { timeout: 10_000 }).toBeLessThan(before - 0.5);
        view = await mapView(map);
      }
      await b.page.getByRole('button', { name: 'Dessiner sur la carte' }).click();
      const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
      for (const [lon, lat] of [
        [4.4, 46.05],
        [5.3, 46.05],
        [5.3, 45.5],
        [4.4, 45.5],
      ] as const) {
        const [dx, dy] = offsetOf(lon, lat, view);
        await b.page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
      }
      await b.page.getByText('Cliquez sur la carte pour placer les sommets (4 placés, 3 au moins).').waitFor();
      await b.page.getByRole('button', { name: 'Terminer le tracé' }).click();
      await b.page.getByRole('button', { name: 'Enregistrer ma zone' }).click();
      await b.page.getByText('Ma zone est enregistrée. Les outils de recherche l’utilisent par défaut.').waitFor();
      await b.page.getByRole('heading', { name: 'Depuis votre dernière visite' }).waitFor();
      await screenshot(b.page, 'prospect-mazone');

      await b.page.reload();
      await b.page.getByText(/^Zone enregistrée le /).waitFor();
      await b.page.getByText('4 sommets tracés.').waitFor();

      await b.page.goto(`${server.url}/pro/recherchedpe`);
      const found = b.page.getByText(/^\d[\d\u202f]* DPE dans ma zone$/);
      await found.waitFor();
      const n = Number(((await found.textContent()) ?? '').replace(/\D/g, ''));
      // Lyon's DPE (well over a hundred in the sample) are inside, those of Paris or Lille are not.
      expect(n).toBeGreaterThan(100);
      expect(n).toBeLessThan(1000);
      expect(await markersOn(b.page, 'Carte des DPE trouvés')).toBeGreaterThan(0);
      await b.page
        .getByRole('button', { name: /^Ouvrir le DPE / })
        .first()
        .click();
      await b.page
        .getByRole('dialog')
        .getByText(/Interdiction de louer|pas d’interdiction de louer/)
        .waitFor();
      await screenshot(b.page, 'prospect-recherchedpe-ma-zone');
    } finally {
      await b.close();
    }
  });

  it('on a phone (390 × 844), gives each DPE as a card whose class, surface and « Ouvrir » need no sideways scroll', async () => {
    const b = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/recherchedpe');
      const cards = b.page.getByRole('list', { name: 'DPE trouvés' });
      const card = cards.getByRole('listitem').first();
      await card.waitFor({ timeout: 30_000 });
      expect(await b.page.getByRole('table', { name: 'DPE trouvés' }).count()).toBe(0);
      const classe = card.getByRole('img', { name: /^Classe [A-G]$/ });
      const surface = card.getByText(/^\d+([,]\d+)?\s?m²$/).first();
      const open = card.getByRole('button', { name: /^Ouvrir le DPE / }).last();
      const tick = card.getByRole('checkbox', { name: /^Sélectionner le DPE / });
      await open.scrollIntoViewIfNeeded();
      for (const [what, el] of [
        ['class', classe],
        ['surface', surface],
        ['« Ouvrir »', open],
        ['tick box', tick],
      ] as const) {
        const box = await el.boundingBox();
        expect(box, what).not.toBeNull();
        expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(390);
      }
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await b.page.getByTestId('scroll-hint').count()).toBe(0);
      await screenshot(b.page, 'prospect-recherchedpe-phone');
      await open.click();
      await b.page
        .getByRole('dialog')
        .getByText(/Interdiction de louer|pas d’interdiction de louer/)
        .waitFor();
    } finally {
      await b.close();
    }
  });
});
