/**
 * Fallback to the Géoplateforme geocoding API (IGN, `GEOCODER_URL`, e.g. https://data.geopf.fr/geocodage)
 * for places that were not imported. Its GeoJSON answers are mapped to our result shape, so the
 * caller cannot tell the sources apart except by `source`. Unreachable or failing: no result, logged.
 */
import type { GeocodeResult } from '@immoloupe/shared/opendata/contracts';
import { z } from 'zod';
import { outboundFetch } from '../../http/outbound.js';
import type { Logger } from '../../logger.js';
import { communeByCode } from '../../places/communes.js';

const featureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    label: z.string(),
    score: z.number().optional(),
    type: z.string().optional(),
    id: z.string().optional(),
    housenumber: z.string().optional(),
    street: z.string().optional(),
    name: z.string().optional(),
    postcode: z.string().optional(),
    citycode: z.string().optional(),
    city: z.string().optional(),
    distance: z.number().optional(),
  }),
});
const collectionSchema = z.object({ features: z.array(z.unknown()) });

const TIMEOUT_MS = 3_000;
/** A search answers a few kilobytes; far more is not a geocoder's answer. */
const MAX_BYTES = 2_000_000;

function toResult(f: z.infer<typeof featureSchema>): GeocodeResult {
  const p = f.properties;
  const [lon, lat] = f.geometry.coordinates;
  const type: GeocodeResult['type'] = p.type === 'housenumber' ? 'adresse' : p.type === 'municipality' ? 'commune' : 'voie';
  const commune = p.citycode ? communeByCode(p.citycode) : undefined;
  return {
    type,
    label: p.label,
    score: Math.max(0, Math.min(1, p.score ?? 0.5)),
    lon,
    lat,
    source: 'geoplateforme',
    address:
      type === 'commune'
        ? null
        : {
            id: p.id ?? null,
            numero: p.housenumber ?? null,
            nomVoie: p.street ?? p.name ?? p.label,
            codePostal: p.postcode ?? null,
            codeInsee: p.citycode ?? null,
            commune: p.city ?? '',
          },
    commune: commune
      ? { code: commune.code, nom: commune.nom, codesPostaux: commune.codesPostaux, departement: commune.departement }
      : p.citycode
        ? { code: p.citycode, nom: p.city ?? '', codesPostaux: p.postcode ? [p.postcode] : [], departement: p.citycode.slice(0, 2) }
        : null,
    parcel: null,
    ...(p.distance !== undefined ? { distanceM: p.distance } : {}),
  };
}

async function call(url: string, log: Logger): Promise<GeocodeResult[]> {
  try {
    const res = await outboundFetch(url, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, headers: { accept: 'application/json' } });
    if (!res.ok) {
      log.warn('geoplateforme geocoder answered an error', { status: res.status });
      return [];
    }
    const body = collectionSchema.parse(res.json());
    return body.features.flatMap((f) => {
      const parsed = featureSchema.safeParse(f);
      return parsed.success ? [toResult(parsed.data)] : [];
    });
  } catch (err) {
    log.warn('geoplateforme geocoder unreachable', { err });
    return [];
  }
}

export function geoplateformeSearch(base: string, q: string, limit: number, log: Logger): Promise<GeocodeResult[]> {
  return call(`${base}/search?${new URLSearchParams({ q, limit: String(limit) })}`, log);
}

export function geoplateformeReverse(base: string, lon: number, lat: number, log: Logger): Promise<GeocodeResult[]> {
  return call(`${base}/reverse?${new URLSearchParams({ lon: String(lon), lat: String(lat), limit: '1' })}`, log);
}
