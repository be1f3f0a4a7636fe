/**
 * Accuracy of the comparable-sales estimate (METHODOLOGY §2), measured by a chronological holdout
 * on the Hendaye DVF sample: every single-property sale of the test year is estimated from the
 * sales of the earlier years only, and compared with its real price.
 *
 *   node --import tsx bench/estimate-accuracy.ts
 *
 * Two splits: a validation split (2022 from 2019–2021), the only one on which the method may be
 * tuned, and the test split (2023 from 2019–2022), reported as the accuracy figure. Baseline:
 * "commune median €/m² × surface" — the median of the training sales of the same type in the
 * commune (the per-type median of the public "Indicateurs immobiliers par commune"), and, for
 * reference, the median of all types.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { type Accuracy, runSplit, type Split } from '../shared/src/market/accuracy.logic.ts';
import type { Candidate } from '../shared/src/market/comparables.logic.ts';
import { lineFromGeoDvf } from '../shared/src/market/dvf-records.ts';
import { salesForStatistics } from '../shared/src/market/mutation.logic.ts';

// Relative .ts imports: the bench runs the shared sources through tsx, without a build.

const SAMPLE = new URL('../../shared/data/dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv', import.meta.url);

const SPLITS: Split[] = [
  { name: 'validation (2022 estimé sur 2019–2021)', trainFrom: '2019', testYear: '2022' },
  { name: 'test (2023 estimé sur 2019–2022)', trainFrom: '2019', testYear: '2023' },
];

export function loadHendayeCandidates(): Candidate[] {
  const records = parse(readFileSync(SAMPLE), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const sales = salesForStatistics(records.map(lineFromGeoDvf));
  return sales
    .filter((s) => s.lon !== null && s.lat !== null)
    .map((s) => ({
      id: s.key,
      date: s.date,
      type: s.type,
      surface: s.surface,
      rooms: s.rooms,
      price: s.price,
      pricePerM2: s.pricePerM2,
      lon: s.lon as number,
      lat: s.lat as number,
      insee: s.insee,
    }));
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const row = (label: string, a: Accuracy) =>
  `  ${label.padEnd(44)} n=${String(a.n).padStart(4)}  MdAPE ${pct(a.mdape).padStart(7)}  ≤10 % ${pct(a.within10).padStart(7)}  ≤20 % ${pct(a.within20).padStart(7)}`;

function main(): void {
  const all = loadHendayeCandidates();
  console.info(`Échantillon Hendaye : ${all.length} ventes simples retenues (METHODOLOGY §1), 2019–2023.`);
  let beaten = true;
  for (const split of SPLITS) {
    const r = runSplit(all, split);
    console.info(`\n${split.name} — ${r.tested} ventes à estimer`);
    console.info(row('Comparables (§2)', r.method));
    console.info(row('Référence : médiane commune du type × surface', r.baselineSameTypeOnCovered));
    console.info(row('  (même référence, toutes les ventes)', r.baselineSameType));
    console.info(row('  (médiane commune tous types × surface)', r.baselineAllTypes));
    console.info(
      `  Couverture de la méthode : ${pct(r.coverage)} ; étape retenue : ${[...r.stepsUsed].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
    if (split.testYear === '2023') {
      beaten =
        r.method.mdape < r.baselineSameTypeOnCovered.mdape &&
        r.method.mdape < r.baselineAllTypes.mdape &&
        r.method.within20 > r.baselineSameTypeOnCovered.within20;
    }
  }
  console.info(beaten ? '\nLa méthode bat la référence sur l’année de test.' : '\nLa méthode NE bat PAS la référence sur l’année de test.');
  if (!beaten) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
