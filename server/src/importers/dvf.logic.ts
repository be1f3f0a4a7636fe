/**
 * One DVF record (geo-DVF Etalab, its api-cquest variant, or raw DGFiP) → one staging row, or the
 * French reason it is rejected. The fields that the market logic reads are parsed by the shared
 * `dvf-records` functions, so that the importer and `shared/src/market` read a file the same way;
 * the remaining columns are read here. Raw DGFiP rows get their mutation id from the shared
 * grouping key (METHODOLOGY §1.1): same date, price, disposition number and commune.
 */
import { GEO_LOT_KEYS, lineFromGeoDvf, lineFromRawDgfip, parseDecimal, RAW_LOT_KEYS } from '@immoloupe/shared/market/dvf-records';
import { rawMutationKey } from '@immoloupe/shared/market/mutation.logic';
import type { StageValue } from './stage.js';

export const DVF_STAGE_COLUMNS = [
  ['source_line', 'integer'],
  ['id_mutation', 'text'],
  ['date_mutation', 'date'],
  ['numero_disposition', 'integer'],
  ['nature_mutation', 'text'],
  ['valeur_fonciere', 'numeric'],
  ['adresse_numero', 'text'],
  ['adresse_suffixe', 'text'],
  ['adresse_nom_voie', 'text'],
  ['adresse_code_voie', 'text'],
  ['code_postal', 'text'],
  ['code_commune', 'text'],
  ['nom_commune', 'text'],
  ['code_departement', 'text'],
  ['ancien_code_commune', 'text'],
  ['ancien_nom_commune', 'text'],
  ['id_parcelle', 'text'],
  ['ancien_id_parcelle', 'text'],
  ['numero_volume', 'text'],
  ['lot1_numero', 'text'],
  ['lot1_surface_carrez', 'numeric'],
  ['lot2_numero', 'text'],
  ['lot2_surface_carrez', 'numeric'],
  ['lot3_numero', 'text'],
  ['lot3_surface_carrez', 'numeric'],
  ['lot4_numero', 'text'],
  ['lot4_surface_carrez', 'numeric'],
  ['lot5_numero', 'text'],
  ['lot5_surface_carrez', 'numeric'],
  ['nombre_lots', 'integer'],
  ['code_type_local', 'smallint'],
  ['type_local', 'text'],
  ['identifiant_local', 'text'],
  ['surface_reelle_bati', 'numeric'],
  ['nombre_pieces_principales', 'integer'],
  ['code_nature_culture', 'text'],
  ['nature_culture', 'text'],
  ['code_nature_culture_speciale', 'text'],
  ['nature_culture_speciale', 'text'],
  ['surface_terrain', 'numeric'],
  ['longitude', 'double precision'],
  ['latitude', 'double precision'],
] as const;

/** Names of the 43 columns of the raw DGFiP file (the first one varies with the year). */
export const RAW_REQUIRED = [
  'Date mutation',
  'Nature mutation',
  'Valeur fonciere',
  'Code departement',
  'Code commune',
  'Section',
  'No plan',
];
export const GEO_REQUIRED = [
  'id_mutation',
  'date_mutation',
  'nature_mutation',
  'valeur_fonciere',
  'code_commune',
  'id_parcelle',
  'longitude',
  'latitude',
];

/** Labels of the DGFiP nature-of-culture codes, as geo-DVF writes them. */
const CULTURES: Record<string, string> = {
  AB: 'terrains a bâtir',
  AG: "terrains d'agrément",
  B: 'bois',
  BF: 'futaies feuillues',
  BM: 'futaies mixtes',
  BO: 'oseraies',
  BP: 'peupleraies',
  BR: 'futaies résineuses',
  BS: 'taillis sous futaie',
  BT: 'taillis simples',
  CA: 'carrières',
  CH: 'chemin de fer',
  E: 'eaux',
  J: 'jardins',
  L: 'landes',
  LB: 'landes boisées',
  P: 'prés',
  PA: 'pâtures',
  PC: 'pacages',
  PE: "prés d'embouche",
  PH: 'herbages',
  PP: 'prés plantes',
  S: 'sols',
  T: 'terres',
  TP: 'terres plantées',
  VE: 'vergers',
  VI: 'vignes',
};

const INSEE = /^(\d{2}|2A|2B)\d{3}$/;

function text(v: string | undefined): string | null {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
}

type Fields = Record<string, string | undefined>;

/**
 * The maker of a file's records keyed by header name (the caller checks the column count first):
 * one object literal compiled for the header, so that every record of the file has the same shape.
 * Filled key by key in a loop, a 40-column record fell into V8's dictionary mode: a quarter of the
 * reading time, and slow reads after (decision 0850). The names enter the code only
 * as JSON string literals, and the fields by position.
 */
export function recordMaker(header: readonly string[]): (fields: readonly string[]) => Fields {
  const body = `return {${header.map((h, i) => `${JSON.stringify(h)}: f[${i}]`).join(', ')}};`;
  return new Function('f', body) as (fields: readonly string[]) => Fields;
}

function checkNumber(name: string, raw: string | undefined, value: number | null): string | null {
  return value !== null && Number.isNaN(value) ? `${name} invalide « ${(raw ?? '').trim()} »` : null;
}

