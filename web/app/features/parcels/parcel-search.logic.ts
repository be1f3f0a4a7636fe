/** Pure helpers of the parcel search page: the query string of a search, the map data of results. */
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import { CADASTRE_CREDIT, credited } from '~/features/map/attributions';

export interface ParcelForm {
  /** « Ma zone » instead of a commune. */
  mine?: boolean;
  commune: string;
  section: string;
  numero: string;
  surfaceMin: string;
  surfaceMax: string;
  anciennes: boolean;
  /** Prospecting filters; absent or empty: not applied. */
  ownerGroup?: string;
  legalForm?: string;
  owner?: string;
  noSaleYears?: string;
  soldSince?: string | null;
  built?: '' | 'oui' | 'non';
  /** Land filter: a building permit (Sitadel) within so many metres, authorised since a date. */
  permitsWithin?: string;
  permitsSince?: string | null;
  /** Land filters: main PLU zone (type U/AU/A/N, libellé), a prescription kind present or absent, coverage in per cent. */
  zoneType?: string;
  zoneLibelle?: string;
  prescription?: string;
  prescriptionPresent?: '' | 'oui' | 'non';
  coverageMin?: string;
  coverageMax?: string;
}

const TEXT_FILTERS = [
  'ownerGroup',
  'legalForm',
  'owner',
  'noSaleYears',
  'soldSince',
  'built',
  'permitsWithin',
  'permitsSince',
  'zoneType',
  'zoneLibelle',
  'prescription',
  'prescriptionPresent',
] as const;

export const PAGE_SIZE = 100;

export function parcelQuery(f: ParcelForm, offset = 0): string {
  const q = new URLSearchParams(
    f.mine
      ? { zone: 'mine', limit: String(PAGE_SIZE), offset: String(offset) }
      : { commune: f.commune.trim(), limit: String(PAGE_SIZE), offset: String(offset) },
  );
  if (f.section.trim()) q.set('section', f.section.trim());
  if (f.numero.trim()) q.set('numero', f.numero.trim());
  if (f.surfaceMin.trim()) q.set('surfaceMin', f.surfaceMin.trim().replace(',', '.'));
  if (f.surfaceMax.trim()) q.set('surfaceMax', f.surfaceMax.trim().replace(',', '.'));
  if (f.anciennes) q.set('anciennes', '1');
  for (const key of TEXT_FILTERS) {
    const v = f[key]?.trim();
    if (v) q.set(key, v);
  }
  // « 20 % » or « 12,5 » typed: the API takes a bare number of per cent.
  for (const key of ['coverageMin', 'coverageMax'] as const) {
    const v = f[key]?.replace(/\s|%/g, '').replace(',', '.');
    if (v) q.set(key, v);
  }
  return q.toString();
}

/**
 * The search of a page URL (a link, a saved search, a reload), the same names as the API's. The
 * prospecting filters too: left out, a link with `built=oui` searched every parcel of the commune.
 */
export function formFromParams(p: URLSearchParams): ParcelForm {
  const built = p.get('built');
  const presence = p.get('prescriptionPresent');
  return {
    mine: p.get('zone') === 'mine',
    commune: p.get('commune') ?? '',
    section: p.get('section') ?? '',
    numero: p.get('numero') ?? '',
    surfaceMin: p.get('surfaceMin') ?? '',
    surfaceMax: p.get('surfaceMax') ?? '',
    anciennes: p.get('anciennes') === '1',
    ownerGroup: p.get('ownerGroup') ?? '',
    legalForm: p.get('legalForm') ?? '',
    owner: p.get('owner') ?? '',
    noSaleYears: p.get('noSaleYears') ?? '',
    soldSince: p.get('soldSince'),
    built: built === 'oui' || built === 'non' ? built : '',
    permitsWithin: p.get('permitsWithin') ?? '',
    permitsSince: p.get('permitsSince'),
    zoneType: p.get('zoneType') ?? '',
    zoneLibelle: p.get('zoneLibelle') ?? '',
    prescription: p.get('prescription') ?? '',
    prescriptionPresent: presence === 'oui' || presence === 'non' ? presence : '',
    coverageMin: p.get('coverageMin') ?? '',
    coverageMax: p.get('coverageMax') ?? '',
  };
}

/** The page URL's query of a search: the API's without the paging. */
export function pageQuery(f: ParcelForm): string {
  const q = new URLSearchParams(parcelQuery(f));
  q.delete('limit');
  q.delete('offset');
  return q.toString();
}

/** The outlines as a GeoJSON FeatureCollection, the selected parcel flagged for its own colour. */
export function parcelFeatures(parcels: readonly Parcel[], selected: string | null) {
  return {
    type: 'FeatureCollection' as const,
    features: parcels.map((p) => ({
      type: 'Feature' as const,
      id: p.id,
      geometry: p.geometry,
      properties: { id: p.id, label: `${p.section} ${p.numero}`, selected: p.id === selected, current: p.current },
    })),
  };
}

/** The box around all parcels ([west, south, east, north]), or null. */
export function boundsOfParcels(parcels: readonly Pick<Parcel, 'bbox'>[]): [number, number, number, number] | null {
  if (parcels.length === 0) return null;
  return [
    Math.min(...parcels.map((p) => p.bbox[0])),
    Math.min(...parcels.map((p) => p.bbox[1])),
    Math.max(...parcels.map((p) => p.bbox[2])),
    Math.max(...parcels.map((p) => p.bbox[3])),
  ];
}

/** The parcels found, drawn from the cadastre. */
/** The colours of the parcels found: the chosen one, a current one, one gone from the cadastre. */
export const PARCEL_SEARCH_COLORS = {
  selected: { fill: '#e03131', outline: '#c92a2a' },
  current: { fill: '#fab005', outline: '#e67700' },
  gone: { fill: '#adb5bd', outline: '#e67700' },
} as const;
const C = PARCEL_SEARCH_COLORS;

export const PARCEL_LAYERS = [
  {
    id: 'recherche-parcelles-fond',
    type: 'fill',
    source: 'recherche-parcelles',
    paint: {
      'fill-color': ['case', ['get', 'selected'], C.selected.fill, ['get', 'current'], C.current.fill, C.gone.fill],
      'fill-opacity': 0.3,
    },
  },
  {
    id: 'recherche-parcelles-contour',
    type: 'line',
    source: 'recherche-parcelles',
    paint: {
      'line-color': ['case', ['get', 'selected'], C.selected.outline, C.current.outline],
      'line-width': ['case', ['get', 'selected'], 3, 1.5],
    },
  },
].map((l) => credited(l, CADASTRE_CREDIT));
