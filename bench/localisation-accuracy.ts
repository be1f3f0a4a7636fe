/**
 * Accuracy of the DPE localisation of a listing (METHODOLOGY §3, issue 12). The DPE samples are
 * imported; each DPE with an address is then hidden and looked for with the values a listing
 * would show: class letters, kWh/m²/an and kg CO₂/m²/an rounded to the unit, the surface moved by
 * up to ±5 % and rounded, the postcode and the type — once with the GES class and value, once
 * without. A hit is the hidden DPE's address among the first 1 or 5 candidates (several dwellings
 * share an address; the address is what is looked for). Prints top-1 and top-5 per sample file,
 * for two draws: the first DPE by number with the noise of seed 12 (the reference figure), and DPE
 * drawn at random with another noise seed (to show the figure is not the luck of one draw).
 *
 * Also printed, how often the values cannot tell the hidden DPE apart: the share of hidden DPE for
 * which at least 5 other addresses hold a DPE with the same letters, the same values rounded to the
 * unit and a surface within ±5 % of the hidden one's, and among them those where 5 such addresses
 * hold at least as many of these lookalikes as the right one — there, no method using these values
 * can rank the right address in the top 5 but by chance.
 *
 *   node --import tsx --import ./server/src/importers/child-register.mjs bench/localisation-accuracy.ts [max per file=200]
 */

import { openPglite } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { dpeOfZone, localise } from '../server/src/features/listings/localisation.ts';
import { importSamples } from '../server/src/features/market/test-support.ts';
import type { LocalisationQuery } from '../shared/src/listings/localisation.logic.ts';

type Db = Awaited<ReturnType<typeof openPglite>>;

const MAX_PER_FILE = Number(process.argv[2] ?? 200);
const FILES = ['dpe/dpe03existant_extrait-1000_france.csv', 'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv'];
/** The reference draw (first DPE by number, noise seed 12) and a second, independent one. */
const DRAWS = [
  { label: 'premiers DPE par numéro, bruit graine 12', order: 'numero_dpe', seed: 12 },
  { label: 'DPE tirés au hasard, bruit graine 2026', order: "md5(numero_dpe || 'tirage-2026')", seed: 2026 },
] as const;

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

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rounded = (v: number | null) => (v === null ? null : Math.round(v));

/** The query a listing of this DPE would allow: letters, values to the unit, surface moved and rounded. */
function listingQuery(h: Hidden, withGes: boolean, random: () => number): LocalisationQuery {
  const moved = h.surface * (1 + (random() * 2 - 1) * 0.05);
  return {
    postcode: h.postcode,
    type: h.type === 'maison' ? 'maison' : 'appartement',
    surface: Math.max(1, Math.round(moved)),
    ...(h.dpe ? { dpe: h.dpe as LocalisationQuery['dpe'] } : {}),
    ...(h.conso !== null ? { conso: Math.round(h.conso) } : {}),
    ...(withGes && h.ges ? { ges: h.ges as LocalisationQuery['ges'] } : {}),
    ...(withGes && h.emission !== null ? { emission: Math.round(h.emission) } : {}),
  };
}

/**
 * Addresses other than the hidden DPE's that hold lookalikes of it — a DPE with the same letters,
 * the same values rounded to the unit and a surface within ±5 % — in all, and those holding at
 * least as many lookalikes as the hidden DPE's own address (which the values cannot rank below).
 */
async function lookalikeAddresses(db: Db, h: Hidden, withGes: boolean): Promise<{ others: number; asMany: number }> {
  const zone = await dpeOfZone(db, { postcode: h.postcode, surface: h.surface });
  const perAddress = new Map<string, number>();
  for (const d of zone) {
    const same =
      d.address !== null &&
      d.surface !== null &&
      Math.abs(d.surface - h.surface) <= h.surface * 0.05 &&
      d.dpeClass === h.dpe &&
      rounded(d.conso) === rounded(h.conso) &&
      (!withGes || (d.gesClass === h.ges && rounded(d.emission) === rounded(h.emission)));
    if (same && d.address) perAddress.set(d.address, (perAddress.get(d.address) ?? 0) + 1);
  }
  const own = perAddress.get(h.address) ?? 0;
  const others = [...perAddress].filter(([address]) => address !== h.address).map(([, n]) => n);
  return { others: others.length, asMany: others.filter((n) => n >= own).length };
}

async function measure(db: Db, file: string, run: number, draw: (typeof DRAWS)[number], random: () => number) {
  const hidden = await db.query<Hidden>(
    `SELECT adresse_ban AS address, code_postal_ban AS postcode, type_batiment AS type, surface_habitable_logement::float8 AS surface,
            etiquette_dpe AS dpe, etiquette_ges AS ges, conso_5_usages_ep_m2::float8 AS conso, emission_ges_5_usages_m2::float8 AS emission
       FROM dpe WHERE import_run_id = $1 AND adresse_ban IS NOT NULL AND code_postal_ban IS NOT NULL AND surface_habitable_logement > 0
      ORDER BY ${draw.order} LIMIT $2`,
    [run, MAX_PER_FILE],
  );
  for (const withGes of [true, false]) {
    let top1 = 0;
    let top5 = 0;
    let lookalikes = 0;
    let hopeless = 0;
    let zone = 0;
    for (const h of hidden) {
      const q = listingQuery(h, withGes, random);
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
      const alike = await lookalikeAddresses(db, h, withGes);
      if (alike.others >= 5) lookalikes++;
      if (alike.asMany >= 5) hopeless++;
      const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
        'SELECT count(DISTINCT adresse_ban)::int AS n FROM dpe WHERE code_postal_ban = $1',
        [h.postcode],
      );
      zone += n;
    }
    const n = hidden.length;
    console.info(
      `${file} — ${draw.label} — ${withGes ? 'avec GES' : 'sans GES'} : ${n} DPE cachés, top-1 ${pct(top1 / n)}, top-5 ${pct(top5 / n)}, ` +
        `≥ 5 autres adresses aux mêmes valeurs ${pct(lookalikes / n)}, dont autant de DPE semblables que la vraie ${pct(hopeless / n)} ` +
        `(en moyenne ${(zone / n).toFixed(0)} adresses dans le code postal)`,
    );
  }
}

async function main() {
  const db = await openPglite(undefined);
  await migrate(db);
  // Every file first: the DPE of one file compete with those of the others in shared postcodes.
  const runs: number[] = [];
  for (const file of FILES) {
    await importSamples(db, [file]);
    const [{ run } = { run: 0 }] = await db.query<{ run: number }>('SELECT max(id)::int AS run FROM import_runs');
    runs.push(run);
  }
  for (const draw of DRAWS) {
    // One noise sequence per draw, over the files in turn (the reference draw's figures stay comparable).
    const random = rng(draw.seed);
    for (const [i, file] of FILES.entries()) await measure(db, file, runs[i] ?? 0, draw, random);
  }
  await db.close();
}

await main();
