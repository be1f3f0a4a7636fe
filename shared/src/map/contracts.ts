/** What the maps ask the server besides tiles. */
import { z } from 'zod';
import { zoneQueryFields } from '../zone/contracts.js';

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
