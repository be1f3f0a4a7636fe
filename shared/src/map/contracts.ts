/** What the maps ask the server besides tiles. */
import { z } from 'zod';

/**
 * The extent of the offline basemap (`GET /api/tiles/base/extent`): west, south, east, north of
 * the communes whose cadastre is loaded, null before any cadastre import. A map opened with no
 * place of its own starts there, where it has something to draw.
 */
export const baseExtentSchema = z.object({
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type BaseExtent = z.infer<typeof baseExtentSchema>;
