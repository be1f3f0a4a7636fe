/** What the maps ask the server besides tiles. */
import { z } from 'zod';
import { clusterQueryFields, zoneQueryFields } from '../zone/contracts.js';

/**
 * The extent of the offline basemap (`GET /api/tiles/base/extent`): west, south, east, north of
 * the communes whose cadastre is loaded (or of those asked for), null when none is. A map opened
 * with no place of its own starts there, where it has something to draw.
 */
export const baseExtentSchema = z.object({
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type BaseExtent = z.infer<typeof baseExtentSchema>;

/** `?insee=93010,93005`: the extent of those communes only (a zone of communes on its map). */
export const baseExtentQuerySchema = z.object({ insee: zoneQueryFields.insee });

/**
 * What the offline basemap holds in a view (`GET /api/tiles/base/coverage?bbox=w,s,e,n`; the whole
 * base without `bbox`): a commune outline from an imported cadastre, BAN addresses (street names).
 * The map names a source only when it draws something there, and says so when it draws nothing.
 */
export const baseCoverageSchema = z.object({ cadastre: z.boolean(), ban: z.boolean() });
export type BaseCoverage = z.infer<typeof baseCoverageSchema>;

export const baseCoverageQuerySchema = z.object({ bbox: clusterQueryFields.bbox.optional() });
