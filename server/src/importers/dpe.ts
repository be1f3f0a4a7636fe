/**
 * DPE importer (ADEME): the current `dpe03existant` layout (snake_case) and the older data.ademe.fr
 * export with display labels (`N°DPE`, `Etiquette_DPE`, `Coordonnée_cartographique_X_(BAN)`…).
 * Headers are folded (no accents, `_`) and mapped to one vocabulary. Coordinates: `_geopoint`
 * ("lat,lon") when present, else Lambert-93 (EPSG:2154) converted with proj4. Upserted by numero_dpe.
 */

import { typedHouseNumber } from '@immoloupe/shared/dpe/dpe-address.logic';
import proj4 from 'proj4';
import type { Queryable } from '../db/client.js';
import { BULK_RATIO, estimatedRows, withIndexesDeferred } from './bulk-indexes.js';
import { csvRecordBatches } from './csv.js';
import { foldHeader } from './detect.js';
import { ImportError } from './errors.js';
import type { Importer } from './importer.js';
import { emitImportEvent } from './refresh.js';
import type { Column } from './stage.js';
import { dropStagedDuplicatesSql } from './stage.js';
import { upsertStaged } from './upsert.js';

const LAMBERT93 =
  '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
const toWgs84 = proj4(LAMBERT93, 'EPSG:4326');

/** Lambert-93 (metres) → WGS84 lon/lat, or null outside metropolitan France's projection domain. */
export function lambert93ToWgs84(x: number, y: number): { lon: number; lat: number } | null {
  if (!(x > 0 && x < 1_400_000 && y > 6_000_000 && y < 7_200_000)) return null;
  const [lon, lat] = toWgs84.forward([x, y]) as [number, number];
  return Number.isFinite(lon) && Number.isFinite(lat) ? { lon, lat } : null;
}

/** Folded header of the labelled export → name in the current layout. */
const ALIASES: Record<string, string> = {
  n_dpe: 'numero_dpe',
  n_dpe_remplace: 'numero_dpe_remplace',
  n_immatriculation_copropriete: 'numero_immatriculation_copropriete',
  n_voie_ban: 'numero_voie_ban',
  n_etage_appartement: 'numero_etage_appartement',
  conso_5_usages_par_m2_e_primaire: 'conso_5_usages_par_m2_ep',
  complement_d_adresse_logement: 'complement_adresse_logement',
  complement_d_adresse_batiment: 'complement_adresse_batiment',
  geopoint: 'geopoint',
  adresse_brute: 'adresse_brut',
};

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['numero_dpe', 'text'],
  ['modele', 'text'],
  ['date_etablissement', 'date'],
  ['date_fin_validite', 'date'],
  ['numero_dpe_remplace', 'text'],
  ['etiquette_dpe', 'text'],
  ['etiquette_ges', 'text'],
  ['type_batiment', 'text'],
  ['annee_construction', 'integer'],
  ['periode_construction', 'text'],
  ['surface_habitable_logement', 'numeric'],
  ['conso_5_usages_ep_m2', 'numeric'],
  ['emission_ges_5_usages_m2', 'numeric'],
  ['numero_immatriculation_copropriete', 'text'],
  ['adresse_ban', 'text'],
  ['numero_voie_ban', 'text'],
  ['nom_rue_ban', 'text'],
  ['code_postal_ban', 'text'],
  ['code_insee_ban', 'text'],
  ['nom_commune_ban', 'text'],
  ['identifiant_ban', 'text'],
  ['x_l93', 'double precision'],
  ['y_l93', 'double precision'],
  ['longitude', 'double precision'],
  ['latitude', 'double precision'],
  ['numero_etage_appartement', 'integer'],
  ['nom_residence', 'text'],
  ['complement_adresse_batiment', 'text'],
  ['complement_adresse_logement', 'text'],
  ['numero_voie_saisi', 'text'],
  // Always empty in the file: the import writes the file's point, and a placement at a typed
  // number from before no longer holds (the DPE feature places them again on `dpeMerged`).
  ['typed_address_ban_id', 'text'],
  ['street_longitude', 'double precision'],
  ['street_latitude', 'double precision'],
];

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const LABEL = /^[A-G]$/;

function text(v: string | undefined): string | null {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

function number(name: string, v: string | undefined, integer = false): Parsed<number | null> {
  const t = text(v);
  if (t === null) return { ok: true, value: null };
  const n = Number(t.replace(',', '.'));
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) return { ok: false, reason: `${name} invalide « ${t} »` };
  return { ok: true, value: n };
}

