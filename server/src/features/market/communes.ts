/**
 * Names of communes and départements (INSEE's official list, from @etalab/decoupage-administratif),
 * loaded once on first use: labels of zones and comparisons, and the commune search of the
 * market analysis.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface CommuneInfo {
  insee: string;
  nom: string;
  departement: string;
  codesPostaux: string[];
}

interface RawCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  codesPostaux?: string[];
}

let communes: Map<string, CommuneInfo> | undefined;
let departements: Map<string, string> | undefined;
let searchIndex: { key: string; info: CommuneInfo }[] | undefined;

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function load(): Map<string, CommuneInfo> {
  if (!communes) {
    const raw = require('@etalab/decoupage-administratif/data/communes.json') as RawCommune[];
    communes = new Map();
    for (const c of raw) {
      // Current communes and Paris/Lyon/Marseille arrondissements: the codes DVF uses.
      if (c.type !== 'commune-actuelle' && c.type !== 'arrondissement-municipal') continue;
      communes.set(c.code, {
        insee: c.code,
        nom: c.nom,
        departement: c.departement ?? c.code.slice(0, 2),
        codesPostaux: c.codesPostaux ?? [],
      });
    }
  }
  return communes;
}

export function communeInfo(insee: string): CommuneInfo | undefined {
  return load().get(insee);
}

export function communeName(insee: string): string {
  return communeInfo(insee)?.nom ?? insee;
}

/** Département of a commune: `93010` → `93`, `97101` → `971`, `2A004` → `2A`. */
export function departementOf(insee: string): string {
  return communeInfo(insee)?.departement ?? (insee.startsWith('97') ? insee.slice(0, 3) : insee.slice(0, 2));
}

export function departementName(code: string): string {
  if (!departements) {
    const raw = require('@etalab/decoupage-administratif/data/departements.json') as { code: string; nom: string }[];
    departements = new Map(raw.map((d) => [d.code, d.nom]));
  }
  return departements.get(code) ?? code;
}

/** Communes whose name (or postcode, or INSEE code) starts like `q`, most relevant first. */
export function searchCommunes(q: string, limit = 10): CommuneInfo[] {
  if (!searchIndex) searchIndex = [...load().values()].map((info) => ({ key: fold(info.nom), info }));
  const query = fold(q);
  if (query === '') return [];
  if (/^\d{2,5}$/.test(query) || /^2[ab]\d{0,3}$/.test(query)) {
    const code = query.toUpperCase();
    return searchIndex
      .filter(({ info }) => info.insee.startsWith(code) || info.codesPostaux.some((cp) => cp.startsWith(code)))
      .slice(0, limit)
      .map((e) => e.info);
  }
  const starts = searchIndex.filter((e) => e.key.startsWith(query));
  const contains = starts.length >= limit ? [] : searchIndex.filter((e) => !e.key.startsWith(query) && e.key.includes(query));
  return [...starts.sort((a, b) => a.key.length - b.key.length), ...contains].slice(0, limit).map((e) => e.info);
}
