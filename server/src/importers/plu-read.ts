/// <reference path="./shpjs.d.ts" />
/**
 * Readers of the files the Géoportail de l'Urbanisme gives out (docs/decisions/1342): a GeoPackage
 * (SQLite, read by sql.js — WebAssembly, no native build — with its geometry blobs decoded here:
 * the GeoPackage header, then standard or ISO WKB), a zip of shapefiles or a loose `.shp` beside
 * its `.dbf` / `.prj` / `.cpg` (shpjs, which reprojects with the `.prj` through proj4), and GeoJSON.
 * Each gives the CNIG layers it holds with their features and coordinate system.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getShapefile, parseZip } from 'shpjs';
import { ImportError } from './errors.js';
import {
  bboxOf,
  type Crs,
  type Geometry,
  isGpuLayerName,
  LAMBERT93,
  layerOfName,
  looksLikeLambert93,
  type PluLayer,
  type Position,
} from './plu.logic.js';

export type PluFormat = 'gpkg' | 'zip' | 'shp' | 'geojson';

export interface RawFeature {
  props: Record<string, unknown>;
  geometry: Geometry | null;
  /** Why the geometry could not be read (the feature is then rejected, the others kept). */
  error?: string;
}
export interface RawLayer {
  /** The layer's name in the file (GeoPackage table, shapefile, GeoJSON file). */
  name: string;
  layer: PluLayer;
  crs: Crs;
  features: RawFeature[];
}
export interface PluRead {
  layers: RawLayer[];
  /** Layers of the file that were not read, with why (OAP, habillage, working copies). */
  ignored: string[];
}

