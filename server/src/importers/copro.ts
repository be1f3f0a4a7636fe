/**
 * RNIC importer (registre des copropriétés, `,` CSV with 72 snake_case columns; an extra leading
 * index column, as in R re-exports, is tolerated). Upserted by numéro d'immatriculation; its
 * cadastral references 1–3 go to `copro_parcels`. A volunteer syndic is a private person: its name
 * is not stored (GDPR, METHODOLOGY §5), only a professional's or one with a SIRET.
 */
import { parcelId } from '@immoloupe/shared/geo';
import type { Queryable } from '../db/client.js';
import { BULK_RATIO, estimatedRows, withIndexesDeferred } from './bulk-indexes.js';
import { csvRecordBatches } from './csv.js';
import { foldHeader } from './detect.js';
import { ImportError } from './errors.js';
import type { Importer } from './importer.js';
import type { Column } from './stage.js';
import { dropStagedDuplicatesSql } from './stage.js';
import { upsertStaged } from './upsert.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['numero_immatriculation', 'text'],
  ['date_immatriculation', 'date'],
  ['date_derniere_maj', 'date'],
  ['type_syndic', 'text'],
  ['raison_sociale_syndic', 'text'],
  ['siret_syndic', 'text'],
  ['code_ape_syndic', 'text'],
  ['commune_syndic', 'text'],
  ['mandat_en_cours', 'text'],
  ['date_fin_dernier_mandat', 'date'],
  ['nom_usage', 'text'],
  ['adresse_reference', 'text'],
  ['numero_et_voie', 'text'],
  ['code_postal', 'text'],
  ['commune', 'text'],
  ['code_insee', 'text'],
  ['longitude', 'double precision'],
  ['latitude', 'double precision'],
  ['date_reglement', 'date'],
  ['residence_service', 'boolean'],
  ['syndicat_cooperatif', 'boolean'],
  ['syndicat_principal', 'boolean'],
  ['nombre_total_lots', 'integer'],
  ['nombre_lots_habitation_bureaux_commerces', 'integer'],
  ['nombre_lots_habitation', 'integer'],
  ['nombre_lots_stationnement', 'integer'],
  ['periode_construction', 'text'],
  ['nombre_parcelles', 'integer'],
  ['code_qp_2024', 'text'],
  ['nom_qp_2024', 'text'],
  ['copro_dans_acv', 'boolean'],
  ['copro_dans_pvd', 'boolean'],
  ['parcelles', 'text[]'],
];

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const UNKNOWN = new Set(['', 'non connu', 'na', 'nc', 'inconnu']);

function text(v: string | undefined): string | null {
  const t = (v ?? '').trim();
  return UNKNOWN.has(t.toLowerCase()) ? null : t;
}

function bool(v: string | undefined): boolean | null {
  const t = text(v)?.toLowerCase();
  if (t === 'oui' || t === 'true' || t === '1') return true;
  if (t === 'non' || t === 'false' || t === '0') return false;
  return null;
}

/** The parcel id of reference `i` (1–3): the published 14-character id, or built from its parts. */
export function referenceOf(f: (name: string) => string | undefined, i: number): string | null {
  const ref = text(f(`reference_cadastrale_${i}`))?.toUpperCase() ?? null;
  if (ref && /^[0-9][0-9AB][0-9]{3}[0-9A-Z]{5}[0-9]{4}$/.test(ref)) return ref;
  const insee = text(f(`code_insee_commune_${i}`));
  const section = text(f(`section_${i}`));
  const numero = text(f(`numero_parcelle_${i}`));
  if (insee && section && numero && /^(\d{2}|2A|2B)\d{3}$/.test(insee) && /^\d{1,4}$/.test(numero)) {
    return parcelId({ insee, prefix: text(f(`prefixe_${i}`)), section, numero });
  }
  return null;
}

