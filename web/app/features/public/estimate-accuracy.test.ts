/**
 * The accuracy published on /methodo is the one the benchmark measures: runs
 * `bench/estimate-accuracy.ts` (about 10 s, reads the Hendaye sample in ../shared/data) and
 * compares its test-split lines with ESTIMATE_ACCURACY.
 */
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_ACCURACY } from './estimate-accuracy';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function figures(line: string | undefined) {
  const m = /n=\s*(\d+)\s+MdAPE\s+([\d.]+) %\s+≤10 %\s+([\d.]+) %\s+≤20 %\s+([\d.]+) %/.exec(line ?? '');
  if (!m) throw new Error(`ligne du banc illisible : ${line}`);
  return { n: Number(m[1]), mdape: Number(m[2]) / 100, within10: Number(m[3]) / 100, within20: Number(m[4]) / 100 };
}

describe('published estimate accuracy', () => {
  it('matches the test split of bench/estimate-accuracy', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/estimate-accuracy.ts'], { cwd: ROOT, encoding: 'utf8' });
    const test = out.slice(out.indexOf('\ntest ('));
    const lines = test.split('\n');
    const method = figures(lines.find((l) => l.includes('Comparables')));
    const baseline = figures(lines.find((l) => l.includes('Référence')));
    const a = ESTIMATE_ACCURACY;
    expect(a).not.toBeNull();
    if (!a) return;
    expect(method.n).toBe(a.sales);
    expect(method.mdape).toBeCloseTo(a.method.medianAbsPctError, 3);
    expect(method.within10).toBeCloseTo(a.method.within10, 3);
    expect(method.within20).toBeCloseTo(a.method.within20, 3);
    expect(baseline.mdape).toBeCloseTo(a.baseline.medianAbsPctError, 3);
    expect(baseline.within10).toBeCloseTo(a.baseline.within10, 3);
    expect(baseline.within20).toBeCloseTo(a.baseline.within20, 3);
  }, 120_000);
});