export const dpeImporter: Importer = {
  source: 'dpe',
  columns,
  // The duplicate removal joins on the DPE number; the insert reads the rows in full.
  analyze: ['numero_dpe', 'source_line'],
  async *rows(input, ctx) {
    let index: Map<string, number> | null = null;
    let width = 0;
    let modele: 'existant' | 'neuf' = 'existant';
    for await (const records of csvRecordBatches(input.text(), { delimiter: ',', quoted: true }, ctx))
      for (const ev of records) {
        if (!index) {
          index = new Map();
          for (const [i, h] of ev.fields.entries()) {
            const folded = foldHeader(h);
            const name = ALIASES[folded] ?? folded;
            if (!index.has(name)) index.set(name, i);
          }
          width = ev.fields.length;
          const missing = ['numero_dpe', 'date_etablissement_dpe'].filter((c) => !index?.has(c));
          if (missing.length > 0)
            throw new ImportError(`« ${input.name} »\u00a0: colonnes DPE absentes de l’en-tête\u00a0: ${missing.join(', ')}.`);
          // New dwellings have no construction year or period; the older export names its dataset in the file name.
          modele =
            /neuf/i.test(input.name) || !(index.has('annee_construction') || index.has('periode_construction')) ? 'neuf' : 'existant';
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width}`);
          continue;
        }
        const f = (name: string) => {
          const i = index?.get(name);
          return i === undefined ? undefined : ev.fields[i];
        };
        const numero = text(f('numero_dpe'));
        if (!numero) {
          ctx.reject(ev.line, 'numéro de DPE absent');
          continue;
        }
        const date = text(f('date_etablissement_dpe'));
        if (!date || !DATE.test(date)) {
          ctx.reject(ev.line, `date d’établissement invalide « ${date ?? ''} »`);
          continue;
        }
        const fin = text(f('date_fin_validite_dpe'));
        const labels = [text(f('etiquette_dpe'))?.toUpperCase() ?? null, text(f('etiquette_ges'))?.toUpperCase() ?? null];
        const badLabel = labels.find((l) => l !== null && !LABEL.test(l));
        if (badLabel) {
          ctx.reject(ev.line, `étiquette invalide « ${badLabel} » (A à G attendu)`);
          continue;
        }
        const nums = [
          number('année de construction', f('annee_construction'), true),
          number('surface habitable', f('surface_habitable_logement')),
          number('consommation', f('conso_5_usages_par_m2_ep')),
          number('émissions', f('emission_ges_5_usages_par_m2')),
          number('coordonnée X', f('coordonnee_cartographique_x_ban')),
          number('coordonnée Y', f('coordonnee_cartographique_y_ban')),
          number('étage', f('numero_etage_appartement'), true),
        ];
        const bad = nums.find((n) => !n.ok);
        if (bad && !bad.ok) {
          ctx.reject(ev.line, bad.reason);
          continue;
        }
        const [annee, surface, conso, ges, x, y, etage] = nums.map((n) => (n.ok ? n.value : null));
        let lon: number | null = null;
        let lat: number | null = null;
        const geopoint = text(f('geopoint'));
        if (geopoint) {
          const [a, b] = geopoint.split(',').map((s) => Number(s.trim()));
          if (a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180) {
            lat = a;
            lon = b;
          }
        }
        if (lon === null && x != null && y != null) {
          const p = lambert93ToWgs84(x, y);
          if (p) {
            lon = p.lon;
            lat = p.lat;
          }
        }
        const cp = text(f('code_postal_ban'));
        yield [
          ev.line,
          numero,
          modele,
          date,
          fin && DATE.test(fin) ? fin : null,
          text(f('numero_dpe_remplace')),
          labels[0],
          labels[1],
          text(f('type_batiment'))?.toLowerCase() ?? null,
          annee ?? null,
          text(f('periode_construction')),
          surface ?? null,
          conso ?? null,
          ges ?? null,
          text(f('numero_immatriculation_copropriete')),
          text(f('adresse_ban')),
          text(f('numero_voie_ban')),
          text(f('nom_rue_ban')),
          cp ? cp.padStart(5, '0') : null,
          text(f('code_insee_ban')),
          text(f('nom_commune_ban')),
          text(f('identifiant_ban')),
          x ?? null,
          y ?? null,
          lon,
          lat,
          etage ?? null,
          text(f('nom_residence')),
          text(f('complement_adresse_batiment')),
          text(f('complement_adresse_logement')),
          typedHouseNumber(f('adresse_brut'), text(f('identifiant_ban')), text(f('nom_rue_ban'))),
          null,
          null,
          null,
        ];
      }
    if (!index) throw new ImportError(`Le fichier « ${input.name} » est vide.`);
  },
  merge: mergeDpe,
};

async function mergeDpe(tx: Queryable, stage: string, ctx: { runId: number }) {
  const cols = columns.map(([n]) => n).filter((n) => n !== 'source_line');
  await tx.exec(dropStagedDuplicatesSql(stage, 'numero_dpe'));
  const bulk = (await estimatedRows(tx, stage)) >= BULK_RATIO * (await estimatedRows(tx, 'dpe'));
  // Counted in the database: a département's DPE are hundreds of thousands of rows.
  const counts = await withIndexesDeferred(tx, ['dpe'], bulk, () =>
    upsertStaged(tx, { table: 'dpe', stage, key: 'numero_dpe', columns: cols, runId: ctx.runId }),
  );
  await emitImportEvent(tx, 'dpeMerged', { stage });
  const [c] = await tx.query<{ first: string | null; last: string | null; geolocated: number; communes: number; modele: string | null }>(
    `SELECT min(date_etablissement)::text AS first, max(date_etablissement)::text AS last,
            count(*) FILTER (WHERE latitude IS NOT NULL)::int AS geolocated, count(DISTINCT code_insee_ban)::int AS communes,
            min(modele) AS modele
       FROM ${stage}`,
  );
  return {
    vintage: c?.first && c.last ? `${c.first} – ${c.last}` : null,
    summary: {
      dpe: counts.inserted + counts.updated,
      inserted: counts.inserted,
      updated: counts.updated,
      geolocated: c?.geolocated ?? 0,
      communes: c?.communes ?? 0,
      modele: c?.modele ?? null,
    },
  };
}
