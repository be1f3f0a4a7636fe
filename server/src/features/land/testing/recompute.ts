/**
 * The land figures recomputed from the sample files themselves, for the tests to compare with what
 * the import stored: another method than the refresh's (Lambert-93 by proj4 and polygon-clipping,
 * instead of a local plane and ring clipping), so that one mistake cannot pass in both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping';
import proj4 from 'proj4';
import { readPlu } from '../../../importers/plu-read.js';

const LAMBERT93 =
  '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
const fromWgs84 = proj4('EPSG:4326', LAMBERT93);

type Geo = { type: string; coordinates: unknown };
interface Shape {
  poly: MultiPolygon;
  box: [number, number, number, number];
}

function readCollection(file: string): { geometry: Geo | null; properties: Record<string, unknown> }[] {
  const raw = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  return (JSON.parse(text) as { features: { geometry: Geo | null; properties: Record<string, unknown> }[] }).features;
}

function shapeOf(g: Geo, project: (p: [number, number]) => [number, number]): Shape | null {
  const polys =
    g.type === 'Polygon'
      ? [g.coordinates as [number, number][][]]
      : g.type === 'MultiPolygon'
        ? (g.coordinates as [number, number][][][])
        : null;
  if (!polys) return null;
  const poly: MultiPolygon = polys.map((rings) => rings.map((ring) => ring.map((p) => project(p))));
  const box: Shape['box'] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of poly)
    for (const [x, y] of rings[0] ?? []) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  return { poly, box };
}

const ringArea = (ring: readonly (readonly number[])[]) => {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += ((ring[j]?.[0] ?? 0) - (ring[i]?.[0] ?? 0)) * ((ring[j]?.[1] ?? 0) + (ring[i]?.[1] ?? 0));
  return Math.abs(s / 2);
};
const areaOf = (m: MultiPolygon) =>
  m.reduce((a, p: Polygon) => a + ringArea(p[0] ?? []) - p.slice(1).reduce((h, r) => h + ringArea(r), 0), 0);
const meets = (a: Shape, b: Shape) => a.box[0] <= b.box[2] && a.box[2] >= b.box[0] && a.box[1] <= b.box[3] && a.box[3] >= b.box[1];
const overlap = (a: Shape, b: Shape) => (meets(a, b) ? areaOf(polygonClipping.intersection(a.poly, b.poly)) : 0);

/** Whether an edge of `m` meets the box: none, and the parcel is wholly inside or wholly outside. */
function edgeNear(m: MultiPolygon, [x0, y0, x1, y1]: Shape['box']): boolean {
  for (const poly of m)
    for (const ring of poly)
      for (let i = 1; i < ring.length; i++) {
        const [ax, ay] = ring[i - 1] as [number, number];
        const [bx, by] = ring[i] as [number, number];
        if (Math.max(ax, bx) >= x0 && Math.min(ax, bx) <= x1 && Math.max(ay, by) >= y0 && Math.min(ay, by) <= y1) return true;
      }
  return false;
}

/** Even-odd rule over every ring (holes included). */
function inside([x, y]: readonly number[], m: MultiPolygon): boolean {
  let odd = false;
  for (const poly of m)
    for (const ring of poly)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as [number, number];
        const [xj, yj] = ring[j] as [number, number];
        if (yi > (y ?? 0) !== yj > (y ?? 0) && (x ?? 0) < ((xj - xi) * ((y ?? 0) - yi)) / (yj - yi) + xi) odd = !odd;
      }
  return odd;
}

/** A parcel's overlap with a large zone: the exact clipping only where the zone's outline crosses the parcel's box. */
function zoneOverlap(parcel: Shape, zone: Shape, parcelArea: number): number {
  if (!meets(parcel, zone)) return 0;
  if (edgeNear(zone.poly, parcel.box)) return overlap(parcel, zone);
  const first = parcel.poly[0]?.[0]?.[0];
  return first && inside(first, zone.poly) ? parcelArea : 0;
}

export interface ExpectedLand {
  id: string;
  /** Cadastral area (contenance), m². */
  area: number;
  /** Built footprint, m² (unrounded). */
  built: number;
  coverage: number;
  /** Family (U, AU, A, N) of the zone covering most of the parcel, null outside every zone. */
  zoneType: string | null;
  zoneLibelle: string | null;
}

const family = (t: string | null) => {
  const s = (t ?? '').toUpperCase();
  return s.startsWith('AU') ? 'AU' : (['U', 'A', 'N'].find((f) => s.startsWith(f)) ?? null);
};

/**
 * Per parcel of a cadastre sample: its area, the buildings' footprint within it, and its main zone in
 * a PLU sample, for the parcels `zoneOf` accepts (the exact overlap with large zones is slow).
 */
export async function recomputeLand(
  parcelsFile: string,
  buildingsFile: string,
  pluFile?: string,
  zoneOf: (p: { area: number; coverage: number }) => boolean = () => true,
): Promise<ExpectedLand[]> {
  const project = (p: [number, number]) => fromWgs84.forward(p) as [number, number];
  const buildings = readCollection(buildingsFile)
    .map((f) => (f.geometry ? shapeOf(f.geometry, project) : null))
    .filter((s): s is Shape => s !== null);
  const zones: (Shape & { typezone: string | null; libelle: string | null })[] = [];
  if (pluFile) {
    const bytes = readFileSync(pluFile);
    const read = await readPlu(pluFile, path.basename(pluFile), bytes, 'gpkg');
    for (const layer of read.layers.filter((l) => l.layer === 'zone_urba')) {
      const conv =
        layer.crs.kind === 'wgs84'
          ? project
          : (p: [number, number]) => proj4(layer.crs.kind === 'projected' ? layer.crs.definition : '', LAMBERT93, p);
      for (const f of layer.features) {
        const s = f.geometry ? shapeOf(f.geometry as Geo, conv) : null;
        const prop = (k: string) => {
          const v = f.props[k] ?? f.props[k.toUpperCase()];
          return typeof v === 'string' ? v : null;
        };
        if (s) zones.push({ ...s, typezone: prop('typezone'), libelle: prop('libelle') });
      }
    }
  }
  const out: ExpectedLand[] = [];
  for (const f of readCollection(parcelsFile)) {
    const parcel = f.geometry ? shapeOf(f.geometry, project) : null;
    if (!parcel) continue;
    const area = Number(f.properties.contenance);
    const built = buildings.reduce((a, b) => a + overlap(parcel, b), 0);
    const byZone = new Map<string, { share: number; typezone: string | null; libelle: string | null }>();
    const drawn = zones.length ? areaOf(parcel.poly) : 0;
    for (const z of zoneOf({ area, coverage: built / area }) ? zones : []) {
      const o = zoneOverlap(parcel, z, drawn);
      if (o <= 0) continue;
      const key = `${z.libelle}|${z.typezone}`;
      byZone.set(key, { share: (byZone.get(key)?.share ?? 0) + o, typezone: z.typezone, libelle: z.libelle });
    }
    const main = [...byZone.values()].sort((a, b) => b.share - a.share)[0];
    out.push({
      id: String(f.properties.id),
      area,
      built,
      coverage: built / area,
      zoneType: family(main?.typezone ?? null),
      zoneLibelle: main?.libelle ?? null,
    });
  }
  return out;
}