/** Counts of the register, as [column, French label of a rejection]. */
const LOT_COUNTS: readonly (readonly [string, string])[] = [
  ['nombre_total_de_lots', 'nombre total de lots'],
  [
    'nombre_total_de_lots_a_usage_d_habitation_de_bureaux_ou_de_commerces',
    'nombre de lots à usage d’habitation, de bureaux ou de commerces',
  ],
  ['nombre_de_lots_a_usage_d_habitation', 'nombre de lots à usage d’habitation'],
  ['nombre_de_lots_de_stationnement', 'nombre de lots de stationnement'],
  ['nombre_de_parcelles_cadastrales', 'nombre de parcelles cadastrales'],
];

/**
 * Position of a column in the header (`index`), -1 when absent. RNIC column names are cut at 63
 * characters: a longer name is matched by its prefix. Answers are kept in `cache`, so that the
 * search runs once per file and not once per line.
 */
function columnOf(index: Map<string, number>, cache: Map<string, number>, name: string): number {
  let i = cache.get(name);
  if (i === undefined) {
    i = index.get(name) ?? -1;
    if (i < 0)
      for (const [k, j] of index)
        if (k.length >= 60 && name.startsWith(k)) {
          i = j;
          break;
        }
    cache.set(name, i);
  }
  return i;
}

