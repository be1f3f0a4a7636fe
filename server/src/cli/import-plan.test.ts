/**
 * The folder import's plan and report (issue 38, point 8), with the real detection on files
 * written here: recognised files are kept (parcels first), an unknown header, a saved web page
 * and cadastre buildings are set aside with their reason, notes are left out; the exit code fails
 * only for a recognised file that failed, or when nothing was recognised.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONDY, writeSalesFile } from '../features/alerts/testing/dvf-fixture.js';
import { ImportError } from '../importers/errors.js';
import { detectFileSource } from '../importers/run.js';
import { listFiles, outcome, planFiles, skippedLines } from './import-plan.js';

let dir: string;
const at = (...p: string[]) => path.join(dir, ...p);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-dossier-'));
  mkdirSync(at('dvf'));
  mkdirSync(at('cadastre'));
  mkdirSync(at('divers'));
  writeSalesFile(at('dvf'), 'geo-dvf-bondy.csv', [
    { id: 'P-1', date: '2023-03-01', type: 'appartement', surface: 50, price: 200_000, street: 'RUE A', ...BONDY },
  ]);
  writeFileSync(
    at('cadastre', 'cadastre-93010-parcelles.json'),
    JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { id: '93010000AB0001', contenance: 120 }, geometry: null }],
    }),
  );
  writeFileSync(
    at('cadastre', 'cadastre-93010-batiments.json'),
    JSON.stringify({ type: 'FeatureCollection', features: [{ properties: { type: '01' } }] }),
  );
  writeFileSync(at('divers', 'clients.csv'), 'nom;prenom\nDupont;Jeanne\n');
  writeFileSync(at('divers', 'annonce.html'), '<!doctype html><html><body>Annonce</body></html>\n');
  writeFileSync(at('divers', 'PROVENANCE.md'), '# Provenance\n');
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const files = () => listFiles(dir).map((p) => ({ path: p, name: path.basename(p) }));

describe('data:import of a folder', () => {
  it('keeps every recognised file, parcels first, and sets the others aside with why', async () => {
    expect(files().map((f) => f.name)).not.toContain('PROVENANCE.md');
    const { jobs, skipped } = await planFiles(files(), detectFileSource);
    expect(jobs.map((j) => [j.name, j.source])).toEqual([
      ['cadastre-93010-parcelles.json', 'cadastre'],
      ['cadastre-93010-batiments.json', 'batiments'],
      ['geo-dvf-bondy.csv', 'dvf'],
    ]);
    expect(skipped.map((s) => s.name).sort()).toEqual(['annonce.html', 'clients.csv']);
    const reasons = Object.fromEntries(skipped.map((s) => [s.name, s.reason]));
    expect(reasons['clients.csv']).toMatch(/^Type de fichier non reconnu pour «\s?clients\.csv\s?»/);
    const lines = skippedLines(skipped);
    expect(lines[0]).toBe('2 fichiers ignorés\u00a0:');
    expect(lines.slice(1).every((l) => l.startsWith(`  - ${dir}`))).toBe(true);
  });

  it('a forced source skips nothing; an error that is not about the file stops', async () => {
    const forced = await planFiles(files(), detectFileSource, 'dvf');
    expect(forced.skipped).toEqual([]);
    const broken = async () => {
      throw new Error('disque illisible');
    };
    await expect(planFiles(files(), broken)).rejects.toThrow('disque illisible');
    const refused = async () => {
      throw new ImportError('refusé');
    };
    expect((await planFiles(files(), refused)).skipped).toHaveLength(5);
  });

  it('fails only for a recognised file that failed, or when nothing was recognised', () => {
    expect(outcome(2, 0, 3)).toEqual({ line: '2 fichier(s) importé(s), 3 ignoré(s).', code: 0 });
    expect(outcome(2, 0, 0)).toEqual({ line: '2 fichier(s) importé(s).', code: 0 });
    expect(outcome(1, 1, 3)).toEqual({
      line: '1 import(s) en échec sur 2, 3 ignoré(s)\u00a0: les données précédentes sont intactes.',
      code: 1,
    });
    expect(outcome(0, 0, 2)).toEqual({ line: 'Aucun fichier reconnu, 2 ignoré(s)\u00a0: rien n’a été importé.', code: 1 });
  });
});
