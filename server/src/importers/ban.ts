/**
 * BAN importer (`adresses-{dep}.csv`, `;`, no quoting, 23 columns). One file replaces the addresses
 * of the communes it covers; the streets (`ban_voies`) of those communes are rebuilt for the geocoder.
 */
import type { Queryable } from '../db/client.js';
import { searchText } from '../places/search-text.logic.js';
import { BULK_RATIO, estimatedRows, withIndexesDeferred } from './bulk-indexes.js';
import { csvRecordBatches } from './csv.js';
import { ImportError } from './errors.js';
import type { Importer } from './importer.js';
import { emitImportEvent } from './refresh.js';
import type { Column } from './stage.js';
import { dropStagedDuplicatesSql } from './stage.js';
import { repairDoubleUtf8 } from './text-repair.logic.js';

const BAN_COLUMNS = [
  'id',
  'id_fantoir',
  'numero',
  'rep',
  'nom_voie',
  'code_postal',
  'code_insee',
  'nom_commune',
  'code_insee_ancienne_commune',
  'nom_ancienne_commune',
  'x',
  'y',
  'lon',
  'lat',
  'type_position',
  'alias',
  'nom_ld',
  'libelle_acheminement',
  'nom_afnor',
  'source_position',
  'source_nom_voie',
  'certification_commune',
  'cad_parcelles',
] as const;
const REQUIRED = ['id', 'numero', 'nom_voie', 'code_insee', 'nom_commune', 'lon', 'lat'];

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['id', 'text'],
  ['id_fantoir', 'text'],
  ['numero', 'integer'],
  ['rep', 'text'],
  ['nom_voie', 'text'],
  ['code_postal', 'text'],
  ['code_insee', 'text'],
  ['nom_commune', 'text'],
  ['code_insee_ancienne_commune', 'text'],
  ['nom_ancienne_commune', 'text'],
  ['x', 'double precision'],
  ['y', 'double precision'],
  ['lon', 'double precision'],
  ['lat', 'double precision'],
  ['type_position', 'text'],
  ['alias', 'text'],
  ['nom_ld', 'text'],
  ['libelle_acheminement', 'text'],
  ['nom_afnor', 'text'],
  ['source_position', 'text'],
  ['source_nom_voie', 'text'],
  ['certification_commune', 'boolean'],
  ['cad_parcelles', 'text[]'],
  ['voie_key', 'text'],
];

/** A field's text, trimmed; names encoded twice by a re-export (« RÃ©publique ») are repaired. */
function text(v: string | undefined): string | null {
  const t = (v ?? '').trim();
  return t === '' ? null : repairDoubleUtf8(t);
}