export const coproImporter: Importer = {
  source: 'copro',
  columns,
  // The duplicate removal and the parcels' replacement join on the registration number.
  analyze: ['numero_immatriculation', 'source_line'],
  async *rows(input, ctx) {
    let index: Map<string, number> | null = null;
    const cache = new Map<string, number>();
    let width = 0;
    for await (const records of csvRecordBatches(input.text(), { delimiter: ',', quoted: true }, ctx))
      for (const ev of records) {
        if (!index) {
          index = new Map();
          for (const [i, h] of ev.fields.entries()) {
            const name = foldHeader(h);
            if (name && !index.has(name)) index.set(name, i);
          }
          width = ev.fields.length;
          if (!index.has('numero_d_immatriculation'))
            throw new ImportError(`« ${input.name} »\u00a0: colonne numero_d_immatriculation absente.`);
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width}`);
          continue;
        }
        const header = index;
        const f = (name: string): string | undefined => {
          const i = columnOf(header, cache, name);
          return i < 0 ? undefined : ev.fields[i];
        };
        const numero = text(f('numero_d_immatriculation'));
        if (!numero || !/^[A-Z]{2}\d{7}$/.test(numero)) {
          ctx.reject(ev.line, `numéro d’immatriculation invalide « ${numero ?? ''} »`);
          continue;
        }
        const ints: (number | null)[] = [];
        let reason: string | null = null;
        for (const [name, label] of LOT_COUNTS) {
          const t = text(f(name));
          if (t === null) ints.push(null);
          else if (/^\d+$/.test(t)) ints.push(Number(t));
          else reason = `${label} invalide « ${t} »`;
        }
        const lon = text(f('long'));
        const lat = text(f('lat'));
        const lonN = lon === null ? null : Number(lon);
        const latN = lat === null ? null : Number(lat);
        if (lonN !== null && (!Number.isFinite(lonN) || Math.abs(lonN) > 180)) reason = `longitude invalide « ${lon} »`;
        if (latN !== null && (!Number.isFinite(latN) || Math.abs(latN) > 90)) reason = `latitude invalide « ${lat} »`;
        if (reason) {
          ctx.reject(ev.line, reason);
          continue;
        }
        const date = (name: string) => {
          const t = text(f(name));
          return t && DATE.test(t) ? t : null;
        };
        const typeSyndic = text(f('type_de_syndic_benevole_professionnel_non_connu'));
        const siret = text(f('siret_du_representant_legal'));
        const legalEntity = typeSyndic?.toLowerCase() === 'professionnel' || (siret !== null && /^\d{14}$/.test(siret));
        const principal = text(f('syndicat_principal_ou_syndicat_secondaire'))?.toLowerCase() ?? null;
        const parcelles = [1, 2, 3].map((i) => referenceOf(f, i)).filter((p): p is string => p !== null);
        const cp = text(f('code_postal_adresse_de_reference'));
        yield [
          ev.line,
          numero,
          date('date_d_immatriculation'),
          date('date_de_la_derniere_maj'),
          typeSyndic,
          legalEntity ? (text(f('raison_sociale_du_representant_legal'))?.trim() ?? null) : null,
          legalEntity ? siret : null,
          legalEntity ? text(f('code_ape')) : null,
          legalEntity ? text(f('commune_du_representant_legal')) : null,
          text(f('mandat_en_cours_dans_la_copropriete')),
          date('date_de_fin_du_dernier_mandat'),
          text(f('nom_d_usage_de_la_copropriete')),
          text(f('adresse_de_reference')),
          text(f('numero_et_voie_adresse_de_reference')),
          cp ? cp.padStart(5, '0') : null,
          text(f('commune_adresse_de_reference')),
          text(f('code_officiel_commune')) ?? text(f('commune')),
          lonN,
          latN,
          date('date_du_reglement_de_copropriete'),
          bool(f('residence_service')),
          bool(f('syndicat_cooperatif')),
          principal === null ? null : principal.startsWith('oui') || principal.startsWith('principal'),
          ...ints.slice(0, 4),
          text(f('periode_de_construction')),
          ints[4] ?? null,
          text(f('code_qp_2024')),
          text(f('nom_qp_2024')),
          bool(f('copro_dans_acv')),
          bool(f('copro_dans_pvd')),
          parcelles,
        ];
      }
    if (!index) throw new ImportError(`Le fichier « ${input.name} » est vide.`);
  },
  merge: mergeCopro,
};

async function mergeCopro(tx: Queryable, stage: string, ctx: { runId: number }) {
  const cols = columns.map(([n]) => n).filter((n) => n !== 'source_line' && n !== 'parcelles');
  await tx.exec(`
    ${dropStagedDuplicatesSql(stage, 'numero_immatriculation')};
    DELETE FROM copro_parcels WHERE numero_immatriculation IN (SELECT numero_immatriculation FROM ${stage});
  `);
  // A first load or a whole register: the secondary indexes built once (decision 0850).
  const bulk = (await estimatedRows(tx, stage)) >= BULK_RATIO * (await estimatedRows(tx, 'copros'));
  await withIndexesDeferred(tx, ['copros'], bulk, () => upsertCopros(tx, stage, cols, ctx.runId));
  await tx.exec(`
    INSERT INTO copro_parcels (numero_immatriculation, rang, id_parcelle)
    SELECT s.numero_immatriculation, p.rang, p.id_parcelle
      FROM ${stage} s CROSS JOIN LATERAL unnest(s.parcelles) WITH ORDINALITY AS p(id_parcelle, rang);
  `);
  const [c] = await tx.query<{ copros: number; refs: number; linked: number; with_refs: number; last: string | null }>(
    `SELECT (SELECT count(*)::int FROM ${stage}) AS copros,
            count(*)::int AS refs,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM parcels p WHERE p.id = cp.id_parcelle))::int AS linked,
            count(DISTINCT cp.numero_immatriculation)::int AS with_refs,
            (SELECT max(date_derniere_maj)::text FROM ${stage}) AS last
       FROM copro_parcels cp WHERE cp.numero_immatriculation IN (SELECT numero_immatriculation FROM ${stage})`,
  );
  return {
    vintage: c?.last ?? null,
    summary: {
      copros: c?.copros ?? 0,
      coprosWithReferences: c?.with_refs ?? 0,
      cadastralReferences: c?.refs ?? 0,
      referencesLinkedToParcels: c?.linked ?? 0,
    },
  };
}

/** The file's co-ownerships, inserted or updated by registration number. */
async function upsertCopros(tx: Queryable, stage: string, cols: string[], runId: number): Promise<void> {
  await upsertStaged(tx, { table: 'copros', stage, key: 'numero_immatriculation', columns: cols, runId });
}