/** The format from the first bytes (and the name, for GeoJSON); null when it is none of them. */
export function pluFormatOf(head: Buffer, name: string): PluFormat | null {
  if (head.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000') return 'gpkg';
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  // The .shx index starts with the same header as its .shp: told apart by its name only.
  if (head.length >= 100 && head.readUInt32BE(0) === 9994 && head.readInt32LE(28) === 1000) return /\.shx$/i.test(name) ? null : 'shp';
  if (/\.(geo)?json$/i.test(name)) return 'geojson';
  return null;
}

export async function readPlu(path: string, name: string, bytes: Buffer, format: PluFormat): Promise<PluRead> {
  if (format === 'gpkg') return readGeoPackage(bytes, name);
  if (format === 'zip') return readZip(bytes, name);
  if (format === 'shp') return readLooseShapefile(path, name, bytes);
  return readGeoJson(bytes, name);
}

/** Keeps one layer per kind: the one in the Géoportail's own naming, else the first, the others listed. */
function pickLayers(layers: RawLayer[], ignored: string[]): PluRead {
  const kept = new Map<PluLayer, RawLayer>();
  for (const l of layers) {
    const current = kept.get(l.layer);
    if (!current) kept.set(l.layer, l);
    else if (isGpuLayerName(l.name) && !isGpuLayerName(current.name)) {
      ignored.push(`${current.name} (autre couche ${l.layer}, ${l.name} retenue)`);
      kept.set(l.layer, l);
    } else ignored.push(`${l.name} (autre couche ${l.layer}, ${current.name} retenue)`);
  }
  if (kept.size === 0) {
    throw new ImportError(
      'Aucune couche du standard CNIG (zone_urba, prescription_surf/lin/pct, info_surf/lin/pct) dans ce fichier' +
        (ignored.length > 0 ? ` (couches vues\u00a0: ${ignored.slice(0, 8).join(', ')})` : '') +
        '\u00a0; rien n’a été changé.',
    );
  }
  return { layers: [...kept.values()], ignored };
}

/** A coordinate system known by the layer's declared definition, else by its coordinates. */
function crsOf(declared: string | null, sample: Geometry | null, layerName: string): Crs {
  if (declared) {
    const d = declared.toUpperCase();
    if (/EPSG[":, ]*2154\b/.test(d) || (/LAMBERT/.test(d) && /93/.test(d))) return { kind: 'projected', definition: LAMBERT93 };
    if (/EPSG[":, ]*(4326|4171)\b/.test(d) || /CRS84/.test(d) || (/^GEOGCS/.test(d.trim()) && !/PROJCS/.test(d))) return { kind: 'wgs84' };
    if (/PROJCS|PROJCRS/.test(d)) return { kind: 'projected', definition: declared };
  }
  if (sample) {
    const box = bboxOf(sample);
    if (looksLikeLambert93(box)) return { kind: 'projected', definition: LAMBERT93 };
    if (box[0] >= -180 && box[2] <= 180 && box[1] >= -90 && box[3] <= 90) return { kind: 'wgs84' };
  }
  throw new ImportError(
    `Couche «\u00a0${layerName}\u00a0»\u00a0: système de coordonnées non reconnu (Lambert-93 ou WGS 84 attendu)\u00a0; rien n’a été changé.`,
  );
}

// ——— GeoPackage ———

interface SqlJsStatic {
  Database: new (data: Uint8Array) => SqlJsDatabase;
}
interface SqlJsDatabase {
  exec(sql: string, params?: unknown[]): { columns: string[]; values: unknown[][] }[];
  close(): void;
}
let sqlJs: Promise<SqlJsStatic> | null = null;
function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (createRequire(import.meta.url)('sql.js') as () => Promise<SqlJsStatic>)();
  return sqlJs;
}

function rowsOf(db: SqlJsDatabase, sql: string, params: unknown[] = []): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const res of db.exec(sql, params))
    for (const values of res.values) out.push(Object.fromEntries(res.columns.map((c, i) => [c, values[i]])));
  return out;
}

async function readGeoPackage(bytes: Buffer, name: string): Promise<PluRead> {
  const SQL = await loadSqlJs();
  let db: SqlJsDatabase;
  let contents: Record<string, unknown>[];
  try {
    db = new SQL.Database(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    contents = rowsOf(
      db,
      `SELECT c.table_name, g.column_name, c.srs_id, s.organization, s.organization_coordsys_id, s.definition
         FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
         LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = c.srs_id
        WHERE c.data_type = 'features' ORDER BY c.table_name`,
    );
  } catch (err) {
    throw new ImportError(
      `«\u00a0${name}\u00a0» n’est pas un GeoPackage lisible (${err instanceof Error ? err.message : String(err)})\u00a0; rien n’a été changé.`,
    );
  }
  try {
    const layers: RawLayer[] = [];
    const ignored: string[] = [];
    for (const c of contents) {
      const table = String(c.table_name);
      const layer = layerOfName(table);
      if (!layer) {
        ignored.push(table);
        continue;
      }
      const geomCol = String(c.column_name);
      const features: RawFeature[] = [];
      for (const row of rowsOf(db, `SELECT * FROM "${table.replace(/"/g, '""')}"`)) {
        const blob = row[geomCol];
        const props: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row)) if (k !== geomCol) props[k] = v;
        try {
          features.push({ props, geometry: blob instanceof Uint8Array ? gpkgGeometry(blob, table) : null });
        } catch (err) {
          features.push({ props, geometry: null, error: err instanceof Error ? err.message : String(err) });
        }
      }
      const org = c.organization ? String(c.organization).toUpperCase() : '';
      const declared = org === 'EPSG' ? `EPSG:${String(c.organization_coordsys_id)}` : c.definition ? String(c.definition) : null;
      layers.push({ name: table, layer, crs: crsOf(declared, features.find((f) => f.geometry)?.geometry ?? null, table), features });
    }
    return pickLayers(layers, ignored);
  } finally {
    db.close();
  }
}

/** A GeoPackage geometry blob: `GP`, version, flags, SRS id, optional envelope, then WKB. */
export function gpkgGeometry(blob: Uint8Array, layer: string): Geometry | null {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new ImportError('géométrie GeoPackage illisible');
  const flags = view.getUint8(3);
  if (flags & 0x10) return null; // empty geometry
  const envelope = [0, 32, 48, 48, 64][(flags >> 1) & 0x07];
  if (envelope === undefined) throw new ImportError('en-tête de géométrie GeoPackage invalide');
  return readWkb(view, 8 + envelope, layer).geometry;
}

/** Well-known binary (OGC, ISO Z/M/ZM codes and EWKB flags); Z and M are dropped. */
export function readWkb(view: DataView, start: number, layer: string): { geometry: Geometry; end: number } {
  let o = start;
  const little = view.getUint8(o) === 1;
  o += 1;
  const raw = view.getUint32(o, little);
  o += 4;
  let dims = 2;
  if (raw & 0x80000000) dims++;
  if (raw & 0x40000000) dims++;
  if (raw & 0x20000000) o += 4; // EWKB SRID
  let type = raw & 0x0fffffff;
  if (type >= 3000) {
    dims = 4;
    type -= 3000;
  } else if (type >= 2000 || type >= 1000) {
    dims = 3;
    type -= type >= 2000 ? 2000 : 1000;
  }
  const point = (): Position => {
    const p: Position = [view.getFloat64(o, little), view.getFloat64(o + 8, little)];
    o += 8 * dims;
    return p;
  };
  const line = (): Position[] => {
    const n = view.getUint32(o, little);
    o += 4;
    const out: Position[] = [];
    for (let i = 0; i < n; i++) out.push(point());
    return out;
  };
  const polygon = (): Position[][] => {
    const n = view.getUint32(o, little);
    o += 4;
    const out: Position[][] = [];
    for (let i = 0; i < n; i++) out.push(line());
    return out;
  };
  const parts = <T extends Geometry>(want: string): T[] => {
    const n = view.getUint32(o, little);
    o += 4;
    const out: T[] = [];
    for (let i = 0; i < n; i++) {
      const part = readWkb(view, o, layer);
      o = part.end;
      if (part.geometry.type !== want) throw new ImportError('géométrie multiple mal formée');
      out.push(part.geometry as T);
    }
    return out;
  };
  let geometry: Geometry;
  switch (type) {
    case 1:
      geometry = { type: 'Point', coordinates: point() };
      break;
    case 2:
      geometry = { type: 'LineString', coordinates: line() };
      break;
    case 3:
      geometry = { type: 'Polygon', coordinates: polygon() };
      break;
    case 4:
      geometry = { type: 'MultiPoint', coordinates: parts<{ type: 'Point'; coordinates: Position }>('Point').map((p) => p.coordinates) };
      break;
    case 5:
      geometry = {
        type: 'MultiLineString',
        coordinates: parts<{ type: 'LineString'; coordinates: Position[] }>('LineString').map((p) => p.coordinates),
      };
      break;
    case 6:
      geometry = {
        type: 'MultiPolygon',
        coordinates: parts<{ type: 'Polygon'; coordinates: Position[][] }>('Polygon').map((p) => p.coordinates),
      };
      break;
    case 7: {
      // A collection (what an intersection leaves): its surfaces, else its lines, else its points.
      const n = view.getUint32(o, little);
      o += 4;
      const members: Geometry[] = [];
      for (let i = 0; i < n; i++) {
        const part = readWkb(view, o, layer);
        o = part.end;
        members.push(part.geometry);
      }
      geometry = collectionAsMulti(members);
      break;
    }
    default:
      throw new ImportError(`type de géométrie WKB ${raw} non pris en charge`);
  }
  return { geometry, end: o };
}

/** The members of a geometry collection as one multi-geometry of the highest dimension present. */
export function collectionAsMulti(members: readonly Geometry[]): Geometry {
  const polygons: Position[][][] = [];
  const lines: Position[][] = [];
  const points: Position[] = [];
  for (const g of members) {
    if (g.type === 'Polygon') polygons.push(g.coordinates);
    else if (g.type === 'MultiPolygon') polygons.push(...g.coordinates);
    else if (g.type === 'LineString') lines.push(g.coordinates);
    else if (g.type === 'MultiLineString') lines.push(...g.coordinates);
    else if (g.type === 'Point') points.push(g.coordinates);
    else points.push(...g.coordinates);
  }
  if (polygons.length > 0) return { type: 'MultiPolygon', coordinates: polygons };
  if (lines.length > 0) return { type: 'MultiLineString', coordinates: lines };
  return { type: 'MultiPoint', coordinates: points };
}

// ——— Shapefiles ———

interface ShpCollection {
  features: { geometry: Geometry | null; properties: Record<string, unknown> }[];
  fileName?: string;
}

function shapefileLayer(name: string, fc: ShpCollection, reprojected: boolean): RawLayer | null {
  const layer = layerOfName(name);
  if (!layer) return null;
  const features = fc.features.map((f) => ({ props: f.properties ?? {}, geometry: f.geometry ?? null }));
  // shpjs has converted to WGS 84 when the .prj was readable; otherwise the coordinates say which.
  const crs = reprojected ? ({ kind: 'wgs84' } as const) : crsOf(null, features.find((f) => f.geometry)?.geometry ?? null, name);
  return { name, layer, crs, features };
}

async function readZip(bytes: Buffer, name: string): Promise<PluRead> {
  let parsed: ShpCollection | ShpCollection[];
  try {
    if (!hasZipDirectory(bytes)) throw new Error('pas de répertoire central, archive tronquée');
    parsed = (await withTimeout(parseZip(bytes), 60_000)) as ShpCollection | ShpCollection[];
  } catch (err) {
    throw new ImportError(
      `«\u00a0${name}\u00a0»\u00a0: archive zip illisible ou sans shapefile (${err instanceof Error ? err.message : String(err)})\u00a0; rien n’a été changé.`,
    );
  }
  const layers: RawLayer[] = [];
  const ignored: string[] = [];
  for (const fc of Array.isArray(parsed) ? parsed : [parsed]) {
    const layerName = (fc.fileName ?? name).split('/').pop() ?? name;
    // In a zip shpjs reprojects whenever a .prj sits beside the .shp: the coordinates tell whether it did.
    const l = shapefileLayer(layerName, fc, false);
    if (l) layers.push(l);
    else ignored.push(layerName);
  }
  return pickLayers(layers, ignored);
}

/**
 * The end-of-central-directory record a complete zip ends with (within its last 64 KiB + 22
 * bytes). shpjs's unzip waits forever on an archive without one, instead of failing.
 */
function hasZipDirectory(bytes: Buffer): boolean {
  const from = Math.max(0, bytes.length - 65_557);
  for (let i = bytes.length - 22; i >= from; i--) if (bytes.readUInt32LE(i) === 0x06054b50) return true;
  return false;
}

/** Fails after `ms` rather than waiting on a promise that never settles. */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lecture interrompue au bout de 60 s')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function readLooseShapefile(path: string, name: string, shp: Buffer): Promise<PluRead> {
  const base = path.replace(/\.shp$/i, '');
  const sibling = async (ext: string) =>
    (await readFile(`${base}.${ext}`).catch(() => null)) ?? (await readFile(`${base}.${ext.toUpperCase()}`).catch(() => null));
  const dbf = await sibling('dbf');
  if (!dbf)
    throw new ImportError(
      `«\u00a0${name}\u00a0»\u00a0: le fichier .dbf du shapefile est introuvable à côté du .shp (ou importez le zip)\u00a0; rien n’a été changé.`,
    );
  const prj = (await sibling('prj'))?.toString('utf8') ?? null;
  const cpg = (await sibling('cpg'))?.toString('utf8').trim() ?? undefined;
  let fc: ShpCollection;
  let reprojected = false;
  try {
    const known = prj ? crsOf(prj, null, name) : null;
    reprojected = known?.kind === 'projected';
    fc = (await getShapefile({ shp, dbf, cpg, ...(prj && reprojected ? { prj } : {}) })) as ShpCollection;
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(
      `«\u00a0${name}\u00a0»\u00a0: shapefile illisible (${err instanceof Error ? err.message : String(err)})\u00a0; rien n’a été changé.`,
    );
  }
  const l = shapefileLayer(name, fc, reprojected);
  if (!l) {
    throw new ImportError(
      `«\u00a0${name}\u00a0»\u00a0: le nom du shapefile ne dit pas quelle couche CNIG il contient (…ZONE_URBA…, …PRESCRIPTION_SURF…, …INFO_PCT…)\u00a0; rien n’a été changé.`,
    );
  }
  return { layers: [l], ignored: [] };
}

