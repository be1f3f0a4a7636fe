/**
 * The land figures of each current parcel (`parcel_land`, migration 1410): built footprint and
 * coverage from the cadastre buildings, main PLU zone and the kinds of prescription touching it. They are
 * computed commune by commune in the transaction of the import that changed their inputs (parcels,
 * buildings or PLU: `registerLandRefresh`), so the land search reads an indexed table.
 */
import type { Queryable } from '../../db/client.js';
import { registerImportRefresh } from '../../importers/refresh.js';
import {
  type AnyGeometry,
  type AreaGeometry,
  lineTouches,
  overlapArea,
  type Plane,
  type Position,
  planarArea,
  planeAt,
  pointInPolygons,
  projectArea,
} from '../urbanism/index.js';

type Box = [west: number, south: number, east: number, north: number];

interface Boxed {
  box: Box;
}

/** A grid of boxes over a commune: the candidates meeting a parcel's box without a full scan. */
class BoxGrid<T extends Boxed> {
  private readonly cells = new Map<string, T[]>();
  constructor(
    items: readonly T[],
    private readonly step = 0.002,
  ) {
    for (const it of items) for (const k of this.keys(it.box)) (this.cells.get(k) ?? this.cells.set(k, []).get(k))?.push(it);
  }
  private *keys([w, s, e, n]: Box): Iterable<string> {
    const x0 = Math.floor(w / this.step);
    const x1 = Math.floor(e / this.step);
    const y0 = Math.floor(s / this.step);
    const y1 = Math.floor(n / this.step);
    // A zone as large as a commune is kept in one list of its own rather than thousands of cells.
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > 400) {
      yield '*';
      return;
    }
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) yield `${x}:${y}`;
  }
  near(box: Box): T[] {
    const out = new Set<T>(this.cells.get('*') ?? []);
    for (const k of this.keys(box)) for (const it of this.cells.get(k) ?? []) out.add(it);
    return [...out].filter((it) => it.box[0] <= box[2] && it.box[2] >= box[0] && it.box[1] <= box[3] && it.box[3] >= box[1]);
  }
}

const boxOf = (r: { bbox_west: number; bbox_south: number; bbox_east: number; bbox_north: number }): Box => [
  r.bbox_west,
  r.bbox_south,
  r.bbox_east,
  r.bbox_north,
];

/** U, AUc, AUs, A, N (and older spellings) folded to the four families the search filters on. */
export function zoneFamily(typezone: string | null): 'U' | 'AU' | 'A' | 'N' | null {
  const t = (typezone ?? '').trim().toUpperCase();
  if (t.startsWith('AU')) return 'AU';
  if (t === 'U' || t === 'A' || t === 'N') return t;
  if (t.startsWith('N')) return 'N';
  if (t.startsWith('U')) return 'U';
  if (t.startsWith('A')) return 'A';
  return null;
}

export interface LandRow {
  parcelId: string;
  areaM2: number;
  builtM2: number | null;
  coverage: number | null;
  zoneType: string | null;
  typezone: string | null;
  libelle: string | null;
  libelong: string | null;
  idurba: string | null;
  /** TYPEPSC of the prescriptions touching the parcel, sorted. */
  prescriptionTypes: string[];
}

type Projected = { kind: 'area'; polys: Position[][][] } | { kind: 'points'; points: Position[] } | { kind: 'lines'; lines: Position[][] };

function projectFeature(g: AnyGeometry, plane: Plane): Projected {
  switch (g.type) {
    case 'Polygon':
    case 'MultiPolygon':
      return { kind: 'area', polys: projectArea(g, plane) };
    case 'Point':
      return { kind: 'points', points: [plane.toXY(g.coordinates)] };
    case 'MultiPoint':
      return { kind: 'points', points: g.coordinates.map((q) => plane.toXY(q)) };
    case 'LineString':
      return { kind: 'lines', lines: [g.coordinates.map((q) => plane.toXY(q))] };
    case 'MultiLineString':
      return { kind: 'lines', lines: g.coordinates.map((l) => l.map((q) => plane.toXY(q))) };
  }
}

/** Share of the parcel a surface covers (null under half a per cent: a sliver, as on the sheet), 0 for a line or point touching it, null otherwise. */
function touches(outline: Position[][][], drawn: number, f: Projected): number | null {
  if (f.kind === 'points') return f.points.some((q) => pointInPolygons(q, outline)) ? 0 : null;
  if (f.kind === 'lines') return f.lines.some((l) => lineTouches(l, outline)) ? 0 : null;
  const a = overlapArea(outline, f.polys);
  return drawn > 0 && a / drawn >= 0.005 ? Math.min(1, a / drawn) : null;
}

