/**
 * Géorisques export of the classified installations (ICPE, Licence Ouverte 2.0), one line per
 * establishment: `Numéro d'établissement;Nom établissement;Adresse 1;Adresse 2;Adresse 3;Code
 * postal;Commune;Régime en vigueur;Statut SEVESO;Date de dernière inspection;Statut IED;Numéro
 * SIRET`, UTF-8 with a BOM, `;`, unquoted. Kept by establishment number; a file replaces the sites
 * of the postcodes it lists.
 *
 * The export has no coordinates. Columns `longitude`/`latitude`, when a file has them, are used;
 * otherwise the merge places each site at its BAN address (commune from the postcode and name,
 * number and street of the first address line that starts with a number), else at the middle of
 * its street, else nowhere: import the commune's BAN before its ICPE. An operator whose name reads
 * as a private person's is stored without it.
 */

import { operatorIsNaturalPerson } from '@immoloupe/shared/risks/site-names.logic';
import type { Queryable } from '../db/client.js';
import { searchCommunes } from '../places/communes.js';
import { foldText, searchText } from '../places/search-text.logic.js';
import { csvRecordBatches } from './csv.js';
import { foldHeader } from './detect.js';
import { ImportError } from './errors.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import { mergeKeyed } from './keyed-merge.js';
import type { Column } from './stage.js';
import { repairDoubleUtf8 } from './text-repair.logic.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['id', 'text'],
  ['operator', 'text'],
  ['natural_person', 'boolean'],
  ['address', 'text'],
  ['postcode', 'text'],
  ['commune_name', 'text'],
  ['insee', 'text'],
  ['regime', 'text'],
  ['seveso', 'text'],
  ['last_inspection', 'date'],
  ['ied', 'boolean'],
  ['siret', 'text'],
  ['longitude', 'double precision'],
  ['latitude', 'double precision'],
  ['geo_numero', 'integer'],
  ['geo_voie_key', 'text'],
];
const DATA = [
  'operator',
  'natural_person',
  'address',
  'postcode',
  'commune_name',
  'insee',
  'regime',
  'seveso',
  'last_inspection',
  'ied',
  'siret',
];

const FIELDS = {
  id: 'numero_d_etablissement',
  name: 'nom_etablissement',
  a1: 'adresse_1',
  a2: 'adresse_2',
  a3: 'adresse_3',
  postcode: 'code_postal',
  commune: 'commune',
  regime: 'regime_en_vigueur',
  seveso: 'statut_seveso',
  inspection: 'date_de_derniere_inspection',
  ied: 'statut_ied',
  siret: 'numero_siret',
  lon: 'longitude',
  lat: 'latitude',
} as const;
const REQUIRED = ['id', 'name', 'a1', 'postcode', 'commune', 'regime'] as const;

function looksLikeIcpeHeader(folded: readonly string[]): boolean {
  return folded.includes(FIELDS.id) && folded.includes(FIELDS.name) && folded.includes(FIELDS.regime);
}

/** « 28 RUE MARCEL DASSAULT », « 129-155 AV GAL GALLIENI », « 5, chemin latéral »: the first number and the street. */
export function splitStreetAddress(line: string): { numero: number; street: string } | null {
  const m = /^(\d{1,5})(?:\s*(?:-|à|et|\s)\s*\d{1,5})*\s*(?:bis|ter|[A-D](?=\s))?\s*,?\s+(\D.*)$/i.exec(line.trim());
  if (!m) return null;
  return { numero: Number(m[1]), street: (m[2] as string).trim() };
}

