/**
 * The communes of France (and the municipal arrondissements of Paris, Lyon and Marseille) from
 * `@etalab/decoupage-administratif`, indexed once by folded name and postcode for the search.
 */
import { createRequire } from 'node:module';
import { foldText } from './search-text.logic.js';

interface RawCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
  /** Of a commune déléguée or associée: the commune it belongs to now. */
  chefLieu?: string;
  /** Of a commune nouvelle: the codes of the communes merged into it. */
  anciensCodes?: string[];
  /** Of a municipal arrondissement: its city (75056, 69123, 13055). */
  commune?: string;
}

export interface CommuneEntry {
  code: string;
  nom: string;
  folded: string;
  departement: string;
  codesPostaux: string[];
  population: number;
}

let index: CommuneEntry[] | undefined;

function rawCommunes(): RawCommune[] {
  const require = createRequire(import.meta.url);
  return require('@etalab/decoupage-administratif/data/communes.json') as RawCommune[];
}

export function communes(): CommuneEntry[] {
  if (!index) {
    const raw = rawCommunes();
    index = raw
      .filter((c) => c.type === 'commune-actuelle' || c.type === 'arrondissement-municipal')
      .map((c) => ({
        code: c.code,
        nom: c.nom,
        folded: foldText(c.nom),
        departement: c.departement ?? c.code.slice(0, 2),
        codesPostaux: c.codesPostaux ?? [],
        population: c.population ?? 0,
      }));
  }
  return index;
}

let byCode: Map<string, CommuneEntry> | undefined;

export function communeByCode(code: string): CommuneEntry | undefined {
  byCode ??= new Map(communes().map((c) => [c.code, c]));
  return byCode.get(code);
}

/**
 * A commune merged into a commune nouvelle (« Pierrefitte-sur-Seine », 93059, in Saint-Denis since
 * 2025), that the official list keeps as a commune déléguée or associée. The sales and DPE recorded
 * before the merger carry its code; it has no postcode of its own in the list.
 */
export interface FormerCommune {
  code: string;
  nom: string;
  folded: string;
  departement: string;
  /** The INSEE code of the commune it belongs to now. */
  mergedInto: string;
}

let formerIndex: Map<string, FormerCommune> | undefined;
let recordedCodesIndex: ReadonlyMap<string, readonly string[]> | undefined;

/** The former communes that have a code of their own (a chef-lieu keeps the code of the commune nouvelle). */
export function formerCommunes(): ReadonlyMap<string, FormerCommune> {
  if (!formerIndex) {
    formerIndex = new Map();
    for (const c of rawCommunes()) {
      if ((c.type !== 'commune-deleguee' && c.type !== 'commune-associee') || !c.chefLieu || communeByCode(c.code)) continue;
      formerIndex.set(c.code, {
        code: c.code,
        nom: c.nom,
        folded: foldText(c.nom),
        departement: c.departement ?? c.code.slice(0, 2),
        mergedInto: c.chefLieu,
      });
    }
  }
  return formerIndex;
}

/**
 * The codes under which a commune's data may be recorded: its own, those of the communes merged
 * into it (sales and DPE dated before the merger keep them) and, for Paris, Lyon and Marseille,
 * those of their arrondissements (DVF, the DPE, the BAN and the cadastre file the city under
 * them, never under 75056, 69123 or 13055). A former commune's code stays alone: it names that
 * commune before the merger.
 */
export function withRecordedCodes(codes: readonly string[]): string[] {
  if (!recordedCodesIndex) {
    const index = new Map<string, string[]>();
    for (const c of rawCommunes()) {
      if (c.type === 'commune-actuelle' && c.anciensCodes?.length) index.set(c.code, [...(index.get(c.code) ?? []), ...c.anciensCodes]);
      if (c.type === 'arrondissement-municipal' && c.commune) index.set(c.commune, [...(index.get(c.commune) ?? []), c.code]);
    }
    recordedCodesIndex = index;
  }
  const all = new Set<string>();
  for (const code of codes) {
    all.add(code);
    for (const other of recordedCodesIndex.get(code) ?? []) all.add(other);
  }
  return [...all];
}

/**
 * The section codes under which a section's sales may be recorded: its own and, for a section that a
 * commune nouvelle files under a former commune's prefix (93066 059 AB, Saint-Denis), the code that
 * commune gave it before the merger (93059 000 AB, Pierrefitte-sur-Seine).
 */
export function withFormerSections(codes: readonly string[]): string[] {
  const all = new Set(codes);
  for (const code of codes) {
    const prefix = code.slice(5, 8);
    if (prefix === '000') continue;
    const former = formerCommunes().get(code.slice(0, 2) + prefix);
    if (former?.mergedInto === code.slice(0, 5)) all.add(`${former.code}000${code.slice(8)}`);
  }
  return [...all];
}

/**
 * Communes matching the words (whole name, or name starting with them) and/or the postcode,
 * best first: exact name, then prefix, then larger population.
 */
export function searchCommunes(words: string, postcode: string | null, limit: number): { commune: CommuneEntry; score: number }[] {
  const w = words.trim();
  const out: { commune: CommuneEntry; score: number }[] = [];
  for (const c of communes()) {
    const cpMatch = postcode !== null && c.codesPostaux.includes(postcode);
    if (postcode !== null && !cpMatch) continue;
    let score: number;
    if (w === '') score = cpMatch ? 0.8 : 0;
    else if (c.folded === w) score = 1;
    else if (c.folded.startsWith(`${w} `) || (w.length >= 3 && c.folded.startsWith(w))) score = 0.7;
    else if (` ${w} `.includes(` ${c.folded} `) && c.folded.length >= 4) score = 0.6;
    else continue;
    if (score > 0) out.push({ commune: c, score });
  }
  return out.sort((a, b) => b.score - a.score || b.commune.population - a.commune.population).slice(0, limit);
}

/**
 * Former communes whose name the words give (whole, starting with them, or ending with its first
 * words), best first: « Pierrefitte » names Pierrefitte-sur-Seine, now part of Saint-Denis.
 * Addresses still carry these names.
 */
export function searchFormerCommunes(words: string, limit: number): { commune: FormerCommune; score: number }[] {
  const w = words.trim();
  if (w.length < 3) return [];
  // After a street, the village is often cut short: « rue de Paris Pierrefitte ».
  const parts = w.split(' ');
  const tails = [1, 2, 3].map((n) => parts.slice(-n).join(' ')).filter((t) => t.length >= 4);
  const startsWithWords = (name: string, t: string) => name.startsWith(t) && (name.length === t.length || name[t.length] === ' ');
  const out: { commune: FormerCommune; score: number }[] = [];
  for (const c of formerCommunes().values()) {
    let score: number;
    if (c.folded === w) score = 1;
    else if (c.folded.startsWith(w)) score = 0.7;
    else if ((` ${w} `.includes(` ${c.folded} `) && c.folded.length >= 4) || tails.some((t) => startsWithWords(c.folded, t))) score = 0.6;
    else continue;
    out.push({ commune: c, score });
  }
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}

/**
 * The codes a commune's records may carry: a commune nouvelle's own and those merged into it; a
 * former commune's own and its commune nouvelle's (its sales after the merger carry the latter).
 */
export function recordedCodes(code: string): string[] {
  const former = formerCommunes().get(code);
  return former ? [code, former.mergedInto] : withRecordedCodes([code]);
}
