import distance from '@turf/distance';
import { point } from '@turf/helpers';
import { EARTH_RADIUS_M } from './constants.js';

/** Great-circle distance in metres between two WGS84 points (Turf's haversine, radius 6 371 008.8 m). */
export function distanceMetres(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  // Turf's `degrees`/`radians` units would hide the radius; kilometres × 1000 uses Turf's own Earth radius.
  const km = distance(point([a.lon, a.lat]), point([b.lon, b.lat]), { units: 'kilometers' });
  return km * 1000;
}

/** Same as distanceMetres without Turf, for hot loops; must agree with it (tested). */
export function haversineMetres(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * 14-character parcel id: INSEE commune (5) + prefix (3, `000` by default) + section
 * (2, left-padded with `0`) + number (4, left-padded).
 */
export function parcelId(parts: { insee: string; prefix?: string | null; section: string; numero: string | number }): string {
  const prefix = (parts.prefix ?? '').trim() || '000';
  return (
    parts.insee.padStart(5, '0') +
    prefix.padStart(3, '0') +
    parts.section.trim().toUpperCase().padStart(2, '0') +
    String(parts.numero).trim().padStart(4, '0')
  );
}