// ——— GeoJSON ———

function readGeoJson(bytes: Buffer, name: string): PluRead {
  let doc: { type?: string; name?: string; crs?: { properties?: { name?: string } }; features?: unknown[] };
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportError(`«\u00a0${name}\u00a0» n’est pas un GeoJSON valide en UTF-8\u00a0; rien n’a été changé.`);
  }
  if (doc?.type !== 'FeatureCollection' || !Array.isArray(doc.features))
    throw new ImportError(`«\u00a0${name}\u00a0»\u00a0: une FeatureCollection GeoJSON est attendue\u00a0; rien n’a été changé.`);
  const layerName = doc.name ?? name;
  const layer = layerOfName(layerName) ?? layerOfName(name);
  if (!layer) {
    throw new ImportError(
      `«\u00a0${name}\u00a0»\u00a0: le nom du fichier ne dit pas quelle couche CNIG il contient (…zone_urba…, …prescription_surf…, …info_pct…)\u00a0; rien n’a été changé.`,
    );
  }
  const features = doc.features.map((f) => {
    const feat = f as { properties?: Record<string, unknown>; geometry?: Geometry | null };
    return { props: feat.properties ?? {}, geometry: feat.geometry ?? null };
  });
  const crs = crsOf(doc.crs?.properties?.name ?? null, features.find((f) => f.geometry)?.geometry ?? null, layerName);
  return { layers: [{ name: layerName, layer, crs, features }], ignored: [] };
}
