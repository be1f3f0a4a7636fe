/**
 * The reading floor of each importer: the benchmark files of bench/import-throughput.ts read,
 * validated and written as staging CSV lines (what `Stage.add` does), with no database. Three
 * passes per source; the best is printed, next to what the whole import may take at the target.
 *
 *   npm run bench:import-reading -w bench        (BENCH_SOURCE=dvf to read one source)
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { openInput } from '../server/src/importers/input.ts';
import { IMPORTERS } from '../server/src/importers/run.ts';
import { csvField } from '../server/src/importers/stage.ts';
import { buildInputs, removeInputs } from './import-inputs.ts';

async function readOnce(source: keyof typeof IMPORTERS, file: string): Promise<{ rows: number; ms: number }> {
  const input = await openInput(file, path.basename(file));
  const t0 = performance.now();
  let rows = 0;
  let chars = 0;
  for await (const row of IMPORTERS[source].rows(input, { fileName: file, reject: () => undefined })) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += i === 0 ? csvField(row[i]) : `,${csvField(row[i])}`;
    chars += line.length;
    rows++;
  }
  if (chars === 0) throw new Error(`${source}: nothing read`);
  return { rows, ms: performance.now() - t0 };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_SOURCE;
  console.log(`load average ${loadavg()[0]?.toFixed(2)}`);
  console.log('source    | rows    | best of 3 | rows/s');
  for (const { source, file } of buildInputs()) {
    if (only && source !== only) continue;
    let best = Number.POSITIVE_INFINITY;
    let rows = 0;
    for (let pass = 0; pass < 3; pass++) {
      const r = await readOnce(source, file);
      rows = r.rows;
      best = Math.min(best, r.ms);
    }
    console.log(
      `${source.padEnd(9)} | ${String(rows).padStart(7)} | ${(best / 1000).toFixed(2).padStart(7)} s | ${String(Math.round(rows / (best / 1000))).padStart(7)}`,
    );
  }
  removeInputs();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
