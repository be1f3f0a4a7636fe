/**
 * The alert run of issue 13 at scale: 10 000 saved searches with a daily e-mail alert, spread over
 * 2 000 users (5 each) and the alerting tools (transactions, DPE, co-ownerships, parcels), with zones and filters
 * drawn from the communes of the samples, over a fresh DVF + DPE (+ RNIC) import; then one alert run of
 * all of them (collect the digests in the outbox, render them with MJML, hand them to a local SMTP
 * server started here that accepts and drops them). Printed: load time, total run time, the per-
 * search time to fetch its new rows (the engine's timings: p50, p95, max), digests, rows and
 * e-mails; then a second run, with nothing new. Target: total under 5 minutes on PostgreSQL.
 *
 * The searches are written after the import (their zones are read from it) and their watermarks
 * set back to the run before it: as if the alerts had been turned on before the import arrived.
 *
 *   npm run bench:alerts -w bench -- [searches=10000] [users=2000]
 *   BENCH_ENGINES=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres …
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { runAlerts, type SendMail } from '../server/src/features/alerts/engine.ts';
import { smtpSender } from '../server/src/features/alerts/smtp.ts';
import { importSamples } from '../server/src/features/market/test-support.ts';
import { createLogger } from '../server/src/logger.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { checkToolQuery, type SavedSearchToolId } from '../shared/src/saved-searches/contracts.ts';
import { onEachEngine } from './engines.ts';

const SEARCHES = Number(process.argv[2] ?? 10_000);
const USERS = Number(process.argv[3] ?? 2_000);
const SAMPLES = [
  'cadastre/cadastre-93010-parcelles_2025.json.gz',
  'dvf/valeursfoncieres-2022_93010_bondy.txt',
  'dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv',
  'dvf/etalab-geo-dvf_2021_33001_abzac.csv',
  'dvf/valeursfoncieres-2020_extrait-debut_dept01.txt',
  'dpe/dpe03existant_extrait-1000_france.csv',
  'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv',
  'copro/rnic_extrait-R_93010_bondy_37-lignes.csv',
];

const ms = (t: number) => `${Math.round(t * 10) / 10} ms`;
const s = (t: number) => `${Math.round(t / 100) / 10} s`;

/** A deterministic pseudo-random sequence (the same searches on both engines). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

/** An SMTP server that accepts every message and keeps only its size. */
async function sinkSmtp(): Promise<{ url: string; received: () => { n: number; bytes: number }; close: () => Promise<void> }> {
  let n = 0;
  let bytes = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      stream.on('end', () => {
        n++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received: () => ({ n, bytes }), close: () => new Promise((r) => server.close(() => r())) };
}

/** Time spent handing the digests to SMTP. */
const sending = { ms: 0 };
function timedSend(send: SendMail | null): SendMail | null {
  if (!send) return null;
  return async (mail) => {
    const t = performance.now();
    try {
      await send(mail);
    } finally {
      sending.ms += performance.now() - t;
    }
  };
}

/** The saved searches: tool, query, drawn from the imported communes. */
async function searchesOf(db: Db, count: number): Promise<{ tool: string; query: string }[]> {
  const dvf = (await db.query<{ c: string }>('SELECT code_commune AS c FROM dvf_mutations GROUP BY 1 ORDER BY count(*) DESC')).map(
    (r) => r.c,
  );
  // The codes the DPE tool accepts (the sample has a few without their leading zero).
  const dpe = (
    await db.query<{ c: string }>(`SELECT code_insee_ban AS c FROM dpe WHERE code_insee_ban ~ '^[0-9]{5}$' GROUP BY 1 ORDER BY 1`)
  ).map((r) => r.c);
  const sections = (await db.query<{ s: string }>(`SELECT DISTINCT section AS s FROM parcels WHERE code_commune = '93010' ORDER BY 1`)).map(
    (r) => r.s,
  );
  const rnd = random(13);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  // Busy communes more often: half the draws among the five with the most sales.
  const dvfCommune = () => (rnd() < 0.5 ? pick(dvf.slice(0, 5)) : pick(dvf));
  const out: { tool: string; query: string }[] = [];
  for (let i = 0; i < count; i++) {
    const r = rnd();
    const q = new URLSearchParams();
    if (r < 0.4) {
      q.set('insee', dvfCommune());
      q.set('types', pick(['appartement', 'maison', 'appartement,maison', 'maison,terrain']));
      if (rnd() < 0.4) q.set('priceMax', String(100_000 + Math.floor(rnd() * 8) * 50_000));
      if (rnd() < 0.3) q.set('surfaceMin', String(20 + Math.floor(rnd() * 6) * 10));
      out.push({ tool: 'transactions', query: q.toString() });
    } else if (r < 0.7) {
      q.set('insee', rnd() < 0.2 ? `${pick(dpe)},${pick(dpe)}` : pick(dpe));
      q.set('classes', pick(['F,G', 'E,F,G', 'G', 'D,E']));
      if (rnd() < 0.3) q.set('types', pick(['appartement', 'maison']));
      out.push({ tool: 'dpe', query: q.toString() });
    } else if (r < 0.85) {
      // The RNIC sample covers Bondy.
      q.set('insee', '93010');
      if (rnd() < 0.5) q.set('lotsMin', String(pick([5, 10, 20, 50])));
      if (rnd() < 0.3) q.set('syndicTypes', pick(['professionnel', 'benevole']));
      out.push({ tool: 'copros', query: q.toString() });
    } else {
      q.set('commune', rnd() < 0.7 ? '93010' : dvfCommune());
      if (rnd() < 0.6 && sections.length) q.set('section', pick(sections));
      if (rnd() < 0.3) q.set('surfaceMin', String(100 + Math.floor(rnd() * 5) * 100));
      out.push({ tool: 'parcelles', query: q.toString() });
    }
  }
  // Each one valid for its tool, as the API would have checked it.
  for (const x of out) {
    const issues = checkToolQuery(x.tool as SavedSearchToolId, x.query);
    if (issues) throw new Error(`${x.tool}?${x.query}: ${issues[0]?.message}`);
  }
  return out;
}

const sink = await sinkSmtp();
try {
  await onEachEngine('bench_alerts', async (engine, db) => {
    console.log(`\n${engine}: ${SEARCHES} saved searches with a daily alert, ${USERS} users`);
    const log = createLogger('warn');
    let t = performance.now();
    await migrate(db);
    const [before] = await db.query<{ run: number }>('SELECT coalesce(max(id), 0)::int AS run FROM import_runs');
    await importSamples(db, SAMPLES);
    const [n] = await db.query<{ dvf: number; dpe: number; parcels: number; copros: number }>(
      `SELECT (SELECT count(*) FROM dvf_mutations)::int AS dvf, (SELECT count(*) FROM dpe)::int AS dpe,
              (SELECT count(*) FROM parcels)::int AS parcels, (SELECT count(*) FROM copros)::int AS copros`,
    );
    console.log(
      `  fresh import: ${n?.dvf} DVF sales, ${n?.dpe} DPE, ${n?.copros} co-ownerships, ${n?.parcels} parcels in ${s(performance.now() - t)}`,
    );

    t = performance.now();
    const users = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, email_verified_at)
       SELECT 'alerte-' || g || '@exemple.fr', 'x', now() FROM generate_series(1, $1::int) g RETURNING id`,
      [USERS],
    );
    const searches = await searchesOf(db, SEARCHES);
    const byTool = new Map<string, number>();
    for (const x of searches) byTool.set(x.tool, (byTool.get(x.tool) ?? 0) + 1);
    const chunk = 1000;
    for (let from = 0; from < searches.length; from += chunk) {
      const part = searches.slice(from, from + chunk);
      await db.query(
        `INSERT INTO saved_searches (user_id, tool, name, query, alert)
         SELECT u, t, 'Recherche ' || row_number() OVER (), q, 'daily' FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(u, t, q)`,
        [part.map((_, i) => users[(from + i) % users.length]?.id), part.map((x) => x.tool), part.map((x) => x.query)],
      );
    }
    await db.query('UPDATE alert_states SET watermark_run = $1', [before?.run ?? 0]);
    await db.exec('ANALYZE');
    console.log(`  searches written: ${[...byTool].map(([k, v]) => `${k} ${v}`).join(', ')} in ${s(performance.now() - t)}`);

    const deps = {
      db,
      log,
      publicUrl: 'https://immoloupe.example',
      secret: async () => 'secret-de-banc-d-essai-0123456789abcdef',
      send: timedSend(smtpSender(sink.url, 'Immoloupe <alertes@immoloupe.example>')),
    };
    const mailed = sink.received().n;
    sending.ms = 0;
    t = performance.now();
    const report = await runAlerts(deps, ['daily']);
    const total = performance.now() - t;
    const times = [...report.timings].sort((a, b) => a - b);
    const fetching = times.reduce((a, b) => a + b, 0);
    console.log(
      `  alert run: ${s(total)} total for ${report.alerts} alerts (fetching their new rows ${s(fetching)}, SMTP ${s(sending.ms)}, the rest: writing and rendering the digests)`,
    );
    console.log(
      `  per search (new rows fetched): p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(times[times.length - 1] ?? 0)}`,
    );
    console.log(
      `  digests ${report.digests}, rows ${report.rows}, sent ${report.sent}, failed ${report.failed}; SMTP received ${sink.received().n - mailed} e-mails`,
    );
    t = performance.now();
    const again = await runAlerts(deps, ['daily']);
    console.log(`  second run, nothing new: ${s(performance.now() - t)}, ${again.alerts} alerts looked at, ${again.digests} digests`);
  });
} finally {
  await sink.close();
}
