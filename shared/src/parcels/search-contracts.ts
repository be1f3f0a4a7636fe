/** The parcel search's answer (`GET /api/parcels`) with what the page says about the data behind its filters. */
import { z } from 'zod';
import { parcelLandSchema } from '../land/contracts.js';
import { parcelSearchResponseSchema } from '../opendata/contracts.js';

export const parcelSearchResultSchema = parcelSearchResponseSchema.extend({
  /**
   * Départements of the zone whose legal-entity owners file (DGFiP) is not imported: there the owner
   * filters can only find nothing, which the page says under them.
   */
  ownersMissing: z.array(z.string()).default([]),
  /**
   * The first BAN address of the parcels listed (« 139 Avenue Carnot, 93140 Bondy »), as their sheet
   * gives it, by parcel id; a parcel the BAN gives no address is absent.
   */
  addresses: z.record(z.string(), z.string()).default({}),
  /** Land figures (zone, prescriptions, footprint, coverage) of the parcels listed, by parcel id; absent for a parcel no import has computed. */
  land: z.record(z.string(), parcelLandSchema).default({}),
  /**
   * Communes searched whose cadastre buildings are not imported: their parcels show « bâti non
   * importé » and no coverage filter returns them, which the page says.
   */
  buildingsMissing: z.array(z.string()).default([]),
});
export type ParcelSearchResult = z.infer<typeof parcelSearchResultSchema>;

/** « Les propriétaires personnes morales de ce département (93) ne sont pas encore importés. », or null. */
export function ownersMissingNotice(departements: readonly string[]): string | null {
  if (departements.length === 0) return null;
  const which = departements.length === 1 ? `de ce département (${departements[0]})` : `de ces départements (${departements.join(', ')})`;
  return `Les propriétaires personnes morales ${which} ne sont pas encore importés\u00a0: les filtres de propriétaire n’y trouvent aucune parcelle.`;
}
