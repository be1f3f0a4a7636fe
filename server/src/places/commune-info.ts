/**
 * Names of communes and départements (INSEE's official list, from @etalab/decoupage-administratif),
 * loaded once on first use: labels of zones and comparisons, and the commune search of the
 * market analysis.
 */
import { createRequire } from 'node:module';
import { type CommuneEntry, communeByCode, communes, type FormerCommune, formerCommunes } from './communes.js';
import { foldText } from './search-text.logic.js';

const require = createRequire(import.meta.url);

export interface CommuneInfo {
  insee: string;
  nom: string;
  departement: string;
  codesPostaux: string[];
  /** Of a former commune (merged into a commune nouvelle): the commune it belongs to now. */
  mergedInto?: { insee: string; nom: string };
}

// The list itself is loaded and folded once, by the geocoder's module.
const toInfo = (c: CommuneEntry): CommuneInfo => ({ insee: c.code, nom: c.nom, departement: c.departement, codesPostaux: c.codesPostaux });

const formerToInfo = (c: FormerCommune): CommuneInfo => ({
  insee: c.code,
  nom: c.nom,
  departement: c.departement,
  codesPostaux: [],
  mergedInto: { insee: c.mergedInto, nom: communeByCode(c.mergedInto)?.nom ?? c.mergedInto },
});

let departements: Map<string, string> | undefined;
let searchIndex: { key: string; info: CommuneInfo }[] | undefined;

/** A commune of today, or a former one (its data before the merger carry its code). */
export function communeInfo(insee: string): CommuneInfo | undefined {
  const c = communeByCode(insee);
  if (c) return toInfo(c);
  const former = formerCommunes().get(insee);
  return former ? formerToInfo(former) : undefined;
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

/**
 * Communes whose name (or postcode, or INSEE code) starts like `q`, most relevant first; former
 * communes too, after the communes of today of the same relevance.
 */
export function searchCommunes(q: string, limit = 10): CommuneInfo[] {
  searchIndex ??= [
    ...communes().map((c) => ({ key: c.folded, info: toInfo(c) })),
    ...[...formerCommunes().values()].map((c) => ({ key: c.folded, info: formerToInfo(c) })),
  ];
  const query = foldText(q);
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