function intOrReason(name: string, raw: string | undefined): number | null | string {
  const n = parseDecimal(raw);
  if (n === null) return null;
  if (Number.isNaN(n) || !Number.isInteger(n)) return `${name} invalide « ${(raw ?? '').trim()} »`;
  return n;
}

/** The staging row of one DVF record, or the reason it is rejected. */
export function dvfStageRow(layout: 'geo' | 'raw', r: Fields, line: number): readonly StageValue[] | string {
  const l = layout === 'geo' ? lineFromGeoDvf(r) : lineFromRawDgfip(r);
  const rawDate = layout === 'geo' ? r.date_mutation : r['Date mutation'];
  if (!l.date || !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(l.date))
    return `date de mutation invalide « ${(rawDate ?? '').trim()} »`;
  if (!l.natureLabel) return 'nature de mutation absente';
  if (!INSEE.test(l.insee)) return `code commune invalide « ${l.insee} »`;
  if (layout === 'geo' && !l.idMutation) return 'id_mutation absent';
  const problems = [
    checkNumber('valeur foncière', layout === 'geo' ? r.valeur_fonciere : r['Valeur fonciere'], l.valeurFonciere),
    checkNumber('surface réelle bâtie', layout === 'geo' ? r.surface_reelle_bati : r['Surface reelle bati'], l.surfaceReelleBati),
    checkNumber('surface du terrain', layout === 'geo' ? r.surface_terrain : r['Surface terrain'], l.surfaceTerrain),
    checkNumber('longitude', r.longitude, l.lon),
    checkNumber('latitude', r.latitude, l.lat),
  ].filter((p): p is string => p !== null);
  if (problems.length > 0) return problems.join('\u00a0; ');
  if (l.valeurFonciere !== null && l.valeurFonciere < 0) return `valeur foncière négative « ${l.valeurFonciere} »`;
  if ((l.lon === null) !== (l.lat === null)) return 'coordonnées incomplètes (longitude ou latitude manquante)';
  if (l.lon !== null && l.lat !== null && (Math.abs(l.lon) > 180 || Math.abs(l.lat) > 90))
    return `coordonnées hors limites (${l.lon}, ${l.lat})`;
  const disposition = intOrReason('numéro de disposition', layout === 'geo' ? r.numero_disposition : r['No disposition']);
  const codeType = intOrReason('code type local', layout === 'geo' ? r.code_type_local : r['Code type local']);
  const rooms = intOrReason('nombre de pièces', layout === 'geo' ? r.nombre_pieces_principales : r['Nombre pieces principales']);
  const nbLots = intOrReason('nombre de lots', layout === 'geo' ? r.nombre_lots : r['Nombre de lots']);
  for (const v of [disposition, codeType, rooms, nbLots]) if (typeof v === 'string') return v;
  if (codeType !== null && ![1, 2, 3, 4].includes(codeType as number)) return `code type local inconnu « ${codeType} »`;

  const lotCols: StageValue[] = [];
  for (const [i, [numeroKey, carrezKey]] of (layout === 'geo' ? GEO_LOT_KEYS : RAW_LOT_KEYS).entries()) {
    const carrez = parseDecimal(r[carrezKey]);
    if (carrez !== null && Number.isNaN(carrez)) return `surface Carrez du lot ${i + 1} invalide « ${r[carrezKey]} »`;
    lotCols.push(text(r[numeroKey]), carrez);
  }

  const idMutation = layout === 'geo' ? (l.idMutation as string) : rawMutationKey(l);
  const departement =
    layout === 'geo' ? (text(r.code_departement) ?? l.insee.slice(0, 2)) : (text(r['Code departement']) ?? '').padStart(2, '0');
  const codePostal = l.codePostal ? l.codePostal.padStart(5, '0') : null;
  const cultureCode = layout === 'geo' ? text(r.code_nature_culture) : l.natureCulture;
  const cultureLabel = layout === 'geo' ? l.natureCulture : cultureCode ? (CULTURES[cultureCode] ?? null) : null;
  const specialeCode = layout === 'geo' ? text(r.code_nature_culture_speciale) : text(r['Nature culture speciale']);
  return [
    line,
    idMutation,
    l.date,
    disposition as number | null,
    l.natureLabel,
    l.valeurFonciere,
    l.adresseNumero,
    l.adresseSuffixe,
    l.adresseNomVoie,
    layout === 'geo' ? text(r.adresse_code_voie) : text(r['Code voie']),
    codePostal,
    l.insee,
    l.nomCommune,
    departement,
    layout === 'geo' ? text(r.ancien_code_commune) : null,
    layout === 'geo' ? text(r.ancien_nom_commune) : null,
    l.idParcelle,
    layout === 'geo' ? text(r.ancien_id_parcelle) : null,
    layout === 'geo' ? text(r.numero_volume) : text(r['No Volume']),
    ...lotCols,
    nbLots as number | null,
    codeType as number | null,
    l.typeLocal,
    layout === 'geo' ? null : text(r['Identifiant local']),
    l.surfaceReelleBati,
    rooms as number | null,
    cultureCode,
    cultureLabel,
    specialeCode,
    layout === 'geo' ? text(r.nature_culture_speciale) : null,
    l.surfaceTerrain,
    l.lon,
    l.lat,
  ];
}
