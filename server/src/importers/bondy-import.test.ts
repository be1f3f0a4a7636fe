/**
 * The acceptance criteria of the open-data import on the Bondy set (raw DVF 2022, cadastre
 * 2022–2025, BAN, RNIC), imported once into a fresh database and shared by the tests below.
 */
import { DEFAULT_BOUNDS, type MutationLine, salesForStatistics } from '@immoloupe/shared/market/mutation.logic';
import { mean, quantile } from '@immoloupe/shared/market/stats.logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { type ImportReport, runImport } from './run.js';
import { BONDY_SET, SAMPLES } from './test-samples.js';

let db: Db;
const reports = new Map<string, ImportReport>();

/** A fingerprint of a table's content, provenance columns excluded. */
async function fingerprint(table: string, orderBy: string, exclude: string[] = ['import_run_id']): Promise<string> {
  const cols = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const list = cols.map((c) => c.column_name).filter((c) => !exclude.includes(c));
  const [row] = await db.query<{ n: number; h: string }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY ${orderBy}), '')) AS h
       FROM (SELECT ${list.join(', ')} FROM ${table}) t`,
  );
  return `${row?.n}:${row?.h}`;
}

const TABLES: [string, string][] = [
  ['parcels', 'id'],
  ['cadastre_communes', 'code_commune'],
  ['dvf_mutations', 'id_mutation'],
  ['dvf_lines', 'id_mutation, line_no'],
  ['dvf_sales', 'id_mutation'],
  ['dvf_stats_monthly', 'level, code, type, month'],
  ['ban_addresses', 'id'],
  ['ban_voies', 'voie_key'],
  ['copros', 'numero_immatriculation'],
  ['copro_parcels', 'numero_immatriculation, rang'],
];

beforeAll(async () => {
  db = await createTestDb();
  for (const file of BONDY_SET) reports.set(file, await runImport(db, { path: file, startedBy: 'test' }));
});
afterAll(async () => db?.close());

describe('importing the Bondy set into a fresh database', () => {
  it('imports every raw DVF row or reports it, and geolocates ≥ 1 897 rows at a parcel centroid', async () => {
    const dvf = reports.get(SAMPLES.dvfRawBondy);
    expect(dvf?.status).toBe('succeeded');
    expect(dvf?.rowsRead).toBe(1901);
    expect((dvf?.rowsKept ?? 0) + (dvf?.rowsRejected ?? 0)).toBe(1901);
    expect(dvf?.rejects.length).toBe(dvf?.rowsRejected);
    const [c] = await db.query<{ lines: number; centroid: number; none: number; mutations: number }>(
      `SELECT count(*)::int AS lines, count(*) FILTER (WHERE geo_source = 'centroide-parcelle')::int AS centroid,
              count(*) FILTER (WHERE geo_source IS NULL)::int AS none, count(DISTINCT id_mutation)::int AS mutations FROM dvf_lines`,
    );
    expect(c?.lines).toBe(dvf?.rowsKept);
    expect(c?.centroid).toBeGreaterThanOrEqual(1897);
    expect((c?.centroid ?? 0) + (c?.none ?? 0)).toBe(c?.lines);
    // The first sale of the file: 139 AV CARNOT, parcel AS 167, at that parcel's centroid.
    const [carnot] = await db.query<{ id_parcelle: string; lon: number; lat: number; clon: number; clat: number }>(
      `SELECT l.id_parcelle, l.longitude AS lon, l.latitude AS lat, p.centroid_lon AS clon, p.centroid_lat AS clat
         FROM dvf_lines l JOIN parcels p ON p.id = l.id_parcelle
        WHERE l.adresse_nom_voie = 'AV CARNOT' AND l.adresse_numero = '139' AND l.type_local = 'Appartement'`,
    );
    expect(carnot).toMatchObject({ id_parcelle: '93010000AS0167' });
    expect(carnot?.lon).toBe(carnot?.clon);
    expect(carnot?.lat).toBeCloseTo(48.8959, 3);
  });

  it('keeps the 7 124 parcels of the newest vintage current and the vanished ones as history', async () => {
    const [p] = await db.query<{ current: number; history: number }>(
      `SELECT count(*) FILTER (WHERE is_current)::int AS current, count(*) FILTER (WHERE NOT is_current)::int AS history FROM parcels`,
    );
    expect(p?.current).toBe(7124);
    expect(p?.history).toBeGreaterThan(0);
    const [cc] = await db.query<{ vintage: string; parcels_current: number }>(
      `SELECT vintage, parcels_current FROM cadastre_communes WHERE code_commune = '93010'`,
    );
    expect(cc).toEqual({ vintage: '2024-11-13', parcels_current: 7124 });
    const [as167] = await db.query(`SELECT contenance, is_current, code_section FROM parcels WHERE id = '93010000AS0167'`);
    expect(as167).toMatchObject({ is_current: true, code_section: '93010000AS' });
  });

  it('imports the 8 413 BAN addresses and their streets', async () => {
    const [a] = await db.query<{ n: number; voies: number }>(
      `SELECT count(*)::int AS n, (SELECT count(*)::int FROM ban_voies) AS voies FROM ban_addresses`,
    );
    expect(a?.n).toBe(8413);
    expect(a?.voies).toBeGreaterThan(300);
  });

  it('repairs the street names the sample’s re-export encoded twice (« RÃ©publique »)', async () => {
    const [v] = await db.query<{ broken: number; republique: number }>(
      `SELECT count(*) FILTER (WHERE nom_voie ~ '[ÂÃ][\u0080-\u00bf]')::int AS broken,
              count(*) FILTER (WHERE nom_voie = 'Place de la République')::int AS republique FROM ban_voies`,
    );
    expect(v).toEqual({ broken: 0, republique: 1 });
  });

  it('links the RNIC copropriétés to their parcels', async () => {
    const [c] = await db.query<{ copros: number; refs: number; current: number; known: number }>(
      `SELECT (SELECT count(*)::int FROM copros) AS copros, count(*)::int AS refs,
              count(*) FILTER (WHERE p.is_current)::int AS current, count(p.id)::int AS known
         FROM copro_parcels cp LEFT JOIN parcels p ON p.id = cp.id_parcelle`,
    );
    // PROVENANCE.md: 18 references, 15 of them in the 2025 cadastre.
    expect(c).toEqual({ copros: 37, refs: 18, current: 15, known: expect.any(Number) });
    expect(c?.known).toBeGreaterThanOrEqual(15);
    const linked = await db.query(
      `SELECT c.numero_immatriculation, p.id FROM copros c JOIN copro_parcels cp USING (numero_immatriculation)
         JOIN parcels p ON p.id = cp.id_parcelle WHERE p.id = '93010000AV0209'`,
    );
    expect(linked).toHaveLength(1);
  });

  it('records one import run per file with its counts, vintage, duration and checksum', async () => {
    const runs = await db.query<Record<string, unknown>>(`SELECT * FROM import_runs ORDER BY id`);
    expect(runs).toHaveLength(BONDY_SET.length);
    for (const r of runs) {
      expect(r).toMatchObject({ status: 'succeeded', started_by: 'test', rows_rejected: 0 });
      expect(r.rows_read).toBe(r.rows_kept);
      expect(r.file_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(r.duration_ms)).toBeGreaterThanOrEqual(0);
    }
    expect(runs.map((r) => r.vintage)).toContain('2022-01-03 – 2022-12-30');
  });

  it('gives the same sales and statistics in SQL as the shared TypeScript rules of METHODOLOGY §1', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `SELECT l.*, m.date_mutation, m.nature_mutation, m.valeur_fonciere FROM dvf_lines l JOIN dvf_mutations m USING (id_mutation)
        ORDER BY l.source_line`,
    );
    const lines: MutationLine[] = rows.map((r) => ({
      idMutation: null,
      date: String(r.date_mutation),
      numeroDisposition: r.numero_disposition === null ? null : String(r.numero_disposition),
      natureLabel: String(r.nature_mutation),
      valeurFonciere: r.valeur_fonciere as number | null,
      insee: String(r.code_commune),
      idParcelle: r.id_parcelle as string | null,
      codeTypeLocal: r.code_type_local as number | null,
      surfaceReelleBati: r.surface_reelle_bati as number | null,
      nombrePiecesPrincipales: r.nombre_pieces_principales as number | null,
      lon: r.longitude as number | null,
      lat: r.latitude as number | null,
    }));
    const ts = salesForStatistics(lines, DEFAULT_BOUNDS);
    const sql = await db.query<{
      id_mutation: string;
      prix_m2: number;
      month: string;
      code_type_local: number;
      id_parcelle: string;
      longitude: number;
    }>(
      `SELECT id_mutation, prix_m2, month, code_type_local, id_parcelle, longitude FROM dvf_sales WHERE within_bounds ORDER BY id_mutation`,
    );
    expect(ts.length).toBeGreaterThan(300);
    expect(sql.map((s) => s.id_mutation)).toEqual(ts.map((s) => s.key).sort());
    const byKey = new Map(ts.map((s) => [s.key, s]));
    for (const s of sql) {
      expect(s.prix_m2).toBeCloseTo(byKey.get(s.id_mutation)?.pricePerM2 ?? 0, 6);
      expect(s.id_parcelle).toBe(byKey.get(s.id_mutation)?.idParcelle);
      expect(s.longitude).toBe(byKey.get(s.id_mutation)?.lon);
    }
    // Monthly statistics of the commune, per type, against the shared quantiles (percentile_cont).
    const stats = await db.query<{ type: string; month: string; n: number; median: number; mean: number; q1: number; q3: number }>(
      `SELECT type, month, n, median, mean, q1, q3 FROM dvf_stats_monthly WHERE level = 'commune' AND code = '93010'`,
    );
    expect(stats.length).toBeGreaterThan(20);
    for (const st of stats) {
      const values = ts
        .filter((s) => `${s.date.slice(0, 7)}-01` === st.month)
        .filter((s) => (st.type === 'maison_appartement' ? s.type === 'maison' || s.type === 'appartement' : s.type === st.type))
        .map((s) => s.pricePerM2);
      expect(values.length).toBe(st.n);
      expect(st.median).toBeCloseTo(quantile(values, 0.5), 6);
      expect(st.q1).toBeCloseTo(quantile(values, 0.25), 6);
      expect(st.q3).toBeCloseTo(quantile(values, 0.75), 6);
      expect(st.mean).toBeCloseTo(mean(values), 6);
    }
    const levels = await db.query<{ level: string }>(`SELECT DISTINCT level FROM dvf_stats_monthly ORDER BY level`);
    expect(levels.map((l) => l.level)).toEqual(['commune', 'departement', 'section']);
  });

  it('is idempotent: re-importing every file changes no row and keeps the counts', async () => {
    const before = await Promise.all(TABLES.map(([t, o]) => fingerprint(t, o)));
    for (const file of [...BONDY_SET].reverse()) {
      const again = await runImport(db, { path: file, startedBy: 'test' });
      expect(again.status).toBe('succeeded');
      expect(again.rowsKept).toBe(reports.get(file)?.rowsKept);
    }
    const after = await Promise.all(TABLES.map(([t, o]) => fingerprint(t, o)));
    expect(after).toEqual(before);
  });
});
