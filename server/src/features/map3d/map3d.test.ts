/** The 3D map data through HTTP on the Bondy samples: section outlines with their median €/m², sales and DPE points, subscribers only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { runImport } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const PASSWORD = 'Maison-bleue-2026';
let app: TestApp;
let user: TestBrowser;
beforeAll(async () => {
  app = await startTestApp();
  await runImport(app.db, { path: SAMPLES.cadastreBondy(2025), startedBy: 'test' });
  await runImport(app.db, { path: SAMPLES.dvfRawBondy, startedBy: 'test' });
  await createAccount(app.db, 'abonne@exemple.fr', PASSWORD, { subscription: 'active' });
  await createAccount(app.db, 'ancien@exemple.fr', PASSWORD, { subscription: 'canceled' });
  user = new TestBrowser(app.url);
  await user.signIn('abonne@exemple.fr', PASSWORD);
}, 120_000);
afterAll(async () => app?.close());

describe('3D map data', () => {
  it('gives every section of Bondy with the median €/m² of the period ending at the newest sale', async () => {
    const res = await user.api('/api/map3d');
    expect(res.status).toBe(200);
    const body = await res.json();
    // With its postcodes: the page names it « Bondy (93140) », not by its INSEE code.
    expect(body.communes[0]).toMatchObject({ code: '93010', name: 'Bondy', codesPostaux: ['93140'] });
    // The 3 years ending with Bondy's newest sale, to the day, as the market tools say their periods.
    expect(body).toMatchObject({ commune: '93010', newest: '2022-12-30', from: '2019-12-31', to: '2022-12-30', defaultPeriod: true });
    const features = body.sections.features as {
      geometry: { type: string };
      properties: { code: string; sales: number; median: number | null };
    }[];
    const [{ n } = { n: 0 }] = await app.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM cadastre_sections WHERE code_commune = '93010'`,
    );
    expect(features).toHaveLength(n);
    expect(['Polygon', 'MultiPolygon']).toContain(features[0]?.geometry.type);
    const priced = features.filter((f) => f.properties.median !== null);
    expect(priced.length).toBeGreaterThan(5);
    expect(priced.every((f) => f.properties.sales >= 3)).toBe(true);
    // One section checked against SQL over the same sales.
    const s = priced[0]?.properties;
    const [expected] = await app.db.query<{ m: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY prix_m2) AS m FROM dvf_sales
       WHERE code_section = $1 AND within_bounds AND code_type_local IN (1, 2)`,
      [s?.code],
    );
    expect(s?.median).toBe(Math.round(Number(expected?.m)));
    expect(body.sales).toEqual([]);
  });

  it('adds the sales as points with ?combine=1, within the period asked', async () => {
    const body = await (await user.api('/api/map3d?commune=93010&from=2022-06&to=2022-08&combine=1')).json();
    expect(body).toMatchObject({ from: '2022-06-01', to: '2022-08-31', defaultPeriod: false });
    expect(body.sales.length).toBeGreaterThan(0);
    expect(body.sales.every((s: { date: string }) => s.date >= '2022-06-01' && s.date <= '2022-08-31')).toBe(true);
    expect(body.sales[0]).toEqual({
      lon: expect.any(Number),
      lat: expect.any(Number),
      price: expect.any(Number),
      pricePerM2: expect.any(Number),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      outlier: expect.any(Boolean),
    });
  });

  it('marks the sales outside the plausibility bounds, and leaves them out of the section medians', async () => {
    const outliers = await app.db.query<{ code_section: string; prix_m2: number }>(
      `SELECT code_section, prix_m2 FROM dvf_sales WHERE code_commune = '93010' AND NOT within_bounds AND latitude IS NOT NULL`,
    );
    expect(outliers.length).toBeGreaterThan(0);
    const body = await (await user.api('/api/map3d?commune=93010&combine=1')).json();
    const marked = (body.sales as { outlier: boolean; pricePerM2: number }[]).filter((s) => s.outlier);
    expect(marked.map((s) => s.pricePerM2).sort()).toEqual(outliers.map((o) => Math.round(Number(o.prix_m2))).sort());
    expect(body.sales.length).toBeGreaterThan(marked.length);
    // Each section's median and count are over its sales within bounds only.
    const features = body.sections.features as { properties: { code: string; sales: number; median: number | null } }[];
    for (const code of new Set(outliers.map((o) => o.code_section))) {
      const [expected] = await app.db.query<{ n: number; m: number | null }>(
        `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY prix_m2) AS m FROM dvf_sales
         WHERE code_section = $1 AND within_bounds AND code_type_local IN (1, 2)`,
        [code],
      );
      const p = features.find((f) => f.properties.code === code)?.properties;
      expect(p?.sales).toBe(expected?.n);
      if (p?.median !== null) expect(p?.median).toBe(Math.round(Number(expected?.m)));
    }
  });

  it('refuses bad input in French and visitors without subscription', async () => {
    const bad = await user.api('/api/map3d?commune=Bondy');
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues[0].message).toBe('Code INSEE de commune attendu (5 caractères).');
    expect((await user.api('/api/map3d?from=2022')).status).toBe(400);
    const old = new TestBrowser(app.url);
    await old.signIn('ancien@exemple.fr', PASSWORD);
    expect((await old.api('/api/map3d')).status).toBe(403);
    expect((await app.fetch('/api/map3d')).status).toBe(401);
  });
});
