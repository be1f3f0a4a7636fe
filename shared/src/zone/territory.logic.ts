/**
 * Is a polygon acceptable as a zone (a drawn search area, or « ma zone » stored per user)?
 * Closed rings, at most MAX_ZONE_VERTICES vertices, every vertex in France (metropolitan France,
 * Corsica and the overseas départements), no edge crossing another. Each failure is a French
 * sentence the API returns as a 400 issue.
 */
import kinks from '@turf/kinks';
import type { PolygonGeometry, Position } from '../market/polygon.js';
import { MAX_ZONE_VERTICES } from './contracts.js';

/** West, south, east, north boxes of the French territory the open data covers (DVF, DPE, RNIC). */
export const FRANCE_BOXES: readonly (readonly [number, number, number, number])[] = [
  [-5.3, 41.3, 9.7, 51.2], // metropolitan France and Corsica
  [-61.9, 15.8, -60.9, 16.6], // Guadeloupe
  [-61.3, 14.3, -60.8, 14.9], // Martinique
  [-54.7, 2.1, -51.5, 5.9], // Guyane
  [55.2, -21.4, 55.9, -20.8], // La Réunion
  [44.9, -13.1, 45.4, -12.6], // Mayotte
];

export function inFrance(lon: number, lat: number): boolean {
  return FRANCE_BOXES.some(([w, s, e, n]) => lon >= w && lon <= e && lat >= s && lat <= n);
}

function ringsOf(g: PolygonGeometry): Position[][] {
  return g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
}

function samePosition(a: Position | undefined, b: Position | undefined): boolean {
  return a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
}

/** Vertices of a geometry, the closing repetition of each ring not counted. */
export function vertexCount(g: PolygonGeometry): number {
  return ringsOf(g).reduce((n, r) => n + Math.max(0, r.length - 1), 0);
}

/** The French reasons a geometry is refused; empty when it is acceptable. */
export function validateZoneGeometry(g: PolygonGeometry): string[] {
  const rings = ringsOf(g);
  const issues: string[] = [];
  if (rings.some((r) => r.length < 4)) issues.push('Un contour a au moins 3 sommets.');
  if (rings.some((r) => !samePosition(r[0], r[r.length - 1])))
    issues.push('Contour non fermé : la dernière position doit répéter la première.');
  const vertices = vertexCount(g);
  if (vertices > MAX_ZONE_VERTICES)
    issues.push(`Zone trop détaillée : ${vertices} sommets, ${MAX_ZONE_VERTICES} au plus. Simplifiez le tracé.`);
  if (rings.some((r) => r.some((p) => !inFrance(Number(p[0]), Number(p[1])))))
    issues.push('La zone doit être en France (métropole, Corse ou départements d’outre-mer).');
  // The crossing test is quadratic: only run on a geometry that passed the cheap checks.
  if (issues.length === 0 && kinks(g).features.length > 0)
    issues.push('Le contour se recoupe : dessinez une zone dont les bords ne se croisent pas.');
  return issues;
}

/** West, south, east, north of a geometry. */
export function geometryBbox(g: PolygonGeometry): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const r of ringsOf(g))
    for (const [x, y] of r as [number, number][]) {
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > n) n = y;
    }
  return [w, s, e, n];
}
