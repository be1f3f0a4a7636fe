/**
 * The layout of the report PDFs, read back from their text layer (pdfjs): no page but the last
 * holds fewer than 5 lines, and no word of a long agency e-mail or of a long address is broken
 * across two lines (a hyphen and an « @ » are line-break chances for a browser). Rendered by the
 * real server and its Chromium (needs the web build, as reports.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { SAMPLE } from '../market/test-support.js';
import { chromiumPath } from './pdf.js';

const EMAIL = 'contact@agence-de-la-cote-basque.fr';
const AGENCY_ADDRESS = '27 boulevard du Général-de-Gaulle-et-de-la-Libération 64700 Hendaye';
const SUBJECT_ADDRESS = '12 bis avenue du Maréchal-de-Lattre-de-Tassigny 64700 Hendaye';

/** A line of a page: its text, its items joined (with a space where they stand apart). */
type Page = string[];

/** The PDF's pages as lines; kept in REPORT_PDF_DIR when set, to be looked at page by page. */
async function pdfLines(pdf: Buffer, name: string): Promise<Page[]> {
  if (process.env.REPORT_PDF_DIR) writeFileSync(join(process.env.REPORT_PDF_DIR, name), pdf);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: Page[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    const rows = new Map<number, { x: number; end: number; str: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x, y] = item.transform as number[];
      const key = Math.round(y ?? 0);
      const row = rows.get(key) ?? [];
      row.push({ x: x ?? 0, end: (x ?? 0) + item.width, str: item.str });
      rows.set(key, row);
    }
    pages.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .reduce((line, it, j, all) => {
              const prev = all[j - 1];
              return line + (prev && it.x - prev.end > 1 ? ' ' : '') + it.str;
            }, '')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
    );
  }
  return pages;
}

/**
 * The words of `text` that a line of the PDF cuts: a line holds the start of the word (at least
 * 3 characters, up to a break chance) and not the whole word.
 */
function brokenWords(pages: Page[], text: string): string[] {
  const words = text.split(/\s+/).filter((w) => /[-@.]/.test(w));
  const broken = new Set<string>();
  for (const line of pages.flat()) {
    const tokens = line.split(' ').map((t) => t.replace(/^[(«]+|[),;:»]+$/g, ''));
    for (const w of words) {
      if (tokens.includes(w)) continue;
      for (const t of tokens) if (t.length >= 3 && t !== w && w.startsWith(t) && /[-@.]/.test(w[t.length - 1] ?? '')) broken.add(w);
    }
  }
  return [...broken];
}

function shortPages(pages: Page[]): string[] {
  return pages
    .slice(0, -1)
    .flatMap((lines, i) => (lines.length < 5 ? [`page ${i + 1}: ${lines.length} lignes (${lines.join(' | ')})`] : []));
}

let app: TestApp;
let b: TestBrowser;
beforeAll(async () => {
  app = await startTestApp({ web: true, samples: [SAMPLE.hendayeDvf] });
  await createAccount(app.db, 'mise-en-page@exemple.fr', 'Maison-bleue-2026', { subscription: 'active' });
  b = new TestBrowser(app.url);
  expect((await b.signIn('mise-en-page@exemple.fr', 'Maison-bleue-2026')).ok).toBe(true);
  const agency = await b.api('/api/agency', {
    method: 'PUT',
    body: {
      name: 'Agence immobilière de la Côte Basque et du Pays de Saint-Jean-de-Luz',
      contact: `${AGENCY_ADDRESS}\n05 59 20 00 00\n${EMAIL}`,
      agentName: 'Maïté Etchebarne-Larrondo',
      city: 'Hendaye',
    },
  });
  expect(agency.status).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

describe.skipIf(chromiumPath() === null)('report PDF layout', () => {
  it('value opinion: no short page but the last, the e-mail and addresses whole, the signature', async () => {
    const subject = { label: SUBJECT_ADDRESS, lon: -1.772511, lat: 43.358784, insee: '64260', type: 'appartement', surface: 50, rooms: 3 };
    const saved = await (
      await b.api('/api/estimates/saved', {
        method: 'POST',
        body: { subject, asOf: '2023-06-30', comment: 'Vue sur la baie, dernier étage avec ascenseur, cave et parking.' },
      })
    ).json();
    // A landscape photo in a box of another shape: fitted whole, never cropped (looked at on the pages).
    const photo = readFileSync(fileURLToPath(new URL('../../../../web/public/guide/admin-vignette.jpg', import.meta.url)));
    const put = await b.fetch(`/api/estimates/saved/${saved.id}/photo`, {
      method: 'PUT',
      headers: { 'x-csrf-token': await b.csrf(), 'content-type': 'image/jpeg' },
      body: photo,
    });
    expect(put.status).toBe(204);
    const res = await b.api(`/api/reports/estimates/${saved.id}.pdf`);
    expect(res.status, await res.clone().text()).toBe(200);
    const pages = await pdfLines(Buffer.from(await res.arrayBuffer()), 'avis-de-valeur.pdf');
    const all = pages.flat().join('\n');
    expect(all).toContain(EMAIL);
    expect(all).toContain('Maréchal-de-Lattre-de-Tassigny');
    expect(all).toContain('Général-de-Gaulle-et-de-la-Libération');
    expect(all).toMatch(/Fait à Hendaye, le \d{2}\/\d{2}\/\d{4}/);
    expect(all).toContain('Maïté Etchebarne-Larrondo');
    expect(all).toContain('Carte du bien et des ventes comparables');
    expect(brokenWords(pages, `${EMAIL} ${AGENCY_ADDRESS} ${SUBJECT_ADDRESS}`)).toEqual([]);
    expect(shortPages(pages)).toEqual([]);
  }, 120_000);

  it('market analysis: no short page but the last, the e-mail and addresses whole, the signature', async () => {
    const q = new URLSearchParams({
      lat: '43.358784',
      lon: '-1.772511',
      radius: '1000',
      adresse: SUBJECT_ADDRESS,
      from: '2022-01-01',
      to: '2022-12-31',
    });
    const res = await b.api(`/api/reports/market.pdf?${q}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const pages = await pdfLines(Buffer.from(await res.arrayBuffer()), 'analyse-marche.pdf');
    const all = pages.flat().join('\n');
    expect(all).toContain(EMAIL);
    expect(all).toContain('Maréchal-de-Lattre-de-Tassigny');
    expect(all).toMatch(/Fait à Hendaye, le \d{2}\/\d{2}\/\d{4}/);
    expect(all).toContain('Prix médian au m² par section cadastrale');
    expect(brokenWords(pages, `${EMAIL} ${AGENCY_ADDRESS} ${SUBJECT_ADDRESS}`)).toEqual([]);
    expect(shortPages(pages)).toEqual([]);
  }, 120_000);

  it('tells a broken word and a short page (the checks themselves)', () => {
    const pages = [['Agence', 'contact@agence-', 'de-la-cote-basque.fr'], ['1', '2', '3', '4', '5'], ['fin']];
    expect(brokenWords(pages, EMAIL)).toEqual([EMAIL]);
    expect(brokenWords([[`Écrire à ${EMAIL}`]], EMAIL)).toEqual([]);
    expect(shortPages(pages)).toEqual(['page 1: 3 lignes (Agence | contact@agence- | de-la-cote-basque.fr)']);
  });
});
