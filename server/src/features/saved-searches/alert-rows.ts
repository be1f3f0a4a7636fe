/**
 * What an alert says of a row that a saved-search tool reports as new (`TOOL_NEW_ROWS` in
 * tools.ts): a few words each, the same in the e-mail and in the notification. The alert engine
 * uses them for the watched addresses too (through this feature's index).
 */

import { displayAddress, displayDvfAddress, type StreetSpellings } from '@immoloupe/shared/address-display';
import { formatDate, formatEuros, formatInteger, formatSurface } from '@immoloupe/shared/format';
import { askingPricePerM2, PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import { LISTING_TYPE_LABELS } from '@immoloupe/shared/listings/search';
import { lineAddress } from '@immoloupe/shared/market/dvf';
import { PERMIT_KIND_LABELS, type SearchedPermit } from '@immoloupe/shared/permits/contracts';
import type { Queryable } from '../../db/client.js';
import { dpeAddressSql } from '../dpe/index.js';
import { streetSpellings } from '../geocode/index.js';
import type { TransactionRow } from '../transactions/index.js';

/** One new row of an alert. `source` + `id` identify it across re-imports (`alert_sent_rows`). */
export interface AlertRow {
  source: 'dvf' | 'dpe' | (string & {});
  id: string;
  /** ISO date of the event (sale, diagnosis). */
  date: string;
  /** Where (an address, a parcel). */
  title: string;
  /** What, in a few words. */
  detail: string;
  /** Its own page elsewhere (a listing's page on its portal), when it has one. */
  url?: string;
}

const TYPE_NAMES: Record<number, string> = { 1: 'Maison', 2: 'Appartement', 3: 'Dépendance', 4: 'Local' };
const iso = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** The sales as alert rows, their streets as the BAN writes them. */
export async function saleRows(db: Queryable, rows: readonly TransactionRow[]): Promise<AlertRow[]> {
  const spellings = await streetSpellings(
    db,
    rows.map((r) => r.code_commune),
  );
  return rows.map((r) => saleRow(r, spellings));
}

function saleRow(r: TransactionRow, spellings: StreetSpellings): AlertRow {
  const types = (r.type_codes ?? []).map((c) => TYPE_NAMES[c]).filter(Boolean);
  const parts = [
    types.length ? types.join(', ') : r.nature_mutation,
    r.surface ? formatSurface(Number(r.surface)) : null,
    r.valeur_fonciere !== null ? formatEuros(Number(r.valeur_fonciere)) : null,
    `vendu le ${formatDate(iso(r.date_mutation))}`,
  ].filter(Boolean);
  const address = lineAddress({ adresseNumero: r.adresse_numero, adresseSuffixe: r.adresse_suffixe, adresseNomVoie: r.adresse_nom_voie });
  const where = [displayDvfAddress(address, r.code_commune, spellings), r.nom_commune].filter(Boolean).join(', ');
  return {
    source: 'dvf',
    id: r.id_mutation,
    date: iso(r.date_mutation),
    title: where || (r.id_parcelle ?? r.id_mutation),
    detail: parts.join(' · '),
  };
}

export interface DpeAlertRow {
  numero_dpe: string;
  date_etablissement: string | Date;
  etiquette_dpe: string | null;
  etiquette_ges: string | null;
  type_batiment: string | null;
  surface_habitable_logement: number | null;
  adresse_ban: string | null;
}

/** The columns of \`dpe d\` an alert row is made of. */
export const DPE_ALERT_COLUMNS = `d.numero_dpe, d.date_etablissement, d.etiquette_dpe, d.etiquette_ges, d.type_batiment,
  d.surface_habitable_logement, ${dpeAddressSql('d')} AS adresse_ban`;

export function dpeRow(r: DpeAlertRow): AlertRow {
  const parts = [
    r.type_batiment ? r.type_batiment[0]?.toUpperCase() + r.type_batiment.slice(1) : null,
    r.surface_habitable_logement ? formatSurface(Number(r.surface_habitable_logement)) : null,
    r.etiquette_dpe ? `DPE ${r.etiquette_dpe}` : null,
    r.etiquette_ges ? `GES ${r.etiquette_ges}` : null,
    `établi le ${formatDate(iso(r.date_etablissement))}`,
  ].filter(Boolean);
  return {
    source: 'dpe',
    id: r.numero_dpe,
    date: iso(r.date_etablissement),
    title: r.adresse_ban ?? r.numero_dpe,
    detail: parts.join(' · '),
  };
}

/** The columns of `copros c` an alert row is made of. */
export const COPRO_ALERT_COLUMNS = `c.numero_immatriculation, c.date_immatriculation, c.nom_usage, c.adresse_reference, c.commune,
  c.nombre_total_lots, c.type_syndic, c.periode_construction`;

export interface CoproAlertRow {
  numero_immatriculation: string;
  date_immatriculation: string | Date | null;
  nom_usage: string | null;
  adresse_reference: string | null;
  commune: string | null;
  nombre_total_lots: number | null;
  type_syndic: string | null;
  periode_construction: string | null;
}

/** A newly registered co-ownership: where, its lots and syndic, when it was registered. */
export function coproRow(r: CoproAlertRow): AlertRow {
  const parts = [
    r.nombre_total_lots !== null ? `${formatInteger(r.nombre_total_lots)}\u00a0lot${r.nombre_total_lots > 1 ? 's' : ''}` : null,
    r.type_syndic ? `syndic ${r.type_syndic}` : null,
    r.periode_construction ? `construite ${r.periode_construction}` : null,
    r.date_immatriculation ? `immatriculée le ${formatDate(iso(r.date_immatriculation))}` : null,
  ].filter(Boolean);
  const where = [r.nom_usage, displayAddress(r.adresse_reference), r.commune].filter(Boolean).join(', ');
  return {
    source: 'copro',
    id: r.numero_immatriculation,
    date: r.date_immatriculation ? iso(r.date_immatriculation) : '',
    title: where || r.numero_immatriculation,
    detail: parts.join(' · ') || r.numero_immatriculation,
  };
}

/** A new building permit: where (its address, else its parcel), what it authorises, who applies (a legal entity only). */
export function permitRow(r: SearchedPermit): AlertRow {
  const m2 = r.list === 'logements' ? r.housingArea : r.premisesArea;
  const parts = [
    PERMIT_KIND_LABELS[r.kind] ?? r.kind,
    r.dwellings ? `${formatInteger(r.dwellings)}\u00a0logement${r.dwellings > 1 ? 's' : ''}` : null,
    m2 ? `${formatSurface(m2)} créés` : null,
    r.applicant,
    r.authorisedOn ? `autorisé le ${formatDate(r.authorisedOn)}` : null,
  ].filter(Boolean);
  return {
    source: 'permit',
    id: `${r.list}/${r.kind}/${r.id}`,
    date: r.authorisedOn ?? '',
    title: r.address ?? r.parcelId ?? r.id,
    detail: parts.join(' · '),
  };
}

export interface ListingAlertRow {
  id: string;
  title: string | null;
  transaction: 'vente' | 'location' | null;
  propertyType: string | null;
  price: number | null;
  surface: number | null;
  rooms: number | null;
  dpeClass: string | null;
  postcode: string | null;
  city: string | null;
  publishedAt: string | null;
  firstSeenAt: string;
  sources: { portal: string; url: string | null }[];
}

/** A listing newly in the pool: where, what, its price and €/m², where it was seen. */
export function listingRow(r: ListingAlertRow): AlertRow {
  const type = r.propertyType ? (LISTING_TYPE_LABELS as Record<string, string>)[r.propertyType] : null;
  const ppm = askingPricePerM2(r);
  const ppm2 = ppm ? Math.round(ppm) : null;
  const parts = [
    type ?? r.title,
    r.surface ? formatSurface(r.surface) : null,
    r.rooms ? `${formatInteger(r.rooms)} pièce${r.rooms > 1 ? 's' : ''}` : null,
    r.price ? `${formatEuros(r.price)}${r.transaction === 'location' ? ' par mois' : ''}` : null,
    ppm2 ? `${formatEuros(ppm2)}/m²` : null,
    r.dpeClass ? `DPE ${r.dpeClass}` : null,
    r.sources.length
      ? `sur ${[...new Set(r.sources.map((s) => PORTAL_LABELS[s.portal as keyof typeof PORTAL_LABELS] ?? s.portal))].join(', ')}`
      : null,
  ].filter(Boolean);
  const where = [r.city, r.postcode ? `(${r.postcode})` : null].filter(Boolean).join(' ');
  // The first portal's page, when it is a web address (a feed's field, not trusted as a link otherwise).
  const url = r.sources.map((s) => s.url).find((u): u is string => !!u && /^https?:\/\//i.test(u));
  return {
    source: 'annonce',
    id: r.id,
    date: r.publishedAt ?? r.firstSeenAt.slice(0, 10),
    title: where || (r.title ?? 'Annonce'),
    detail: parts.join(' · '),
    ...(url ? { url } : {}),
  };
}
