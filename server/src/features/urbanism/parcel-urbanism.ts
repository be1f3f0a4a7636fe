/**
 * The urban planning of one parcel: the features whose bounding box meets the parcel's (GiST index
 * on the boxes), then the exact overlap on a plane (`overlap.logic.ts`). Surfaces under half a per
 * cent of the parcel are edge slivers between two drawings and are left out.
 */
import type { ParcelPluItem, ParcelUrbanism, ParcelZone, PluDocument } from '@immoloupe/shared/urbanism/contracts';
import type { Queryable } from '../../db/client.js';
import { type AnyGeometry, type AreaGeometry, overlapWith, planarArea, planeAt, projectArea } from './overlap.logic.js';

interface FeatureRow {
  layer: ParcelPluItem['layer'];
  idurba: string;
  libelle: string | null;
  libelong: string | null;
  typezone: string | null;
  type_code: string | null;
  subtype_code: string | null;
  txt: string | null;
  nomfic: string | null;
  urlfic: string | null;
  geometry: AnyGeometry;
}

const byShare = <T extends { share: number | null; libelle: string | null }>(a: T, b: T) =>
  (b.share ?? -1) - (a.share ?? -1) || (a.libelle ?? '').localeCompare(b.libelle ?? '', 'fr');

/** Null when the parcel is unknown. */
export async function parcelUrbanism(db: Queryable, parcelId: string): Promise<ParcelUrbanism | null> {
  const [parcel] = await db.query<{
    geometry: AreaGeometry;
    centroid_lon: number;
    centroid_lat: number;
    bbox_west: number;
    bbox_south: number;
    bbox_east: number;
    bbox_north: number;
  }>(`SELECT geometry, centroid_lon, centroid_lat, bbox_west, bbox_south, bbox_east, bbox_north FROM parcels WHERE id = $1`, [parcelId]);
  if (!parcel) return null;
  const [any] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM plu_documents`);
  const rows = await db.query<FeatureRow>(
    `SELECT f.layer, f.idurba, f.libelle, f.libelong, f.typezone, f.type_code, f.subtype_code, f.txt, f.nomfic, f.urlfic, f.geometry
       FROM plu_features f
      WHERE box(point(f.bbox_west, f.bbox_south), point(f.bbox_east, f.bbox_north)) && box(point($1, $2), point($3, $4))`,
    [parcel.bbox_west, parcel.bbox_south, parcel.bbox_east, parcel.bbox_north],
  );
  const plane = planeAt(parcel.centroid_lon, parcel.centroid_lat);
  const outline = projectArea(parcel.geometry, plane);
  const area = planarArea(outline);
  const zones: ParcelZone[] = [];
  const prescriptions: ParcelPluItem[] = [];
  const informations: ParcelPluItem[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const o = overlapWith(outline, area, r.geometry, plane);
    if (!o) continue;
    seen.add(r.idurba);
    if (r.layer === 'zone_urba') {
      zones.push({
        libelle: r.libelle,
        libelong: r.libelong,
        typezone: r.typezone ?? '',
        idurba: r.idurba,
        nomfic: r.nomfic,
        urlfic: r.urlfic,
        areaM2: Math.round(o.areaM2 ?? 0),
        share: o.share ?? 0,
      });
      continue;
    }
    const item: ParcelPluItem = {
      layer: r.layer,
      libelle: r.libelle,
      txt: r.txt,
      typeCode: r.type_code,
      subtypeCode: r.subtype_code,
      idurba: r.idurba,
      urlfic: r.urlfic,
      areaM2: o.areaM2 === null ? null : Math.round(o.areaM2),
      share: o.share,
    };
    (r.layer.startsWith('info') ? informations : prescriptions).push(item);
  }
  const documents =
    seen.size === 0
      ? []
      : await db.query<PluDocument>(
          `SELECT idurba, datappro::text AS datappro, nomfic, urlfic FROM plu_documents WHERE idurba = ANY($1::text[]) ORDER BY idurba`,
          [[...seen]],
        );
  return {
    parcelId,
    anyDocument: (any?.n ?? 0) > 0,
    documents,
    zones: mergeZones(zones).sort(byShare),
    prescriptions: prescriptions.sort(byShare),
    informations: informations.sort(byShare),
  };
}

/** A zone drawn in several pieces (one per commune, per sheet) counts once, its shares added. */
function mergeZones(zones: ParcelZone[]): ParcelZone[] {
  const out = new Map<string, ParcelZone>();
  for (const z of zones) {
    const key = `${z.idurba}|${z.libelle}|${z.typezone}`;
    const prev = out.get(key);
    if (prev) {
      prev.areaM2 += z.areaM2;
      prev.share = Math.min(1, prev.share + z.share);
    } else out.set(key, { ...z });
  }
  return [...out.values()];
}
