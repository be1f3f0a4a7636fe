/**
 * The benchmark files of the importers (bench/import-throughput.ts, bench/import-profile.ts): the
 * samples of ../shared/data multiplied (ids made unique) to reach tens of thousands of rows,
 * written to a temporary folder (`removeInputs` deletes it).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Source } from '../server/src/importers/importer.ts';
import { SAMPLES } from '../server/src/importers/test-samples.ts';

const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-import-'));

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
}

/** Writes `times` copies of a CSV sample, each data row passed through `alter(row, copy)`. */
function multiply(file: string, name: string, times: number, alter: (row: string, copy: number) => string): string {
  const [header, ...rows] = lines(file);
  const out = [header as string];
  for (let k = 0; k < times; k++) for (const r of rows) out.push(alter(r, k));
  const dest = path.join(work, name);
  writeFileSync(dest, `${out.join('\n')}\n`);
  return dest;
}

export function buildInputs(): { source: Source; file: string }[] {
  // Cadastre: the four Bondy vintages and Paris 18e are distinct parcels only across communes,
  // so the 2025 Bondy file and Paris 18e (≈ 14 000 parcels) are concatenated as one collection.
  const bondy = JSON.parse(gunzipSync(readFileSync(SAMPLES.cadastreBondy(2025))).toString('utf8')) as { features: unknown[] };
  const paris = JSON.parse(readFileSync(SAMPLES.cadastreParis18, 'utf8')) as { features: unknown[] };
  const cadastre = path.join(work, 'cadastre-bench.json');
  writeFileSync(
    cadastre,
    `{"type":"FeatureCollection","features":[\n${[...bondy.features, ...paris.features].map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`,
  );
  return [
    { source: 'cadastre', file: cadastre },
    // BAN: the Bondy addresses under 12 distinct ids (one commune replaced as a whole).
    { source: 'ban', file: multiply(SAMPLES.banBondy, 'ban-bench.csv', 12, (r, k) => r.replace(/^93010_/, `93010_${k}x`)) },
    // Raw DVF: each copy a cent dearer, so that the copies are distinct mutations.
    {
      source: 'dvf-raw',
      file: multiply(SAMPLES.dvfRawBondy, 'dvf-raw-bench.txt', 25, (r, k) =>
        r.replace(/^((?:[^|]*\|){10})(\d+),(\d+)\|/, (_m, h, e) => `${h}${e},${String(k).padStart(2, '0')}|`),
      ),
    },
    { source: 'dvf', file: multiply(SAMPLES.dvfHendaye, 'dvf-bench.csv', 20, (r, k) => r.replace(/^(\d{4})-(\d+)/, `$1-${k}$2`)) },
    {
      source: 'dpe',
      file: multiply(SAMPLES.dpeExistant, 'dpe-bench.csv', 40, (r, k) => r.replace(/^"?([0-9A-Z]+)/, (_m, id) => `"${id}${k}`)),
    },
    {
      source: 'copro',
      file: multiply(SAMPLES.rnicBondy, 'rnic-bench.csv', 400, (r, k) =>
        r.replace(
          /"AA(\d{7})"/,
          (_m, n) => `"A${String.fromCharCode(65 + (k % 26))}${String((Number(n) + k * 7919) % 1e7).padStart(7, '0')}"`,
        ),
      ),
    },
  ];
}

export function removeInputs(): void {
  rmSync(work, { recursive: true, force: true });
}
