/**
 * Accuracy of the DPE localisation of a listing (METHODOLOGY §3, issue 12). The DPE samples are
 * imported; each DPE with an address is then hidden and looked for with the values a listing
 * would show: class letters, kWh/m²/an and kg CO₂/m²/an rounded to the unit, the surface moved by
 * up to ±5 % and rounded, the postcode and the type — once with the GES class and value, once
 * without. A hit is the hidden DPE's address among the first 1 or 5 candidates (several dwellings
 * share an address; the address is what is looked for). Prints top-1 and top-5 per sample file.
 *
 *   node --import tsx --import ./server/src/importers/child-register.mjs bench/localisation-accuracy.ts [max per file=400]
 */

import { openPglite } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { localise } from '../server/src/features/listings/localisation.ts';
import { importSamples } from '../server/src/features/market/test-support.ts';
import type { LocalisationQuery } from '../shared/src/listings/localisation.logic.ts';

const MAX_PER_FILE = Number(process.argv[2] ?? 200);
const FILES = ['dpe/dpe03existant_extrait-1000_france.csv', 'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv'];

/** Deterministic pseudo-random numbers (the bench must be reproducible). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Hidden {
  address: string;
  postcode: string;
  type: string | null;
  surface: number;
  dpe: string | null;
  ges: string | null;
  conso: number | null;
  emission: number | null;
}

async function main() {
  const db = await openPglite(undefined);
  await migrate(db);
  const random = rng(12);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  // Every file first: the DPE of one file compete with those of the others in shared postcodes.
  const runs: number[] = [];
  for (const file of FILES) {
    await importSamples(db, [file]);
    const [{ run } = { run: 0 }] = await db.query<{ run: number }>('SELECT max(id)::int AS run FROM import_runs');
    runs.push(run);
  }
  for (const [i, file] of FILES.entries()) {
    const run = runs[i];
    const hidden = await db.query<Hidden>(
      `SELECT adresse_ban AS address, code_postal_ban AS postcode, type_batiment AS type, surface_habitable_logement::float8 AS surface,
              etiquette_dpe AS dpe, etiquette_ges AS ges, conso_5_usages_ep_m2::float8 AS conso, emission_ges_5_usages_m2::float8 AS emission
         FROM dpe WHERE import_run_id = $1 AND adresse_ban IS NOT NULL AND code_postal_ban IS NOT NULL AND surface_habitable_logement > 0
        ORDER BY numero_dpe LIMIT $2`,
      [run, MAX_PER_FILE],
    );
    for (const withGes of [true, false]) {
      let top1 = 0;
      let top5 = 0;
      let zone = 0;
      for (const h of hidden) {
        const moved = h.surface * (1 + (random() * 2 - 1) * 0.05);
        const q: LocalisationQuery = {
          postcode: h.postcode,
          type: h.type === 'maison' ? 'maison' : 'appartement',
          surface: Math.max(1, Math.round(moved)),
          ...(h.dpe ? { dpe: h.dpe as LocalisationQuery['dpe'] } : {}),
          ...(h.conso !== null ? { conso: Math.round(h.conso) } : {}),
          ...(withGes && h.ges ? { ges: h.ges as LocalisationQuery['ges'] } : {}),
          ...(withGes && h.emission !== null ? { emission: Math.round(h.emission) } : {}),
        };
        const candidates = await localise(db, q);
        const at = candidates.findIndex((c) => c.address === h.address);
        if (process.env.DEBUG && (at < 0 || at >= 5))
          console.info(
            at,
            JSON.stringify(q),
            h.surface,
            h.conso,
            h.emission,
            JSON.stringify(candidates.slice(0, 3).map((c) => [c.score, c.reasons.join(' | ')])),
          );
        if (at === 0) top1++;
        if (at >= 0 && at < 5) top5++;
        const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
          'SELECT count(DISTINCT adresse_ban)::int AS n FROM dpe WHERE code_postal_ban = $1',
          [h.postcode],
        );
        zone += n;
      }
      const n = hidden.length;
      console.info(
        `${file} — ${withGes ? 'avec GES' : 'sans GES'} : ${n} DPE cachés, top-1 ${pct(top1 / n)}, top-5 ${pct(top5 / n)} ` +
          `(en moyenne ${(zone / n).toFixed(0)} adresses dans le code postal)`,
      );
    }
  }
  await db.close();
}

await main();
