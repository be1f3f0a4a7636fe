/**
 * One CSV record (already split into named fields) → one normalised `DvfLine`, for the two DVF
 * layouts of DATA-SOURCES.md: Etalab geo-DVF (`,`, ISO dates, dot decimals, `id_mutation`,
 * coordinates) and the raw DGFiP file (`|`, `dd/mm/yyyy`, decimal commas, no id, no coordinates).
 * Pure: the caller streams and splits the file.
 */
import { parcelId } from '../geo.js';
import type { DvfLine, DvfLot } from './dvf.js';

function text(v: string | undefined): string | null {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
}

/** `188000,00` or `188000.00` → 188000; empty → null; anything else → NaN (the caller rejects the row). */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export function parseDecimal(v: string | undefined): number | null {
  // Most fields of a file are already plain: one test instead of trims and replacements (import speed).
  if (v !== undefined && PLAIN_DECIMAL.test(v)) return Number(v);
  const t = text(v);
  if (t === null) return null;
  const normalised = t.replace(/\s/g, '').replace(',', '.');
  return PLAIN_DECIMAL.test(normalised) ? Number(normalised) : Number.NaN;
}

function parseInteger(v: string | undefined): number | null {
  const n = parseDecimal(v);
  return n === null || Number.isNaN(n) ? n : Math.trunc(n);
}

/** `03/01/2022` → `2022-01-03`; an ISO date is returned as is; anything else → null. */
export function parseDvfDate(v: string | undefined): string | null {
  const t = text(v);
  if (t === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * INSEE code from the raw file's `Code departement` + `Code commune`: `93` + `10` → `93010`,
 * `2A` + `4` → `2A004`; overseas départements have three characters and their commune code
 * already carries the third digit (`971` + `101` → `97101`), as in Etalab's geo-DVF builder.
 */
export function rawInsee(codeDepartement: string, codeCommune: string): string {
  const dep = codeDepartement.trim();
  const com = codeCommune.trim().padStart(3, '0');
  return dep.length === 3 ? `${dep.slice(0, 2)}${com}` : `${dep.padStart(2, '0')}${com}`;
}

/**
 * Column names of the five lots (number, Carrez surface), written out once: a key built with a
 * template on every record is a new string to hash at each lookup (import speed, decision 0850).
 */
export const GEO_LOT_KEYS = [1, 2, 3, 4, 5].map((i) => [`lot${i}_numero`, `lot${i}_surface_carrez`] as const);
export const RAW_LOT_KEYS = ['1er', '2eme', '3eme', '4eme', '5eme'].map((l) => [`${l} lot`, `Surface Carrez du ${l} lot`] as const);

function lotsOf(r: Record<string, string | undefined>, keys: readonly (readonly [string, string])[]): DvfLot[] {
  const lots: DvfLot[] = [];
  for (const [numeroKey, carrezKey] of keys) {
    const n = text(r[numeroKey]);
    if (n === null) continue;
    const s = parseDecimal(r[carrezKey]);
    lots.push({ numero: n, surfaceCarrez: s === null || Number.isNaN(s) ? null : s });
  }
  return lots;
}

/** A geo-DVF record (Etalab layout, or its api-cquest variant with an extra `section_prefixe`). */
export function lineFromGeoDvf(r: Record<string, string | undefined>): DvfLine {
  return {
    idMutation: text(r.id_mutation),
    date: parseDvfDate(r.date_mutation) ?? '',
    numeroDisposition: text(r.numero_disposition),
    natureLabel: text(r.nature_mutation) ?? '',
    valeurFonciere: parseDecimal(r.valeur_fonciere),
    insee: text(r.code_commune) ?? '',
    nomCommune: text(r.nom_commune),
    codePostal: text(r.code_postal),
    adresseNumero: text(r.adresse_numero),
    adresseSuffixe: text(r.adresse_suffixe),
    adresseNomVoie: text(r.adresse_nom_voie),
    idParcelle: text(r.id_parcelle),
    codeTypeLocal: parseInteger(r.code_type_local),
    typeLocal: text(r.type_local),
    surfaceReelleBati: parseDecimal(r.surface_reelle_bati),
    nombrePiecesPrincipales: parseInteger(r.nombre_pieces_principales),
    surfaceTerrain: parseDecimal(r.surface_terrain),
    natureCulture: text(r.nature_culture),
    nombreLots: parseInteger(r.nombre_lots),
    lots: lotsOf(r, GEO_LOT_KEYS),
    lon: parseDecimal(r.longitude),
    lat: parseDecimal(r.latitude),
  };
}

/** A raw DGFiP record, keyed by the official header names (`Valeur fonciere`, `No plan`…). */
export function lineFromRawDgfip(r: Record<string, string | undefined>): DvfLine {
  const insee = rawInsee(r['Code departement'] ?? '', r['Code commune'] ?? '');
  const section = text(r.Section);
  const numero = text(r['No plan']);
  const voie = [text(r['Type de voie']), text(r.Voie)].filter(Boolean).join(' ');
  return {
    idMutation: null,
    date: parseDvfDate(r['Date mutation']) ?? '',
    numeroDisposition: text(r['No disposition']),
    natureLabel: text(r['Nature mutation']) ?? '',
    valeurFonciere: parseDecimal(r['Valeur fonciere']),
    insee,
    nomCommune: text(r.Commune),
    codePostal: text(r['Code postal']),
    adresseNumero: text(r['No voie']),
    adresseSuffixe: text(r['B/T/Q']),
    adresseNomVoie: voie === '' ? null : voie,
    idParcelle: section && numero ? parcelId({ insee, prefix: r['Prefixe de section'] ?? null, section, numero }) : null,
    codeTypeLocal: parseInteger(r['Code type local']),
    typeLocal: text(r['Type local']),
    surfaceReelleBati: parseDecimal(r['Surface reelle bati']),
    nombrePiecesPrincipales: parseInteger(r['Nombre pieces principales']),
    surfaceTerrain: parseDecimal(r['Surface terrain']),
    natureCulture: text(r['Nature culture']),
    nombreLots: parseInteger(r['Nombre de lots']),
    lots: lotsOf(r, RAW_LOT_KEYS),
    lon: null,
    lat: null,
  };
}
