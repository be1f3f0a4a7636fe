/** The data dashboard through HTTP: per dataset rows, coverage by département, last import, and staleness from the configured release dates. */
import type { DataDashboard } from '@immoloupe/shared/admin/data-dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { runImport } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const PASSWORD = 'Maison-bleue-2026';
let app: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  app = await startTestApp({ env: { DATA_RELEASE_DVF: '2999-01-01', DATA_RELEASE_COPRO: '2000-01-01' } });
  await createAccount(app.db, 'admin@exemple.fr', PASSWORD, { role: 'admin' });
  admin = new TestBrowser(app.url);
  expect((await admin.signIn('admin@exemple.fr', PASSWORD)).ok).toBe(true);
});
afterAll(async () => app?.close());

const byDataset = (d: DataDashboard) => Object.fromEntries(d.datasets.map((s) => [s.dataset, s]));

describe('data dashboard', () => {
  it('says every dataset is absent before any import', async () => {
    const res = await admin.api('/api/admin/data');
    expect(res.status).toBe(200);
    const d = byDataset(await res.json());
    expect(Object.keys(d)).toEqual(['dvf', 'cadastre', 'dpe', 'copro', 'ban']);
    expect(d.dvf).toMatchObject({ rows: 0, state: 'absent', lastImport: null, coverage: [] });
  });

  it('gives rows, coverage by département, last import and staleness per dataset', async () => {
    await runImport(app.db, { path: SAMPLES.dvfAbzac, startedBy: 'admin@exemple.fr' });
    await runImport(app.db, { path: SAMPLES.dvfRawAin, startedBy: 'cli:test' });
    await runImport(app.db, { path: SAMPLES.rnicBondy, startedBy: 'cli:test' });
    const d = byDataset(await (await admin.api('/api/admin/data')).json());
    const [mutations] = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM dvf_mutations');
    expect(d.dvf?.rows).toBe(mutations?.n);
    expect(d.dvf?.coverage.map((c) => c.departement)).toEqual(['01', '33']);
    expect(d.dvf?.coverage.reduce((n, c) => n + c.rows, 0)).toBe(mutations?.n);
    expect(d.dvf?.newestData).toMatch(/^2021-/);
    expect(d.dvf?.lastImport).toMatchObject({ by: 'cli:test' });
    expect(d.dvf).toMatchObject({ state: 'stale', release: '2999-01-01' });
    expect(d.copro).toMatchObject({ state: 'fresh', coverage: [{ departement: '93' }] });
    expect(d.copro?.rows).toBeGreaterThan(0);
    expect(d.dpe).toMatchObject({ state: 'absent' });
    expect(d.ban?.stateText).toContain('Aucune donnée importée');
  });

  it('is for administrators only', async () => {
    await createAccount(app.db, 'abonne@exemple.fr', PASSWORD, { subscription: 'active' });
    const user = new TestBrowser(app.url);
    await user.signIn('abonne@exemple.fr', PASSWORD);
    expect((await user.api('/api/admin/data')).status).toBe(403);
    expect((await app.fetch('/api/admin/data')).status).toBe(401);
  });
});
