/**
 * One Etalab cadastre feature → one parcel row: id checked against its parts, geometry checked,
 * area-weighted centroid (where raw DVF rows are geolocated, as Etalab's geo-DVF does) and
 * bounding box. Pure.
 */
import { distanceToGeometryM, pointInGeometry } from '@immoloupe/shared/market/polygon';
import turfBbox from '@turf/bbox';

type Position = [number, number];
type Ring = Position[];
export type ParcelGeometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

export interface ParcelRow {
  id: string;
  codeCommune: string;
  prefixe: string;
  section: string;
  numero: string;
  codeSection: string;
  contenance: number | null;
  geometry: ParcelGeometry;
  centroid: { lon: number; lat: number };
  bbox: { west: number; south: number; east: number; north: number };
  created: string | null;
  updated: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PARCEL_ID = /^[0-9][0-9AB][0-9]{3}[0-9A-Z]{3}[0-9A-Z]{2}[0-9]{4}$/;

function isPosition(p: unknown): p is Position {
  return (
    Array.isArray(p) &&
    p.length >= 2 &&
    typeof p[0] === 'number' &&
    typeof p[1] === 'number' &&
    Math.abs(p[0]) <= 180 &&
    Math.abs(p[1]) <= 90
  );
}

function isRing(r: unknown): r is Ring {
  return Array.isArray(r) && r.length >= 4 && r.every(isPosition);
}

function polygons(g: ParcelGeometry): Ring[][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

/** Signed area (shoelace) and the first moments of a ring, in degrees (centroids are affine-invariant). */
function ringMoments(ring: Ring): { a: number; cx: number; cy: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  // Relative to the first vertex, for precision.
  const [x0, y0] = ring[0] as Position;
  for (let i = 0; i < ring.length - 1; i++) {
    const [xa, ya] = ring[i] as Position;
    const [xb, yb] = ring[i + 1] as Position;
    const x1 = xa - x0;
    const y1 = ya - y0;
    const x2 = xb - x0;
    const y2 = yb - y0;
    const cross = x1 * y2 - x2 * y1;
    a += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  return { a: a / 2, cx: cx / 6 + x0 * (a / 2), cy: cy / 6 + y0 * (a / 2) };
}

/** Area-weighted centroid of a (multi)polygon; holes count negatively. Vertex mean when degenerate. */
export function centroidOf(g: ParcelGeometry): { lon: number; lat: number } {
  let area = 0;
  let mx = 0;
  let my = 0;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const poly of polygons(g)) {
    poly.forEach((ring, i) => {
      const m = ringMoments(ring);
      // Outer ring counts positively, holes negatively, whatever their orientation.
      const sign = (i === 0 ? 1 : -1) * Math.sign(m.a);
      area += sign * m.a;
      mx += sign * m.cx;
      my += sign * m.cy;
      for (const [x, y] of ring) {
        sx += x;
        sy += y;
        n++;
      }
    });
  }
  if (Math.abs(area) < 1e-18) return { lon: sx / n, lat: sy / n };
  return { lon: mx / area, lat: my / area };
}

export function bboxOf(g: ParcelGeometry): ParcelRow['bbox'] {
  const [west, south, east, north] = turfBbox(g, { recompute: true });
  return { west, south, east, north };
}

function str(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A feature → a parcel row, or the French reason it is rejected. */
export function parcelFromFeature(feature: unknown): ParcelRow | string {
  if (!feature || typeof feature !== 'object') return 'objet GeoJSON attendu';
  const f = feature as { type?: unknown; id?: unknown; geometry?: unknown; properties?: unknown };
  if (f.type !== 'Feature') return 'objet de type « Feature » attendu';
  const props = (f.properties ?? {}) as Record<string, unknown>;
  const id = str(props.id) ?? str(f.id);
  if (!id) return 'identifiant de parcelle absent';
  if (!PARCEL_ID.test(id)) return `identifiant de parcelle invalide « ${id} » (14 caractères attendus)`;
  const commune = str(props.commune) ?? id.slice(0, 5);
  if (commune !== id.slice(0, 5)) return `commune « ${commune} » différente de celle de l’identifiant ${id}`;
  const geometry = f.geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!geometry) return 'géométrie absente';
  let geom: ParcelGeometry;
  if (
    geometry.type === 'Polygon' &&
    Array.isArray(geometry.coordinates) &&
    geometry.coordinates.length > 0 &&
    geometry.coordinates.every(isRing)
  ) {
    geom = { type: 'Polygon', coordinates: geometry.coordinates as Ring[] };
  } else if (
    geometry.type === 'MultiPolygon' &&
    Array.isArray(geometry.coordinates) &&
    geometry.coordinates.length > 0 &&
    geometry.coordinates.every((p) => Array.isArray(p) && p.length > 0 && p.every(isRing))
  ) {
    geom = { type: 'MultiPolygon', coordinates: geometry.coordinates as Ring[][] };
  } else {
    return 'géométrie invalide (Polygon ou MultiPolygon en WGS84 attendu)';
  }
  const contenanceRaw = props.contenance;
  let contenance: number | null = null;
  if (contenanceRaw !== null && contenanceRaw !== undefined && contenanceRaw !== '') {
    const n = Number(contenanceRaw);
    if (!Number.isFinite(n) || n < 0) return `contenance invalide « ${String(contenanceRaw)} »`;
    contenance = Math.round(n);
  }
  const created = str(props.created);
  const updated = str(props.updated);
  if (created && !ISO_DATE.test(created)) return `date de création invalide « ${created} »`;
  if (updated && !ISO_DATE.test(updated)) return `date de mise à jour invalide « ${updated} »`;
  return {
    id,
    codeCommune: id.slice(0, 5),
    prefixe: id.slice(5, 8),
    section: str(props.section) ?? id.slice(8, 10).replace(/^0/, ''),
    numero: str(props.numero) ?? id.slice(10).replace(/^0+(?=\d)/, ''),
    codeSection: id.slice(0, 10),
    contenance,
    geometry: geom,
    centroid: centroidOf(geom),
    bbox: bboxOf(geom),
    created,
    updated,
  };
}

/** Point in (multi)polygon, even-odd rule (holes excluded); the one implementation is shared. */
export function containsPoint(g: ParcelGeometry, lon: number, lat: number): boolean {
  return pointInGeometry(lon, lat, g);
}

/** Distance in metres from a point to the outline of a (multi)polygon, 0 inside. */
export function distanceToParcelM(g: ParcelGeometry, lon: number, lat: number): number {
  return distanceToGeometryM(lon, lat, g);
}