/** Recomputes `parcel_land` for the communes given (their current parcels). */
export async function refreshParcelLand(tx: Queryable, communes: readonly string[]): Promise<number> {
  let total = 0;
  for (const commune of communes) total += await refreshCommune(tx, commune);
  return total;
}

async function refreshCommune(tx: Queryable, commune: string): Promise<number> {
  const parcels = await tx.query<{
    id: string;
    contenance: number | null;
    geometry: AreaGeometry;
    centroid_lon: number;
    centroid_lat: number;
    bbox_west: number;
    bbox_south: number;
    bbox_east: number;
    bbox_north: number;
  }>(
    `SELECT id, contenance, geometry, centroid_lon, centroid_lat, bbox_west, bbox_south, bbox_east, bbox_north
       FROM parcels WHERE code_commune = $1 AND is_current`,
    [commune],
  );
  await tx.query(`DELETE FROM parcel_land WHERE code_commune = $1`, [commune]);
  if (parcels.length === 0) return 0;
  const [imported] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM building_communes WHERE code_commune = $1`, [commune]);
  const builtKnown = (imported?.n ?? 0) > 0;
  const buildings = builtKnown
    ? (
        await tx.query<{ geometry: AreaGeometry; bbox_west: number; bbox_south: number; bbox_east: number; bbox_north: number }>(
          `SELECT geometry, bbox_west, bbox_south, bbox_east, bbox_north FROM buildings WHERE code_commune = $1`,
          [commune],
        )
      ).map((b) => ({ box: boxOf(b), geometry: b.geometry }))
    : [];
  const area: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of parcels) {
    area[0] = Math.min(area[0], p.bbox_west);
    area[1] = Math.min(area[1], p.bbox_south);
    area[2] = Math.max(area[2], p.bbox_east);
    area[3] = Math.max(area[3], p.bbox_north);
  }
  const features = (
    await tx.query<{
      layer: string;
      idurba: string;
      libelle: string | null;
      libelong: string | null;
      typezone: string | null;
      type_code: string | null;
      geometry: AnyGeometry;
      bbox_west: number;
      bbox_south: number;
      bbox_east: number;
      bbox_north: number;
    }>(
      `SELECT layer, idurba, libelle, libelong, typezone, type_code, geometry, bbox_west, bbox_south, bbox_east, bbox_north
         FROM plu_features
        WHERE layer IN ('zone_urba', 'prescription_surf', 'prescription_lin', 'prescription_pct')
          AND box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)) && box(point($1, $2), point($3, $4))`,
      area,
    )
  ).map((f) => ({ ...f, box: boxOf(f) }));
  // One plane for the commune, every outline projected once: projecting a zone of thousands of
  // points again for each of the parcels it meets made a PLU import minutes long. Over a commune's
  // few kilometres the equirectangular scale varies by well under a per cent of a per cent.
  const plane = planeAt((area[0] + area[2]) / 2, (area[1] + area[3]) / 2);
  const buildingGrid = new BoxGrid(buildings.map((b) => ({ box: b.box, outline: projectArea(b.geometry, plane) })));
  const featureGrid = new BoxGrid(features.map((f) => ({ ...f, projected: projectFeature(f.geometry, plane) })));
  const rows: LandRow[] = [];
  for (const p of parcels) {
    const box = boxOf(p);
    const outline = projectArea(p.geometry, plane);
    const drawn = planarArea(outline);
    const areaM2 = p.contenance && p.contenance > 0 ? p.contenance : Math.round(drawn);
    let built: number | null = null;
    if (builtKnown) {
      built = 0;
      for (const b of buildingGrid.near(box)) built += overlapArea(outline, b.outline);
      built = Math.round(built);
    }
    const zones = new Map<string, { share: number; f: (typeof features)[number] }>();
    const prescriptions = new Set<string>();
    for (const f of featureGrid.near(box)) {
      // A kind already found needs no second exact overlap.
      const kind = f.type_code ?? '';
      if (f.layer !== 'zone_urba' && prescriptions.has(kind)) continue;
      const share = touches(outline, drawn, f.projected);
      if (share === null) continue;
      if (f.layer !== 'zone_urba') {
        prescriptions.add(kind);
        continue;
      }
      // A zone drawn in several pieces counts once, its shares added (as the parcel sheet does).
      const key = `${f.idurba}|${f.libelle}|${f.typezone}`;
      const prev = zones.get(key);
      zones.set(key, { share: (prev?.share ?? 0) + share, f });
    }
    const main = [...zones.values()].sort((a, b) => b.share - a.share || (a.f.libelle ?? '').localeCompare(b.f.libelle ?? ''))[0]?.f;
    rows.push({
      parcelId: p.id,
      areaM2,
      builtM2: built,
      coverage: built === null || areaM2 <= 0 ? null : built / areaM2,
      zoneType: main ? zoneFamily(main.typezone) : null,
      typezone: main?.typezone ?? null,
      libelle: main?.libelle ?? null,
      libelong: main?.libelong ?? null,
      idurba: main?.idurba ?? null,
      prescriptionTypes: [...prescriptions].sort(),
    });
  }
  for (let i = 0; i < rows.length; i += 2_000) {
    const chunk = rows.slice(i, i + 2_000);
    await tx.query(
      `INSERT INTO parcel_land (parcel_id, code_commune, area_m2, built_m2, coverage, zone_type, zone_typezone, zone_libelle, zone_libelong,
                                zone_idurba, prescription_types)
       SELECT u.id, $1, u.area, u.built, u.coverage, u.zone_type, u.typezone, u.libelle, u.libelong, u.idurba,
              CASE WHEN u.kinds = '' THEN '{}'::text[] ELSE string_to_array(u.kinds, ',') END
         FROM unnest($2::text[], $3::int[], $4::int[], $5::float8[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
              AS u(id, area, built, coverage, zone_type, typezone, libelle, libelong, idurba, kinds)`,
      [
        commune,
        chunk.map((r) => r.parcelId),
        chunk.map((r) => r.areaM2),
        chunk.map((r) => r.builtM2),
        chunk.map((r) => r.coverage),
        chunk.map((r) => r.zoneType),
        chunk.map((r) => r.typezone),
        chunk.map((r) => r.libelle),
        chunk.map((r) => r.libelong),
        chunk.map((r) => r.idurba),
        // One text per parcel: unnest cannot take an array of arrays of different lengths.
        chunk.map((r) => r.prescriptionTypes.join(',')),
      ],
    );
  }
  return rows.length;
}

/**
 * The communes whose figures an import may have changed: for parcels or buildings, those of the file
 * where this run wrote a row (a re-import of the same file writes none, and recomputes nothing), or
 * that have no figures yet; for a PLU file, every commune its extent meets.
 */
async function touchedCommunes(tx: Queryable, source: string, stage: string, runId: number): Promise<string[]> {
  const changed =
    source === 'cadastre'
      ? `EXISTS (SELECT 1 FROM cadastre_communes c WHERE c.code_commune = s.c AND c.import_run_id = $1)
         OR EXISTS (SELECT 1 FROM parcels p WHERE p.code_commune = s.c AND p.import_run_id = $1)`
      : source === 'batiments'
        ? 'EXISTS (SELECT 1 FROM building_communes b WHERE b.code_commune = s.c AND b.import_run_id = $1)'
        : null;
  if (changed) {
    return (
      await tx.query<{ c: string }>(
        `SELECT s.c FROM (SELECT DISTINCT code_commune AS c FROM ${stage}) s
          WHERE ${changed} OR NOT EXISTS (SELECT 1 FROM parcel_land l WHERE l.code_commune = s.c)
          ORDER BY 1`,
        [runId],
      )
    ).map((r) => r.c);
  }
  return (
    await tx.query<{ c: string }>(
      `SELECT DISTINCT p.code_commune AS c
         FROM parcels p, (SELECT min(bbox_west) w, min(bbox_south) s, max(bbox_east) e, max(bbox_north) n FROM ${stage}) b
        WHERE b.w IS NOT NULL AND p.is_current
          AND box(point(p.bbox_west, p.bbox_south), point(p.bbox_east, p.bbox_north)) && box(point(b.w, b.s), point(b.e, b.n))
        ORDER BY 1`,
    )
  ).map((r) => r.c);
}

/** Registers the land refresh with the import pipeline (idempotent): the CLI and the server's import jobs call it. */
export function registerLandRefresh(): void {
  registerImportRefresh({
    name: 'parcelLand',
    sources: ['cadastre', 'batiments', 'plu'],
    async run(tx, ctx) {
      const communes = await touchedCommunes(tx, ctx.source, ctx.stage, ctx.runId);
      const parcels = await refreshParcelLand(tx, communes);
      return { communes: communes.length, parcels };
    },
  });
}
