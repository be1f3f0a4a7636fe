/**
 * The commune a parcel search names, shared by the parcel search and the saved parcel searches
 * (their counts and alerts), so that both read the same commune from the same text.
 */
import { communeInfo } from '../../places/commune-info.js';
import { searchCommunes } from '../../places/communes.js';
import { foldText } from '../../places/search-text.logic.js';

/** The commune of a parcel search: an INSEE code (of today, or of a former commune), or the best match of a name. */
export function resolveCommune(
  text: string,
): { code: string; nom: string; codesPostaux: string[]; mergedInto?: { insee: string; nom: string } } | undefined {
  if (/^(\d{2}|2A|2B)\d{3}$/i.test(text)) {
    const info = communeInfo(text.toUpperCase());
    if (info)
      return {
        code: info.insee,
        nom: info.nom,
        codesPostaux: info.codesPostaux,
        ...(info.mergedInto ? { mergedInto: info.mergedInto } : {}),
      };
  }
  return searchCommunes(foldText(text), null, 1).find((h) => h.score >= 0.7)?.commune;
}
