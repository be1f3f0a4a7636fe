/**
 * The commune of a place as listings and portals write it: a postcode and a city name (« 75018
 * Paris », « 01370 Cuisiat »), or a name alone. One answer for the listing analysis, the listing
 * pool and the browser extension.
 */
import { communeByCode, communes, formerCommunes } from '../../places/communes.js';
import { foldText } from '../../places/search-text.logic.js';

export interface PlaceCommune {
  insee: string;
  nom: string;
}

/**
 * Changes whenever `communeOfPlace` answers differently for some place: the listings saved before
 * are then filed again at the next start (features/listings/commune-refresh.ts).
 */
export const COMMUNE_OF_PLACE_VERSION = '2026-11-27 villages and arrondissements';

/** DVF, DPE and the cadastre file Paris, Lyon and Marseille under their arrondissements, never the whole city. */
const CITIES_WITH_ARRONDISSEMENTS = new Set(['75056', '69123', '13055']);

const ARRONDISSEMENT_BASE: Record<string, number> = { paris: 75100, marseille: 13200, lyon: 69380 };

/**
 * The commune of a postcode, using the city name when the postcode serves several communes.
 * Paris, Lyon and Marseille postcodes name their arrondissement (`75018` → 75118). A village
 * merged into a commune nouvelle keeps its name on listings (« Cuisiat », in Val-Revermont since
 * 2016): it names its commune nouvelle, not the most populated commune of its postcode.
 */
export function communeOfPlace(postcode: string | null | undefined, city: string | null | undefined): PlaceCommune | null {
  const folded = city ? foldText(city) : '';
  if (!postcode) return folded ? communeOfName(folded) : null;
  const matches = communes().filter((c) => c.codesPostaux.includes(postcode) && !CITIES_WITH_ARRONDISSEMENTS.has(c.code));
  const named =
    matches.find((c) => c.folded === folded) ??
    matches.find((c) => folded !== '' && (folded.startsWith(c.folded) || c.folded.startsWith(folded))) ??
    villageIn(folded, matches) ??
    // Without a usable name, the most populated commune of the postcode is the likeliest.
    [...matches].sort((a, b) => b.population - a.population)[0];
  return named ? { insee: named.code, nom: named.nom } : null;
}

/** The commune nouvelle, among `candidates`, of a former commune of that name. */
function villageIn<T extends { code: string }>(folded: string, candidates: readonly T[]): T | undefined {
  if (folded === '') return undefined;
  for (const f of formerCommunes().values()) {
    if (f.folded !== folded) continue;
    const into = candidates.find((c) => c.code === f.mergedInto);
    if (into) return into;
  }
  return undefined;
}

/** Without a postcode: "Paris 6ème" → its arrondissement; otherwise a commune name only when unique in France. */
function communeOfName(folded: string): PlaceCommune | null {
  const arrondissement = /^(paris|marseille|lyon) (\d{1,2})(?:e|er|eme)?\b/.exec(folded);
  const base = arrondissement ? ARRONDISSEMENT_BASE[arrondissement[1] as string] : undefined;
  if (arrondissement && base) {
    const c = communeByCode(String(base + Number(arrondissement[2])));
    if (c) return { insee: c.code, nom: c.nom };
  }
  const named = communes().filter((c) => c.folded === folded && !CITIES_WITH_ARRONDISSEMENTS.has(c.code));
  if (named.length === 1 && named[0]) return { insee: named[0].code, nom: named[0].nom };
  if (named.length > 1) return null;
  // A former commune, when no commune of today has its name and no other former commune either.
  const villages = [...formerCommunes().values()].filter((f) => f.folded === folded);
  const into = villages.length === 1 && villages[0] ? communeByCode(villages[0].mergedInto) : undefined;
  return into ? { insee: into.code, nom: into.nom } : null;
}
