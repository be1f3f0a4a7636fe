/**
 * A geo-DVF file re-exported with `;` (or a tab) is the same data: generated at test time from the
 * real Hendaye sample, in a temporary folder, it imports with the same figures as the original,
 * and a column really missing still gives the French error.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { SAMPLE, samplePath } from '../features/market/test-support.js';
import { createTestDb } from '../test/db.js';
import { detectDelimiter } from './csv.js';
import { runImport } from './run.js';

const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-dvf-separator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The sample written again with another separator, every field quoted as a spreadsheet does. */
function reexport(delimiter: string, drop?: string): string {
  const rows: string[][] = parse(readFileSync(samplePath(SAMPLE.hendayeDvf), 'utf8'), { bom: true, relax_column_count: true });
  const at = drop ? (rows[0] ?? []).indexOf(drop) : -1;
  const kept = rows.map((r) => (at >= 0 ? r.filter((_, i) => i !== at) : r));
  const file = path.join(dir, `hendaye-${delimiter === '\t' ? 'tab' : 'semicolon'}${drop ? '-sans' : ''}.csv`);
  writeFileSync(file, `\ufeff${kept.map((r) => r.map((f) => `"${f.replace(/"/g, '""')}"`).join(delimiter)).join('\r\n')}\r\n`);
  return file;
}

async function figures(db: Db) {
  const [m] = await db.query<Record<string, unknown>>(
    `SELECT count(*)::int AS mutations, sum(valeur_fonciere)::float8 AS total, count(DISTINCT code_commune)::int AS communes,
            round(sum(longitude)::numeric, 4)::float8 AS lon, round(sum(latitude)::numeric, 4)::float8 AS lat
       FROM dvf_mutations`,
  );
  return m;
}

describe('geo-DVF separators', () => {
  let comma: Db;
  let semicolon: Db;
  let tab: Db;
  beforeAll(async () => {
    [comma, semicolon, tab] = await Promise.all([createTestDb(), createTestDb(), createTestDb()]);
  });
  afterAll(async () => {
    await Promise.all([comma?.close(), semicolon?.close(), tab?.close()]);
  });

  it('a semicolon or tab file imports with the same figures as the comma one', async () => {
    const a = await runImport(comma, { path: samplePath(SAMPLE.hendayeDvf), source: 'dvf', startedBy: 'test' });
    const b = await runImport(semicolon, { path: reexport(';'), source: 'dvf', startedBy: 'test' });
    const c = await runImport(tab, { path: reexport('\t'), source: 'dvf', startedBy: 'test' });
    expect([a.status, b.status, c.status]).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(b.rowsKept).toBe(a.rowsKept);
    expect(c.rowsKept).toBe(a.rowsKept);
    expect(a.rowsKept).toBeGreaterThan(100);
    const expected = await figures(comma);
    expect(await figures(semicolon)).toEqual(expected);
    expect(await figures(tab)).toEqual(expected);
  });

  it('a column really missing is still named in French', async () => {
    const before = await figures(semicolon);
    const report = await runImport(semicolon, { path: reexport(';', 'valeur_fonciere'), source: 'dvf', startedBy: 'test' });
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/colonnes obligatoires absentes de l’en-tête\u00a0: valeur_fonciere\.$/);
    // Refused before any row: the data already imported is unchanged.
    expect(await figures(semicolon)).toEqual(before);
  });
});

describe('detectDelimiter', () => {
  it('takes the separator that splits the header most, outside quotes, past a byte-order mark', () => {
    expect(detectDelimiter('id_mutation,date_mutation,valeur_fonciere')).toBe(',');
    expect(detectDelimiter('\ufeff"id_mutation";"date_mutation";"valeur_fonciere"')).toBe(';');
    expect(detectDelimiter('"a,b";"c";"d"')).toBe(';');
    expect(detectDelimiter('id_mutation\tdate_mutation\tvaleur_fonciere')).toBe('\t');
    expect(detectDelimiter('seule_colonne')).toBe(',');
  });
});
