/**
 * Pure parts of the urban-planning importer (`plu.ts`): which CNIG layer a layer or file name is,
 * the document version in IDURBA, the fields of a feature whatever their case, and the geometry
 * brought to WGS 84 with its bounding box.
 */
import turfBbox from '@turf/bbox';
import proj4 from 'proj4';

export const PLU_LAYERS = [
  'zone_urba',
  'prescription_surf',
  'prescription_lin',
  'prescription_pct',
  'info_surf',
  'info_lin',
  'info_pct',
] as const;
export type PluLayer = (typeof PLU_LAYERS)[number];

/**
 * The CNIG layer a layer or file is, from its name: `200057875_ZONE_URBA_20250624.shp`, `zoneUrba`,
 * `PRESCRIPTION_SURF_BONDY` and the ten-character truncation `PRESCRIPTIO_LIN_BONDY` of old
 * shapefile tools. Null for the other layers (OAP, habillage, a producer's working layers).
 */
export function layerOfName(name: string): PluLayer | null {
  const n = name
    .replace(/\.(shp|dbf|geojson|json)$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
  const tokens = n.split(/[^a-z0-9]+/).filter(Boolean);
  const joined = `_${tokens.join('_')}_`;
  if (joined.includes('_zone_urba_')) return 'zone_urba';
  const kind = /_(prescriptions?|prescriptio|prescrip|psc)_(surf|lin|pct)_/.exec(joined);
  if (kind) return `prescription_${kind[2]}` as PluLayer;
  const info = /_(informations?|info|inf)_(surf|lin|pct)_/.exec(joined);
  if (info) return `info_${info[2]}` as PluLayer;
  return null;
}

/**
 * A layer name in the Géoportail de l'Urbanisme's own naming (`<SIREN|INSEE>_<LAYER>_<AAAAMMJJ>`):
 * preferred when a file holds several layers of the same kind (a producer's working copies).
 */
export function isGpuLayerName(name: string): boolean {
  return /^(\d{9}|[0-9][0-9AB]\d{3})_[A-Z_]+_\d{8}(\.shp)?$/i.test(name);
}

export interface DocumentVersion {
  /** The document, whatever its version: `200057875_PLUI`. */
  partition: string;
  /** Approval date `YYYY-MM-DD`. */
  datappro: string;
}

/** `200057875_PLUI_20250624` (CNIG: `<SIREN|INSEE>_<TYPE>_<DATAPPRO>[_<CODEDU>]`) → its document and date. */
export function parseIdurba(idurba: string): DocumentVersion | null {
  const m = /^(\d{9}|[0-9][0-9AB]\d{3})_([A-Z]+)_(\d{4})(\d{2})(\d{2})(?:_([A-Z0-9]+))?$/i.exec(idurba.trim());
  if (!m) return null;
  const [, code, type, y, mo, d, suffix] = m as unknown as [string, string, string, string, string, string, string | undefined];
  const date = `${y}-${mo}-${d}`;
  if (!isRealDate(date)) return null;
  return { partition: `${code.toUpperCase()}_${type.toUpperCase()}${suffix ? `_${suffix.toUpperCase()}` : ''}`, datappro: date };
}

function isRealDate(iso: string): boolean {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === iso;
}

/** A CNIG date (`AAAAMMJJ`, or already `AAAA-MM-JJ`) → `YYYY-MM-DD`; null when absent or not a date. */
export function cnigDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(s);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isRealDate(iso) ? iso : null;
}

const TYPEZONES: Record<string, string> = { u: 'U', auc: 'AUc', aus: 'AUs', au: 'AUc', a: 'A', n: 'N' };

/** TYPEZONE as the standard writes it (`U`, `AUc`, `AUs`, `A`, `N`); an undivided `AU` reads as `AUc`. */
export function normaliseTypezone(v: string | null): string | null {
  if (!v) return null;
  return TYPEZONES[v.trim().toLowerCase()] ?? null;
}

export interface PluFeature {
  layer: PluLayer;
  idurba: string;
  partition: string;
  datappro: string;
  libelle: string | null;
  libelong: string | null;
  typezone: string | null;
  typeCode: string | null;
  subtypeCode: string | null;
  txt: string | null;
  nomfic: string | null;
  urlfic: string | null;
  datvalid: string | null;
  geometry: Geometry;
  bbox: [number, number, number, number];
}

export type Position = [number, number];
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

/** Geometry types each family of layers accepts (a surface layer holds polygons, and so on). */
const GEOMETRY_OF: Record<'surf' | 'lin' | 'pct', readonly string[]> = {
  surf: ['Polygon', 'MultiPolygon'],
  lin: ['LineString', 'MultiLineString'],
  pct: ['Point', 'MultiPoint'],
};
const familyOf = (layer: PluLayer) => (layer === 'zone_urba' ? 'surf' : (layer.split('_')[1] as 'surf' | 'lin' | 'pct'));

