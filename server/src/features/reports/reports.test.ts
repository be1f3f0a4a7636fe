/**
 * Report PDFs rendered by headless Chromium from the print routes, as the signed-in subscriber
 * (needs the web build and Debian's chromium, as the e2e suite does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { SAMPLE } from '../market/test-support.js';
import { chromiumPath, DEFAULT_PDF_LIMITS, PDF_QUEUE_FULL, PDF_UNAVAILABLE } from './pdf.js';

let app: TestApp;
let b: TestBrowser;
beforeAll(async () => {
  app = await startTestApp({ web: true, samples: [SAMPLE.hendayeDvf] });
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

/** Chromium processes started by this test process: browsers, and renderers of pages (not of Chromium's own UI). */
function chromiumProcesses(): { browsers: number; pageRenderers: number; all: number } {
  const procs: { pid: number; ppid: number; cmd: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      procs.push({ pid: Number(entry), ppid, cmd: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/) });
    } catch {
      // ended meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (!ours.has(p.pid) && ours.has(p.ppid)) {
        ours.add(p.pid);
        grew = true;
      }
  }
  const chromium = procs.filter((p) => p.pid !== process.pid && ours.has(p.pid) && /chrom/.test(p.cmd[0] ?? ''));
  const type = (p: { cmd: string[] }) => p.cmd.find((a) => a.startsWith('--type='));
  return {
    // The wrapper script of Debian's chromium and the browser itself carry no --type.
    browsers: chromium.filter((p) => !type(p) && !/\.sh$|\/usr\/bin\/chromium$/.test(p.cmd[0] ?? '')).length,
    pageRenderers: chromium.filter((p) => type(p) === '--type=renderer' && !p.cmd.includes('--top-chrome-webui')).length,
    all: chromium.length,
  };
}

describe('PDF pool', () => {
  it.skipIf(chromiumPath() === null)(
    `renders 10 parallel PDFs in one Chromium, at most ${DEFAULT_PDF_LIMITS.concurrency} pages at a time`,
    async () => {
      const saved = await (await b.api('/api/estimates/saved', { method: 'POST', body: { subject, asOf: '2023-06-30' } })).json();
      const peak = { browsers: 0, pageRenderers: 0, all: 0 };
      const sampler = setInterval(() => {
        const now = chromiumProcesses();
        for (const k of ['browsers', 'pageRenderers', 'all'] as const) peak[k] = Math.max(peak[k], now[k]);
      }, 100);
      try {
        const answers = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const r = await b.api(`/api/reports/estimates/${saved.id}.pdf`);
            return `${r.status} ${Buffer.from(await r.arrayBuffer())
              .subarray(0, 5)
              .toString('latin1')}`;
          }),
        );
        expect(answers).toEqual(Array(10).fill('200 %PDF-'));
      } finally {
        clearInterval(sampler);
      }
      console.info(`PDF pool: peak ${peak.browsers} browser, ${peak.pageRenderers} page renderers, ${peak.all} Chromium processes in all`);
      expect(peak.browsers).toBe(1);
      // A closed page's renderer can still be exiting when the next page's starts: one such overlap is sampled, not a third render.
      expect(peak.pageRenderers).toBeLessThanOrEqual(DEFAULT_PDF_LIMITS.concurrency + 1);
    },
    120_000,
  );

  it.skipIf(chromiumPath() === null)(
    'answers a full queue in French, with Retry-After',
    async () => {
      const small = await startTestApp({ web: true, db: app.db, env: { PDF_CONCURRENCY: '1', PDF_QUEUE_MAX: '2' } });
      try {
        const c = new TestBrowser(small.url);
        expect((await c.signIn('rapports@exemple.fr', 'Maison-bleue-2026')).ok).toBe(true);
        const saved = await (await c.api('/api/estimates/saved', { method: 'POST', body: { subject, asOf: '2023-06-30' } })).json();
        const answers = await Promise.all(
          Array.from({ length: 8 }, async () => {
            const r = await c.api(`/api/reports/estimates/${saved.id}.pdf`);
            const body = Buffer.from(await r.arrayBuffer());
            return { status: r.status, retryAfter: r.headers.get('retry-after'), body };
          }),
        );
        const full = answers.filter((r) => r.status === 503);
        expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);
        expect(full.length).toBeGreaterThanOrEqual(1);
        expect(full[0]?.retryAfter).toBe('60');
        expect(JSON.parse(String(full[0]?.body)).message).toBe(PDF_QUEUE_FULL);
        expect(PDF_QUEUE_FULL).toContain('file d’attente');
      } finally {
        await small.close();
      }
    },
    120_000,
  );
});
