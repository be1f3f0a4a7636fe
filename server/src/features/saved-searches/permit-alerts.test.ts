/**
 * The alert of a saved permit search: the Sitadel permits of its filters first brought by the
 * import runs of the alert's window. The Toulouse demolition list is imported without its last
 * lines, then whole: the alert sends exactly those lines; a re-import of the same list sends none.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { SITADEL_SAMPLES } from '../../importers/test-risk-samples.js';
import { createTestDb } from '../../test/db.js';
import { countResults, newRows } from './tools.js';

let db: Db;
let dir: string;
const HELD_BACK = 4;
let runs: { first: number; second: number; third: number };
let lastLines: Record<string, string>[];
let all: Record<string, string>[];

beforeAll(async () => {
  db = await createTestDb();
  dir = mkdtempSync(path.join(tmpdir(), 'alertes-permis-'));
  const text = readFileSync(SITADEL_SAMPLES.demolir, 'utf8').trimEnd();
  const lines = text.split('\n');
  const partial = path.join(dir, 'sitadel_Liste-des-permis-de-demolir.2025-12_31555_toulouse.csv');
  writeFileSync(partial, `${lines.slice(0, -HELD_BACK).join('\n')}\n`);
  all = parse(text, { delimiter: ';', from_line: 2, columns: true, relax_quotes: true }) as Record<string, string>[];
  lastLines = all.slice(-HELD_BACK);
  const first = await runImport(db, { path: partial, startedBy: 'test' });
  expect(first.status, first.error ?? '').toBe('succeeded');
  const second = await runImport(db, { path: SITADEL_SAMPLES.demolir, startedBy: 'test' });
  expect(second.status, second.error ?? '').toBe('succeeded');
  const third = await runImport(db, { path: SITADEL_SAMPLES.demolir, startedBy: 'test' });
  expect(third.status, third.error ?? '').toBe('succeeded');
  runs = { first: first.runId, second: second.runId, third: third.runId };
}, 180_000);
afterAll(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('alerts of a saved permit search', () => {
  it('sends the permits the newer list brought, and none again when the same list is re-imported', async () => {
    const window = { after: runs.first, upTo: runs.second };
    const rows = await newRows(db, 'permis', 'commune=31555&liste=demolir', 'personne', window, 50);
    expect(rows.map((r) => r.id).sort()).toEqual(lastLines.map((l) => `demolir/PD/${l.NUM_PD}`).sort());
    expect(rows.every((r) => r.source === 'permit' && r.detail.startsWith('Permis de démolir'))).toBe(true);
    expect(await newRows(db, 'permis', 'commune=31555', 'personne', { after: runs.second, upTo: runs.third }, 50)).toEqual([]);
    // Another commune's search, and a list the new lines are not in, find none of them.
    expect(await newRows(db, 'permis', 'commune=31069', 'personne', window, 50)).toEqual([]);
    expect(await newRows(db, 'permis', 'commune=31555&liste=amenager', 'personne', window, 50)).toEqual([]);
  });

  it('counts the results of the saved search as the permit search does', async () => {
    expect(await countResults(db, 'permis', 'commune=31555&liste=demolir', 'personne')).toBe(all.length);
    const since = all.filter((l) => (l.DATE_REELLE_AUTORISATION ?? '') >= '2023-01-01').length;
    expect(since).toBeGreaterThan(0);
    expect(await countResults(db, 'permis', 'commune=31555&du=2023-01-01', 'personne')).toBe(since);
  });
});
