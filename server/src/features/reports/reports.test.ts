/**
 * Report PDFs rendered by headless Chromium from the print routes, as the signed-in subscriber
 * (needs the web build and Debian's chromium, as the e2e suite does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { importSamples, SAMPLE } from '../market/test-support.js';
import { chromiumPath, PDF_UNAVAILABLE } from './pdf.js';

let app: TestApp;
let b: TestBrowser;
beforeAll(async () => {
  app = await startTestApp({ web: true });
  await importSamples(app.db, [SAMPLE.hendayeDvf]);
  await createAccount(app.db, 'rapports@exemple.fr', 'Maison-bleue-2026', { subscription: 'active' });
  b = new TestBrowser(app.url);
  expect((await b.signIn('rapports@exemple.fr', 'Maison-bleue-2026')).ok).toBe(true);
});
afterAll(async () => app?.close());

const subject = {
  label: '3 Rue Haute 64700 Hendaye',
  lon: -1.772511,
  lat: 43.358784,
  insee: '64260',
  type: 'appartement',
  surface: 50,
  rooms: 3,
};

describe('value opinion PDF', () => {
  it('says whether the server can render PDFs', async () => {
    expect(chromiumPath('/nulle/part/chromium')).toBeNull();
    expect(await (await b.api('/api/reports/status')).json()).toEqual({ pdf: chromiumPath() !== null });
    expect(PDF_UNAVAILABLE).toContain('Enregistrer au format PDF');
  });

  it('downloads the saved opinion as an A4 PDF', async () => {
    const saved = await (
      await b.api('/api/estimates/saved', { method: 'POST', body: { subject, asOf: '2023-06-30', comment: 'Vue sur la baie.' } })
    ).json();
    const res = await b.api(`/api/reports/estimates/${saved.id}.pdf`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="avis-de-valeur-[0-9a-f]{8}\.pdf"$/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 portrait in points: 595 × 842.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 59[45]\.\d+ 84[12]\.\d+\]/);
  });

  it('does not render another user’s opinion', async () => {
    const res = await b.api('/api/reports/estimates/00000000-0000-4000-8000-000000000000.pdf');
    expect(res.status).toBe(404);
  });
});

describe('market report PDF', () => {
  it('renders the market analysis of a zone and period, and refuses a query without zone', async () => {
    const res = await b.api('/api/reports/market.pdf?insee=64260&from=2022-01-01&to=2022-12-31');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="analyse-marche-2022-01-01-2022-12-31.pdf"');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const bad = await b.api('/api/reports/market.pdf?from=2022-01-01&to=2022-12-31');
    expect(bad.status).toBe(400);
  });
});