export const icpeImporter: Importer = {
  source: 'icpe',
  columns,
  async *rows(input, ctx) {
    let index: Map<string, number> | null = null;
    let width = 0;
    const communes = new Map<string, string | null>();
    for await (const records of csvRecordBatches(input.text(), { delimiter: ';', quoted: false }, ctx))
      for (const ev of records) {
        if (!index) {
          const folded = ev.fields.map(foldHeader);
          if (!looksLikeIcpeHeader(folded))
            throw new ImportError(
              `«\u00a0${input.name}\u00a0»\u00a0: en-tête de l’export ICPE de Géorisques attendu («\u00a0Numéro d’établissement\u00a0», «\u00a0Régime en vigueur\u00a0»…)\u00a0; rien n’a été changé.`,
            );
          index = new Map(folded.map((f, i) => [f, i]));
          const missing = REQUIRED.filter((k) => !index?.has(FIELDS[k]));
          if (missing.length > 0)
            throw new ImportError(
              `«\u00a0${input.name}\u00a0»\u00a0: colonnes absentes (${missing.map((k) => FIELDS[k]).join(', ')})\u00a0; rien n’a été changé.`,
            );
          width = ev.fields.length;
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width} (ligne tronquée ou mal formée)`);
          continue;
        }
        const f = (k: keyof typeof FIELDS) => {
          const v = repairDoubleUtf8((ev.fields[index?.get(FIELDS[k]) ?? -1] ?? '').trim().replace(/\s+/g, ' '));
          return v === '' ? null : v;
        };
        const id = f('id');
        const postcode = f('postcode');
        const inspection = f('inspection');
        if (!id || !/^\d{6,12}$/.test(id)) {
          ctx.reject(ev.line, `numéro d’établissement invalide «\u00a0${id ?? ''}\u00a0»`);
          continue;
        }
        if (postcode !== null && !/^\d{5}$/.test(postcode)) {
          ctx.reject(ev.line, `code postal invalide «\u00a0${postcode}\u00a0»`);
          continue;
        }
        if (inspection !== null && !/^\d{4}-\d{2}-\d{2}$/.test(inspection)) {
          ctx.reject(ev.line, `date de dernière inspection invalide «\u00a0${inspection}\u00a0»`);
          continue;
        }
        const lon = f('lon') === null ? null : Number(f('lon')?.replace(',', '.'));
        const lat = f('lat') === null ? null : Number(f('lat')?.replace(',', '.'));
        const placed = lon !== null && lat !== null && Number.isFinite(lon) && Number.isFinite(lat);
        const commune = f('commune');
        const key = `${postcode}|${commune}`;
        if (!communes.has(key)) {
          const hit = searchCommunes(foldText(commune ?? ''), postcode, 1)[0];
          communes.set(key, hit && hit.score >= 0.7 ? hit.commune.code : null);
        }
        const insee = communes.get(key) ?? null;
        const lines = [f('a1'), f('a2'), f('a3')].filter((l): l is string => l !== null);
        const numbered = lines.map(splitStreetAddress).find((x) => x !== null) ?? null;
        const name = f('name');
        const person = operatorIsNaturalPerson(name);
        const ied = f('ied')?.toLowerCase();
        yield [
          ev.line,
          id,
          person ? null : name,
          person,
          lines.join(', ') || null,
          postcode,
          commune,
          insee,
          f('regime'),
          f('seveso'),
          inspection,
          ied === 'oui' ? true : ied === 'non' ? false : null,
          f('siret')?.replace(/\s/g, '') ?? null,
          placed ? lon : null,
          placed ? lat : null,
          numbered?.numero ?? null,
          insee && numbered ? `${insee}|${searchText(numbered.street)}` : null,
        ];
      }
    if (!index) throw new ImportError(`Le fichier «\u00a0${input.name}\u00a0» est vide.`);
  },
  merge: mergeIcpe,
};

async function mergeIcpe(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  // Placed at the address of the BAN (the plain number before its « bis »), else at its street.
  const source = `
    SELECT DISTINCT ON (s.id) s.id, ${DATA.map((c) => `s.${c}`).join(', ')},
           coalesce(s.longitude, a.lon, v.lon) AS longitude, coalesce(s.latitude, a.lat, v.lat) AS latitude,
           CASE WHEN s.latitude IS NOT NULL THEN 'fichier' WHEN a.lat IS NOT NULL THEN 'adresse' WHEN v.lat IS NOT NULL THEN 'voie' END AS placed_by
      FROM ${stage} s
      LEFT JOIN LATERAL (SELECT lon, lat FROM ban_addresses b WHERE b.voie_key = s.geo_voie_key AND b.numero = s.geo_numero
                          ORDER BY b.rep NULLS FIRST, b.id LIMIT 1) a ON true
      LEFT JOIN ban_voies v ON v.voie_key = s.geo_voie_key
     ORDER BY s.id, s.source_line DESC`;
  const counts = await mergeKeyed(tx, {
    table: 'icpe_sites',
    source,
    keys: ['id'],
    columns: [...DATA, 'longitude', 'latitude', 'placed_by'],
    runId: ctx.runId,
    scope: `t.postcode IN (SELECT postcode FROM ${stage})`,
  });
  const [s] = await tx.query<{ sites: number; adresse: number; voie: number; fichier: number }>(
    `SELECT count(*)::int AS sites, count(*) FILTER (WHERE placed_by = 'adresse')::int AS adresse,
            count(*) FILTER (WHERE placed_by = 'voie')::int AS voie, count(*) FILTER (WHERE placed_by = 'fichier')::int AS fichier
       FROM icpe_sites WHERE id IN (SELECT id FROM ${stage})`,
  );
  return {
    vintage: null,
    summary: {
      sites: s?.sites ?? 0,
      ...counts,
      unchanged: (s?.sites ?? 0) - counts.inserted - counts.updated,
      placesAdresse: s?.adresse ?? 0,
      placesVoie: s?.voie ?? 0,
      placesFichier: s?.fichier ?? 0,
    },
  };
}