/** Field value by its name in any case (`LIBELLE`, `libelle`), trimmed, null when empty. */
function field(props: Record<string, unknown>, name: string): string | null {
  for (const [k, v] of Object.entries(props)) {
    if (k.toLowerCase() !== name) continue;
    if (v === null || v === undefined) return null;
    const s = String(v).trim();
    return s === '' ? null : s;
  }
  return null;
}

/** Keeps the two first ordinates of every position (Z and M dropped), rounded to 1e-7° (≈ 1 cm). */
function flat(geometry: Geometry, transform: (p: Position) => Position): Geometry {
  const pos = (p: Position): Position => {
    const [x, y] = transform([p[0], p[1]]);
    return [Math.round(x * 1e7) / 1e7, Math.round(y * 1e7) / 1e7];
  };
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: pos(geometry.coordinates) };
    case 'MultiPoint':
    case 'LineString':
      return { type: geometry.type, coordinates: geometry.coordinates.map(pos) } as Geometry;
    case 'MultiLineString':
    case 'Polygon':
      return { type: geometry.type, coordinates: geometry.coordinates.map((r) => r.map(pos)) } as Geometry;
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((p) => p.map((r) => r.map(pos))) };
  }
}

export function positionsOf(g: Geometry): Position[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    case 'MultiPolygon':
      return g.coordinates.flat(2);
  }
}

export function bboxOf(g: Geometry): [number, number, number, number] {
  const [w, s, e, n] = turfBbox(g, { recompute: true });
  return [w, s, e, n];
}

export const LAMBERT93 =
  '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';

export type Crs = { kind: 'wgs84' } | { kind: 'projected'; definition: string };

/** A converter to WGS 84 lon/lat for a layer's coordinate system. */
export function toWgs84(crs: Crs): (p: Position) => Position {
  if (crs.kind === 'wgs84') return (p) => p;
  const conv = proj4(crs.definition, 'EPSG:4326');
  return (p) => conv.forward(p) as Position;
}

/**
 * One feature of a CNIG layer as stored, or the French reason it is refused. `transform` brings
 * the layer's coordinates to WGS 84.
 */
export function pluFeature(
  layer: PluLayer,
  props: Record<string, unknown>,
  geometry: Geometry | null,
  transform: (p: Position) => Position,
): PluFeature | string {
  const idurba = field(props, 'idurba');
  if (!idurba) return 'IDURBA absent';
  const version = parseIdurba(idurba);
  if (!version) return `IDURBA «\u00a0${idurba}\u00a0» hors du standard CNIG (<SIREN ou INSEE>_<type>_<AAAAMMJJ>)`;
  if (!geometry || positionsOf(geometry).length === 0) return 'géométrie absente';
  if (!GEOMETRY_OF[familyOf(layer)].includes(geometry.type)) return `géométrie ${geometry.type} dans une couche ${layer}`;
  const g = flat(geometry, transform);
  const bbox = bboxOf(g);
  if (!(bbox[0] >= -180 && bbox[2] <= 180 && bbox[1] >= -90 && bbox[3] <= 90))
    return 'coordonnées hors de la Terre après conversion en WGS 84';
  const zone = layer === 'zone_urba';
  const typezone = zone ? normaliseTypezone(field(props, 'typezone')) : null;
  if (zone && !typezone) return `TYPEZONE «\u00a0${field(props, 'typezone') ?? ''}\u00a0» invalide (U, AUc, AUs, A ou N attendu)`;
  const kind = layer.startsWith('info') ? 'inf' : 'psc';
  return {
    layer,
    idurba: idurba.toUpperCase(),
    partition: version.partition,
    datappro: version.datappro,
    libelle: field(props, 'libelle'),
    libelong: zone ? field(props, 'libelong') : null,
    typezone,
    typeCode: zone ? null : field(props, `type${kind}`),
    subtypeCode: zone ? null : field(props, `stype${kind}`),
    txt: zone ? null : field(props, 'txt'),
    nomfic: field(props, 'nomfic'),
    urlfic: field(props, 'urlfic'),
    datvalid: cnigDate(field(props, 'datvalid')),
    geometry: g,
    bbox,
  };
}

/** Lambert-93 coordinates (metres, metropolitan France), as opposed to degrees. */
export function looksLikeLambert93(bbox: readonly number[]): boolean {
  const [w, s, e, n] = bbox as [number, number, number, number];
  return w > 0 && e < 1_400_000 && s > 6_000_000 && n < 7_200_000;
}
