/**
 * Is a point inside a GeoJSON Polygon or MultiPolygon (WGS84)? Even-odd ray casting over every
 * ring, so holes are outside. Parcels are small enough for the plane approximation.
 */
export type Position = [number, number] | number[];
export type PolygonGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

function insideRing(lon: number, lat: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insidePolygon(lon: number, lat: number, rings: readonly Position[][]): boolean {
  let inside = false;
  for (const ring of rings) if (insideRing(lon, lat, ring)) inside = !inside;
  return inside;
}

export function pointInGeometry(lon: number, lat: number, geometry: PolygonGeometry): boolean {
  if (geometry.type === 'Polygon') return insidePolygon(lon, lat, geometry.coordinates);
  return geometry.coordinates.some((poly) => insidePolygon(lon, lat, poly));
}

/**
 * Distance in metres from a point to a polygon (0 inside), on a local equirectangular projection:
 * enough to attach an address point, often placed on the street in front, to its parcel.
 */
export function distanceToGeometryM(lon: number, lat: number, geometry: PolygonGeometry): number {
  if (pointInGeometry(lon, lat, geometry)) return 0;
  const mPerDegLat = 111_195.08;
  const mPerDegLon = mPerDegLat * Math.cos((lat * Math.PI) / 180);
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = Number.POSITIVE_INFINITY;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 1; i < ring.length; i++) {
        const [x1, y1] = ring[i - 1] as [number, number];
        const [x2, y2] = ring[i] as [number, number];
        const ax = (x1 - lon) * mPerDegLon;
        const ay = (y1 - lat) * mPerDegLat;
        const bx = (x2 - lon) * mPerDegLon;
        const by = (y2 - lat) * mPerDegLat;
        const dx = bx - ax;
        const dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
        best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
      }
    }
  }
  return best;
}
