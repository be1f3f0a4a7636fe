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

export function communes(): CommuneEntry[] {
  if (!index) {
    const require = createRequire(import.meta.url);
    const raw = require('@etalab/decoupage-administratif/data/communes.json') as RawCommune[];
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
