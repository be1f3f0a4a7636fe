/**
 * Rows of listing datasets (CSV read into objects): Bien'ici API export, PAP extract, SeLoger and
 * SeLoger Neuf cards, leboncoin search API objects. `datasetKind` recognises a row by its columns.
 */
import type { ListingDraft as Draft } from '../draft.js';
import { ListingDraft } from '../draft.js';
import { energyClass, frenchDate, frenchNumber, transactionOf } from '../text.logic.js';
import { isLeboncoinAd, leboncoinAd } from './leboncoin.js';
import { selogerCardRow, selogerNeufRow } from './seloger.js';

export type DatasetRow = Record<string, string>;
export const DATASET_KINDS = ['bienici-api', 'pap-extract', 'seloger-cards', 'selogerneuf-cards'] as const;
export type DatasetKind = (typeof DATASET_KINDS)[number];

const SIGNATURES: Record<DatasetKind, string[]> = {
  'bienici-api': ['surface_m2', 'energy_class', 'postal_code', 'account_type'],
  'pap-extract': ['valeur_fonciere', 'surface_reelle_bati', 'titre', 'url'],
  'seloger-cards': ['Cat_energie', 'prix_du_bien', 'superficie'],
  'selogerneuf-cards': ['titre', 'prix', 'surface', 'quartier', 'url'],
};

export function datasetKind(columns: readonly string[]): DatasetKind | undefined {
  const have = new Set(columns.map((c) => c.replace(/^\ufeff/, '')));
  return DATASET_KINDS.find((kind) => SIGNATURES[kind].every((c) => have.has(c)));
}

const BIENICI_TYPES: Record<string, 'appartement' | 'maison' | 'terrain' | 'parking' | 'autre'> = {
  flat: 'appartement',
  loft: 'appartement',
  house: 'maison',
  terrain: 'terrain',
  parking: 'parking',
};

function bieniciRow(row: DatasetRow): Draft {
  const d = new ListingDraft('bienici');
  const o = 'dataset' as const;
  d.set('url', row.url, o);
  d.set('portalId', row.id, o);
  d.set('title', row.title, o);
  d.set('transaction', row.url?.includes('/location/') ? 'location' : row.url?.includes('/vente/') ? 'vente' : undefined, o);
  d.set('propertyType', BIENICI_TYPES[row.property_type ?? ''], o);
  d.set('price', frenchNumber(row.price), o);
  d.set('surface', frenchNumber(row.surface_m2), o);
  d.set('rooms', frenchNumber(row.rooms), o);
  d.set('bedrooms', frenchNumber(row.bedrooms), o);
  d.set('landArea', frenchNumber(row.land_surface_m2), o);
  d.set('floor', frenchNumber(row.floor), o);
  d.set('dpeClass', energyClass(row.energy_class), o);
  d.set('gesClass', energyClass(row.ghg_class), o);
  d.set('dpeValue', frenchNumber(row.energy_value), o);
  d.set('gesValue', frenchNumber(row.ghg_value), o);
  d.set('postcode', row.postal_code, o);
  d.set('city', row.city, o);
  d.set('district', row.district_name, o);
  d.set('lat', frenchNumber(row.latitude_blur), o);
  d.set('lon', frenchNumber(row.longitude_blur), o);
  // The export keeps Bien'ici's decorated HTML (<br>, spans): the text is what a person reads.
  d.set('description', row.description?.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''), o);
  d.set('seller', row.ad_created_by_pro === '1' ? 'professionnel' : row.ad_created_by_pro === '0' ? 'particulier' : undefined, o);
  d.set('publishedAt', frenchDate(row.publication_date), o);
  d.set('updatedAt', frenchDate(row.modification_date), o);
  return d;
}

/** The PAP extract renamed its columns after DVF: `valeur_fonciere` is the asking price here. */
function papRow(row: DatasetRow): Draft {
  const d = new ListingDraft('pap');
  const o = 'dataset' as const;
  d.set('url', row.url, o);
  d.set('portalId', /-r(\d+)$/.exec(row.url ?? '')?.[1], o);
  d.set('title', row.titre, o);
  // The extract names no transaction: it stays unknown, never a sale by default.
  d.set('transaction', transactionOf(row.titre), o);
  d.set('propertyType', BIENICI_TYPES[row.type_local === 'Appartement' ? 'flat' : row.type_local === 'Maison' ? 'house' : ''], o);
  d.set('price', frenchNumber(row.valeur_fonciere), o);
  d.set('surface', frenchNumber(row.surface_reelle_bati), o);
  d.set('rooms', frenchNumber(row.nombre_pieces_principales), o);
  d.set('postcode', row.code_postal, o);
  d.set('city', row.nom_commune, o);
  d.set('lat', frenchNumber(row.latitude), o);
  d.set('lon', frenchNumber(row.longitude), o);
  d.set('description', row.description, o);
  d.set('seller', 'particulier', o);
  return d;
}

export function datasetRow(kind: DatasetKind, row: DatasetRow): Draft | undefined {
  switch (kind) {
    case 'bienici-api':
      return bieniciRow(row);
    case 'pap-extract':
      return papRow(row);
    case 'seloger-cards':
      return selogerCardRow(row);
    case 'selogerneuf-cards':
      return selogerNeufRow(row);
  }
}

/** leboncoin search-API objects, bare or in a `{ result: "<JSON>" }` wrapper. */
export function leboncoinApiAds(json: unknown): Draft[] | undefined {
  let value = json;
  if (typeof value === 'object' && value !== null && 'result' in value && typeof value.result === 'string') {
    try {
      value = JSON.parse(value.result);
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isLeboncoinAd)) return value.map((ad) => leboncoinAd(ad, 'api'));
  if (isLeboncoinAd(value)) return [leboncoinAd(value, 'api')];
  return undefined;
}
