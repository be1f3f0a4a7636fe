/**
 * The CSV export of « Mes annonces » (`GET /api/listings/saved.csv`): one line per saved listing,
 * with what the store keeps of it, written like the other exports (shared/src/market/csv.ts).
 */
import { formatDate } from '../format.js';
import { type CsvCell, csvNumber } from '../market/csv.js';
import { PORTAL_LABELS } from './contracts.js';
import { LISTING_TYPE_LABELS } from './search.js';
import { LISTING_STATUS_LABELS, type SavedListing } from './store.logic.js';
import { displayTown } from './text.logic.js';

export const SAVED_LISTING_CSV_HEADER = [
  'Portails',
  'URL de l’annonce',
  'Titre',
  'Statut',
  'Transaction',
  'Type de bien',
  'Surface (m²)',
  'Pièces',
  'Chambres',
  // A rent is stored as its monthly amount, as the page shows it (« 1 345 €/mois »).
  'Prix ou loyer mensuel (€)',
  'Prix ou loyer mensuel au m² (€/m²)',
  'Prix précédent (€)',
  'Prix changé le',
  'Baisse de prix',
  'Adresse',
  'Quartier',
  'Code postal',
  'Commune',
  'Longitude',
  'Latitude',
  'Classe énergie',
  'Consommation (kWhEP/m²/an)',
  'Classe GES',
  'Émissions (kgCO2/m²/an)',
  'Surface de terrain (m²)',
  'Étage',
  'Annonceur',
  'Publiée le',
  'Enregistrée le',
  'Notes',
] as const;

const TRANSACTION_LABELS = { vente: 'Vente', location: 'Location' } as const;
const SELLER_LABELS = { professionnel: 'Professionnel', particulier: 'Particulier' } as const;

/**
 * The latest move of the price history (points in the order seen): the price before it and the
 * moment the new price was seen; null when the price never moved.
 */
export function lastPriceChange(prices: SavedListing['prices']): { previous: number; at: string } | null {
  for (let i = prices.length - 1; i > 0; i--) {
    const now = prices[i];
    const before = prices[i - 1];
    if (now && before && now.price !== before.price) return { previous: before.price, at: now.seenAt };
  }
  return null;
}

/** The cells of one listing, in the order of `SAVED_LISTING_CSV_HEADER`. */
export function savedListingCsvCells(l: SavedListing): CsvCell[] {
  const change = lastPriceChange(l.prices);
  return [
    [...new Set(l.sources.map((s) => PORTAL_LABELS[s.portal]))].join(', '),
    // The page's « Voir l’annonce »: the first site that gave a link.
    l.sources.find((s) => s.url)?.url,
    l.title,
    LISTING_STATUS_LABELS[l.status],
    l.transaction ? TRANSACTION_LABELS[l.transaction] : null,
    l.propertyType ? LISTING_TYPE_LABELS[l.propertyType] : null,
    l.surface,
    l.rooms,
    l.bedrooms,
    l.price,
    l.price && l.surface ? l.price / l.surface : null,
    change?.previous,
    change ? formatDate(change.at) : null,
    l.priceDrop ? 'oui' : '',
    l.streetAddress,
    l.district,
    l.postcode,
    l.city ? displayTown(l.city) : null,
    // Six decimals, as the other exports; a portal's position is often blurred to the street or the district.
    l.lon != null ? csvNumber(l.lon, 6) : null,
    l.lat != null ? csvNumber(l.lat, 6) : null,
    l.dpeClass,
    l.dpeValue,
    l.gesClass,
    l.gesValue,
    l.landArea,
    l.floor,
    l.seller ? SELLER_LABELS[l.seller] : null,
    l.publishedAt ? formatDate(l.publishedAt) : null,
    formatDate(l.firstSeenAt),
    l.notes,
  ];
}