function num(v: string | undefined): number | null | undefined {
  const t = text(v);
  if (t === null) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Street key of an address: commune + normalised street name, + the former commune it lies in when
 * the BAN gives one: the villages of a commune nouvelle each keep their « Rue de l'Église ».
 */
export function voieKey(codeInsee: string, nomVoie: string, ancienneCommune: string | null = null): string {
  return `${codeInsee}|${searchText(nomVoie)}${ancienneCommune ? `|${ancienneCommune}` : ''}`;
}

export const banImporter: Importer = {
  source: 'ban',
  columns,
  // The duplicate removal joins on the id, the communes are taken from code_insee.
  analyze: ['id', 'source_line', 'code_insee'],
  async *rows(input, ctx) {
    let index: Map<string, number> | null = null;
    let width = 0;
    // A street's folded name, computed once per street rather than per address (a BAN file lists a
    // street's addresses together, a hundred on average): folding was a fifth of the reading time.
    const folded = new Map<string, string>();
    const streetKey = (insee: string, nomVoie: string, ancienne: string | null): string => {
      let name = folded.get(nomVoie);
      if (name === undefined) {
        if (folded.size >= 100_000) folded.clear();
        name = searchText(nomVoie);
        folded.set(nomVoie, name);
      }
      // As voieKey, without folding the name again.
      return ancienne ? `${insee}|${name}|${ancienne}` : `${insee}|${name}`;
    };
    for await (const records of csvRecordBatches(input.text(), { delimiter: ';', quoted: false }, ctx))
      for (const ev of records) {
        if (!index) {
          index = new Map(ev.fields.map((h, i) => [h.trim(), i]));
          width = ev.fields.length;
          const missing = REQUIRED.filter((c) => !index?.has(c));
          if (missing.length > 0)
            throw new ImportError(`« ${input.name} »\u00a0: colonnes BAN absentes de l’en-tête\u00a0: ${missing.join(', ')}.`);
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width}`);
          continue;
        }
        const f = (c: (typeof BAN_COLUMNS)[number]) => {
          const i = index?.get(c);
          return i === undefined ? undefined : ev.fields[i];
        };
        const id = text(f('id'));
        const nomVoie = text(f('nom_voie'));
        const insee = text(f('code_insee'));
        const commune = text(f('nom_commune'));
        const numero = num(f('numero'));
        const lon = num(f('lon'));
        const lat = num(f('lat'));
        const x = num(f('x'));
        const y = num(f('y'));
        let reason: string | null = null;
        if (!id) reason = 'identifiant d’adresse absent';
        else if (!nomVoie) reason = 'nom de voie absent';
        else if (!insee || !/^(\d{2}|2A|2B)\d{3}$/.test(insee)) reason = `code INSEE invalide « ${insee ?? ''} »`;
        else if (!commune) reason = 'nom de commune absent';
        else if (numero === undefined || (numero !== null && !Number.isInteger(numero))) reason = `numéro invalide « ${f('numero')} »`;
        else if (lon === undefined || lat === undefined || lon === null || lat === null || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
          reason = `coordonnées invalides « ${f('lon')}\u00a0; ${f('lat')} »`;
        } else if (x === undefined || y === undefined) reason = `coordonnées Lambert-93 invalides « ${f('x')}\u00a0; ${f('y')} »`;
        if (reason || !id || !nomVoie || !insee || !commune) {
          ctx.reject(ev.line, reason ?? 'ligne incomplète');
          continue;
        }
        const cert = text(f('certification_commune'));
        const parcelles = (text(f('cad_parcelles')) ?? '')
          .split('|')
          .map((p) => p.trim())
          .filter((p) => /^[0-9A-Z]{14}$/.test(p));
        const cp = text(f('code_postal'));
        const ancienne = text(f('code_insee_ancienne_commune'));
        yield [
          ev.line,
          id,
          text(f('id_fantoir')),
          numero ?? null,
          text(f('rep')),
          nomVoie,
          cp ? cp.padStart(5, '0') : null,
          insee,
          commune,
          ancienne,
          text(f('nom_ancienne_commune')),
          x ?? null,
          y ?? null,
          lon,
          lat,
          text(f('type_position')),
          text(f('alias')),
          text(f('nom_ld')),
          text(f('libelle_acheminement')),
          text(f('nom_afnor')),
          text(f('source_position')),
          text(f('source_nom_voie')),
          cert === null ? null : cert === '1' || cert.toLowerCase() === 'true',
          parcelles,
          streetKey(insee, nomVoie, ancienne),
        ];
      }
    if (!index) throw new ImportError(`Le fichier « ${input.name} » est vide.`);
  },
  merge: mergeBan,
};

const ADDRESS_COLUMNS = `id, id_fantoir, numero, rep, nom_voie, code_postal, code_insee, nom_commune, code_insee_ancienne_commune,
  nom_ancienne_commune, x, y, lon, lat, type_position, alias, nom_ld, libelle_acheminement, nom_afnor, source_position,
  source_nom_voie, certification_commune, cad_parcelles, voie_key`;

async function mergeBan(tx: Queryable, stage: string, ctx: { runId: number }) {
  await tx.exec(`
    ${dropStagedDuplicatesSql(stage, 'id')};
    CREATE TEMP TABLE ban_merge_communes ON COMMIT DROP AS SELECT DISTINCT code_insee FROM ${stage};
    DELETE FROM ban_addresses WHERE code_insee IN (SELECT code_insee FROM ban_merge_communes);
    DELETE FROM ban_voies WHERE code_insee IN (SELECT code_insee FROM ban_merge_communes);
  `);
  const bulk = (await estimatedRows(tx, stage)) >= BULK_RATIO * (await estimatedRows(tx, 'ban_addresses'));
  await withIndexesDeferred(tx, ['ban_addresses', 'ban_voies'], bulk, () => insertBan(tx, stage, ctx.runId));
  // The basemap's street names and the DPE placed at a typed number follow these addresses.
  await emitImportEvent(tx, 'addressesReplaced', { communesSql: 'SELECT code_insee FROM ban_merge_communes' });
  const [c] = await tx.query<{ addresses: number; voies: number; communes: number; with_parcels: number }>(
    `SELECT (SELECT count(*)::int FROM ${stage}) AS addresses,
            (SELECT count(*)::int FROM ban_voies WHERE code_insee IN (SELECT code_insee FROM ban_merge_communes)) AS voies,
            (SELECT count(*)::int FROM ban_merge_communes) AS communes,
            (SELECT count(*)::int FROM ${stage} WHERE cardinality(cad_parcelles) > 0) AS with_parcels`,
  );
  return {
    vintage: null,
    summary: { addresses: c?.addresses ?? 0, voies: c?.voies ?? 0, communes: c?.communes ?? 0, addressesWithParcels: c?.with_parcels ?? 0 },
  };
}

/** The file's addresses, then the streets of its communes recomputed from them. */
async function insertBan(tx: Queryable, stage: string, runId: number): Promise<void> {
  await tx.query(`INSERT INTO ban_addresses (${ADDRESS_COLUMNS}, import_run_id) SELECT ${ADDRESS_COLUMNS}, $1 FROM ${stage}`, [runId]);
  await tx.exec(`
    INSERT INTO ban_voies (voie_key, code_insee, nom_voie, code_postal, nom_commune, nom_ancienne_commune, search, lon, lat, nb_adresses)
    SELECT voie_key, code_insee, nom_voie, code_postal, nom_commune, ancienne,
           lower(immutable_unaccent(concat_ws(' ', nom_voie, code_postal, nom_commune, ancienne))), lon, lat, n
      FROM (
        -- Plain aggregates (hash aggregation, no sort per street): the spellings of one street
        -- differ at most in case or accents, which its key already ignores.
        SELECT voie_key, min(code_insee) AS code_insee, min(nom_voie) AS nom_voie, min(code_postal) AS code_postal,
               min(nom_commune) AS nom_commune, min(nom_ancienne_commune) AS ancienne,
               -- Rounded (≈ 1 cm): a float sum depends on row order, and a re-import must change nothing.
               round(avg(lon)::numeric, 7)::float8 AS lon, round(avg(lat)::numeric, 7)::float8 AS lat, count(*)::int AS n
          FROM ban_addresses WHERE code_insee IN (SELECT code_insee FROM ban_merge_communes)
         GROUP BY voie_key) v;
  `);
}
