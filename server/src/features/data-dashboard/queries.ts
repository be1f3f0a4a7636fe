/**
 * What the data dashboard reads: per dataset its rows, newest dated row, coverage by
 * département and last successful import. Set-based (one GROUP BY per table); cadastre counts
 * come from `cadastre_communes`, which the importer keeps per commune, not from the parcels.
 */
import { DATASET_NAMES, DATASETS, type Dataset, type DatasetStatus, freshnessOf } from '@immoloupe/shared/admin/data-dashboard';
import type { Queryable } from '../../db/client.js';

const dep = (col: string) => `CASE WHEN ${col} LIKE '97%' THEN left(${col}, 3) ELSE left(${col}, 2) END`;

/** Per dataset: the coverage query (departement, rows, newest) and the import_runs sources it comes from. */
const SPECS: Record<Dataset, { coverage: string; sources: string[] }> = {
  dvf: {
    coverage: `SELECT code_departement AS departement, count(*) AS rows, max(date_mutation)::text AS newest
               FROM dvf_mutations GROUP BY 1`,
    sources: ['dvf', 'dvf-raw'],
  },
  cadastre: {
    coverage: `SELECT ${dep('code_commune')} AS departement, sum(parcels_current) AS rows, max(vintage)::text AS newest
               FROM cadastre_communes GROUP BY 1`,
    sources: ['cadastre'],
  },
  dpe: {
    coverage: `SELECT coalesce(${dep('code_insee_ban')}, '?') AS departement, count(*) AS rows, max(date_etablissement)::text AS newest
               FROM dpe GROUP BY 1`,
    sources: ['dpe'],
  },
  copro: {
    coverage: `SELECT coalesce(${dep('code_insee')}, '?') AS departement, count(*) AS rows, max(date_derniere_maj)::text AS newest
               FROM copros GROUP BY 1`,
    sources: ['copro'],
  },
  ban: {
    coverage: `SELECT ${dep('code_insee')} AS departement, count(*) AS rows, NULL::text AS newest FROM ban_addresses GROUP BY 1`,
    sources: ['ban'],
  },
};

export async function dataDashboard(db: Queryable, releases: Record<Dataset, string | null>): Promise<DatasetStatus[]> {
  const result: DatasetStatus[] = [];
  for (const dataset of DATASETS) {
    const spec = SPECS[dataset];
    const coverage = await db.query<{ departement: string; rows: number; newest: string | null }>(`${spec.coverage} ORDER BY 1`);
    const [run] = await db.query<{ finished_at: Date; started_by: string; file_name: string; vintage: string | null }>(
      `SELECT finished_at, started_by, file_name, vintage FROM import_runs
       WHERE status = 'succeeded' AND source = ANY($1::text[]) ORDER BY finished_at DESC, id DESC LIMIT 1`,
      [spec.sources],
    );
    const rows = coverage.reduce((n, c) => n + Number(c.rows), 0);
    const newest = coverage.reduce<string | null>((m, c) => (c.newest && (!m || c.newest > m) ? c.newest : m), null);
    const lastImportAt = run ? new Date(run.finished_at).toISOString() : null;
    const release = releases[dataset];
    result.push({
      dataset,
      name: DATASET_NAMES[dataset],
      rows,
      vintage: run?.vintage ?? null,
      newestData: newest,
      lastImport: run && lastImportAt ? { at: lastImportAt, by: run.started_by, fileName: run.file_name } : null,
      release,
      ...freshnessOf({ dataset, rows, lastImportAt, release }),
      coverage: coverage.map((c) => ({ departement: c.departement, rows: Number(c.rows) })),
    });
  }
  return result;
}
