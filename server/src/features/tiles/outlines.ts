/**
 * Refreshes the stored section and commune outlines of some communes from their current parcels
 * (called by the cadastre import, inside its merge transaction), and empties the tile cache so
 * that no map shows the old outlines.
 */
import type { Queryable } from '../../db/client.js';
import { type Area, type Outline, outlineOf } from './outlines.logic.js';

export async function clearTileCache(tx: Queryable): Promise<void> {
  await tx.exec('DELETE FROM map_tiles');
}

function bboxParams(o: Outline): number[] {
  return [o.bbox.west, o.bbox.south, o.bbox.east, o.bbox.north];
}

/** `communesSql` selects the `code_commune` of the communes to refresh. */
export async function refreshOutlines(tx: Queryable, communesSql: string): Promise<{ sections: number; communes: number }> {
  const communes = await tx.query<{ code_commune: string }>(`SELECT DISTINCT code_commune FROM (${communesSql}) c ORDER BY 1`);
  let sections = 0;
  for (const { code_commune } of communes) {
    await tx.query('DELETE FROM cadastre_sections WHERE code_commune = $1', [code_commune]);
    await tx.query('DELETE FROM commune_outlines WHERE code_commune = $1', [code_commune]);
    const parcels = await tx.query<{ code_section: string; section: string; geometry: Area }>(
      `SELECT code_section, prefixe || section AS section, geometry FROM parcels
        WHERE code_commune = $1 AND is_current ORDER BY code_section`,
      [code_commune],
    );
    const bySection = new Map<string, { section: string; areas: Area[] }>();
    for (const p of parcels) {
      const entry = bySection.get(p.code_section) ?? { section: p.section, areas: [] };
      entry.areas.push(p.geometry);
      bySection.set(p.code_section, entry);
    }
    const outlines: Area[] = [];
    for (const [code, { section, areas }] of bySection) {
      const o = outlineOf(areas);
      if (!o) continue;
      outlines.push(o.geometry);
      sections++;
      await tx.query(
        `INSERT INTO cadastre_sections (code_section, code_commune, section, parcels, geometry, bbox_west, bbox_south, bbox_east, bbox_north)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
        [code, code_commune, section, areas.length, JSON.stringify(o.geometry), ...bboxParams(o)],
      );
    }
    const commune = outlineOf(outlines);
    if (commune)
      await tx.query(
        `INSERT INTO commune_outlines (code_commune, geometry, bbox_west, bbox_south, bbox_east, bbox_north)
         VALUES ($1, $2::jsonb, $3, $4, $5, $6)`,
        [code_commune, JSON.stringify(commune.geometry), ...bboxParams(commune)],
      );
  }
  await clearTileCache(tx);
  return { sections, communes: communes.length };
}
