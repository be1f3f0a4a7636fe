/**
 * The method's error measured on the database's own DVF sales (decision 1430): the estimate
 * benchmark's chronological holdout (`runSplit`, shared with `bench/estimate-accuracy.ts`) on the
 * commune's single-property sales: the latest year's sales (at most MAX_TESTED of them) estimated
 * from the commune's sales of the four years before. Under MIN_MEASURED_SALES sales estimated, the
 * département's figure is used: the same run on each of its communes, the errors pooled. Each figure is kept
 * in `estimate_accuracy` until the next DVF import.
 */
import { runSplit } from '@immoloupe/shared/market/accuracy.logic';
import type { Candidate } from '@immoloupe/shared/market/comparables.logic';
import { type MeasuredError, MIN_MEASURED_SALES } from '@immoloupe/shared/market/confidence.logic';
import { quantile } from '@immoloupe/shared/market/stats.logic';
import type { Queryable } from '../../db/client.js';
import { candidateOf, SALE_COLUMNS, type SaleRow } from './comparable-sales.js';

/** Sales of the test year estimated at most: beyond, every k-th (by id), so a département stays quick. */
export const MAX_TESTED = 150;
/** Years of earlier sales the test year's are estimated from. */
const TRAIN_YEARS = 4;

type Scope = MeasuredError['scope'];
interface Measure {
  testYear: string | null;
  n: number;
  mdape: number | null;
}

function placeClause(scope: Scope): string {
  return scope === 'commune' ? 's.code_commune = $1' : "s.code_commune LIKE $1 || '%'";
}

/** The holdout on the sales of a commune or a département, as the benchmark runs it. */
export async function measure(db: Queryable, scope: Scope, code: string): Promise<Measure> {
  const [last] = await db.query<{ d: string | null }>(
    `SELECT max(s.date_mutation)::text AS d FROM dvf_sales s WHERE s.within_bounds AND ${placeClause(scope)}`,
    [code],
  );
  if (!last?.d) return { testYear: null, n: 0, mdape: null };
  const testYear = last.d.slice(0, 4);
  const trainFrom = String(Number(testYear) - TRAIN_YEARS);
  const rows = await db.query<SaleRow>(
    `SELECT ${SALE_COLUMNS}
       FROM dvf_sales s
      WHERE s.within_bounds AND s.latitude IS NOT NULL AND s.code_type_local IN (1, 2, 4)
        AND s.date_mutation >= $2::date AND ${placeClause(scope)}
      ORDER BY s.id_mutation`,
    [code, `${trainFrom}-01-01`],
  );
  const all: Candidate[] = rows.map(candidateOf);
  const test = all.filter((c) => c.date.startsWith(testYear));
  const step = Math.ceil(test.length / MAX_TESTED);
  const tested = new Set(test.filter((_, i) => i % step === 0).map((c) => c.id));
  // One run per commune, its sales estimated from its own earlier ones (the département's pooled):
  // a sale is never compared with the whole département, so a département costs what its communes do.
  const byCommune = new Map<string, Candidate[]>();
  for (const c of all) {
    if (c.date.startsWith(testYear) && !tested.has(c.id)) continue;
    const list = byCommune.get(c.insee);
    if (list) list.push(c);
    else byCommune.set(c.insee, [c]);
  }
  const errors: number[] = [];
  for (const sales of byCommune.values()) {
    if (!sales.some((c) => tested.has(c.id))) continue;
    errors.push(...runSplit(sales, { name: `${scope} ${code}`, trainFrom, testYear }).methodErrors);
  }
  return { testYear, n: errors.length, mdape: errors.length > 0 ? quantile(errors, 0.5) : null };
}

async function lastDvfRun(db: Queryable): Promise<number> {
  const [run] = await db.query<{ id: number | null }>(
    `SELECT max(id) AS id FROM import_runs WHERE source IN ('dvf', 'dvf-raw') AND status = 'succeeded'`,
  );
  return Number(run?.id ?? 0);
}

/** The measure, from the cache when no DVF import ran since. */
async function cachedMeasure(db: Queryable, scope: Scope, code: string, dvfRun: number): Promise<Measure> {
  const [hit] = await db.query<{ test_year: string | null; n: number; mdape: number | null }>(
    'SELECT test_year, n, mdape FROM estimate_accuracy WHERE scope = $1 AND code = $2 AND dvf_run = $3',
    [scope, code, dvfRun],
  );
  if (hit) return { testYear: hit.test_year, n: Number(hit.n), mdape: hit.mdape === null ? null : Number(hit.mdape) };
  const m = await measure(db, scope, code);
  await db.query(
    `INSERT INTO estimate_accuracy (scope, code, dvf_run, test_year, n, mdape) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (scope, code) DO UPDATE SET dvf_run = EXCLUDED.dvf_run, test_year = EXCLUDED.test_year, n = EXCLUDED.n,
       mdape = EXCLUDED.mdape, computed_at = now()`,
    [scope, code, dvfRun, m.testYear, m.n, m.mdape],
  );
  return m;
}

/**
 * The commune's measured error, or its département's when the commune has too few sales estimated;
 * null when neither has MIN_MEASURED_SALES. `names`: how to call the commune and the département.
 */
export async function measuredError(
  db: Queryable,
  place: { insee: string; departement: string },
  names: { commune: string; departement: string },
): Promise<MeasuredError | null> {
  const dvfRun = await lastDvfRun(db);
  const commune = await cachedMeasure(db, 'commune', place.insee, dvfRun);
  if (commune.n >= MIN_MEASURED_SALES && commune.mdape !== null && commune.testYear)
    return { scope: 'commune', code: place.insee, place: names.commune, testYear: commune.testYear, n: commune.n, mdape: commune.mdape };
  const dept = await cachedMeasure(db, 'departement', place.departement, dvfRun);
  if (dept.n >= MIN_MEASURED_SALES && dept.mdape !== null && dept.testYear)
    return {
      scope: 'departement',
      code: place.departement,
      place: names.departement,
      testYear: dept.testYear,
      n: dept.n,
      mdape: dept.mdape,
    };
  return null;
}
