/**
 * « Mes annonces » and the listing feeds: what is stored of a listing, the statuses a subscriber
 * gives it, and the rule that makes two sightings one property.
 */
import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date.js';
import { haversineMetres } from '../geo.js';
import { propertyRentSchema } from '../rents/contracts.js';
import { ENERGY_CLASSES, LISTING_PROPERTY_TYPES, PORTALS, TRANSACTION_KINDS } from './contracts.js';
import { feesChoiceSchema } from './fees.logic.js';
import type { LocalisationQuery } from './localisation.logic.js';

export const LISTING_STATUSES = ['a_visiter', 'visite', 'offre_faite', 'ecarte'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  a_visiter: 'À visiter',
  visite: 'Visité',
  offre_faite: 'Offre faite',
  ecarte: 'Écarté',
};

const optionalNumber = z.number().finite().nullish();

/** A listing as the person checked and edited it (the analysis and the save take this). */
export const listingFieldsSchema = z.object({
  portal: z.enum(PORTALS, { error: 'Portail inconnu.' }),
  url: z.string().max(2000).nullish(),
  portalId: z.string().max(200).nullish(),
  transaction: z.enum(TRANSACTION_KINDS).nullish(),
  title: z.string().max(500).nullish(),
  propertyType: z.enum(LISTING_PROPERTY_TYPES, { error: 'Type de bien inconnu.' }).nullish(),
  price: z.number({ error: 'Prix : un nombre.' }).positive('Prix : un montant positif.').max(1e9).nullish(),
  surface: z.number({ error: 'Surface : un nombre.' }).positive('Surface : un nombre de m² positif.').max(100_000).nullish(),
  rooms: z.number().int().min(0).max(100).nullish(),
  bedrooms: z.number().int().min(0).max(100).nullish(),
  landArea: optionalNumber,
  floor: z.number().int().min(-5).max(200).nullish(),
  dpeClass: z.enum(ENERGY_CLASSES, { error: 'Étiquette DPE : une lettre de A à G.' }).nullish(),
  dpeValue: optionalNumber,
  gesClass: z.enum(ENERGY_CLASSES, { error: 'Étiquette GES : une lettre de A à G.' }).nullish(),
  gesValue: optionalNumber,
  postcode: z
    .string()
    .regex(/^\d{5}$/, 'Code postal : 5 chiffres.')
    .nullish(),
  city: z.string().max(200).nullish(),
  district: z.string().max(200).nullish(),
  /** Number and street picked in « Adresse du bien » (« 139 Avenue Carnot »); postcode and town apart. */
  streetAddress: z
    .string()
    .trim()
    .max(300, 'Adresse du bien\u00a0: 300 caractères au plus.')
    .transform((v) => v || null)
    .nullish(),
  description: z.string().max(20_000).nullish(),
  photos: z.array(z.string().max(2000)).max(50).nullish(),
  seller: z.enum(['professionnel', 'particulier']).nullish(),
  /** The portal's date, or its timestamp cut to the date (the column is a date). */
  publishedAt: z
    .string()
    .max(40)
    .transform((v) => v.slice(0, 10))
    .pipe(calendarDateSchema('Date de publication invalide (AAAA-MM-JJ attendu).'))
    .nullish(),
  lat: z.number().min(-90).max(90).nullish(),
  lon: z.number().min(-180).max(180).nullish(),
  /**
   * The position is an address or a street the agent picked in the BAN (« Adresse du bien »): true;
   * another pick (a commune, a parcel): false; absent when the position was read from the portal's
   * page or a feed. A position picked in the BAN is kept when the portal is read again, since
   * portals round theirs.
   */
  placedByBan: z.boolean({ error: 'Origine de la position attendue (vrai ou faux).' }).nullish(),
});
export type ListingFields = z.infer<typeof listingFieldsSchema>;

/**
 * `POST /api/listings/analysis`: the fields, and whether the asking price includes the agency's
 * fees (`fees`, absent: the price is compared as it is).
 */
export const listingAnalysisRequestSchema = listingFieldsSchema.extend({ fees: feesChoiceSchema.nullish() });

/**
 * The DPE localisation query of a listing's fields (postcode, type, surface, classes and values), or
 * null when it has no postcode or nothing to compare.
 */
export function localisationQueryOf(f: ListingFields): LocalisationQuery | null {
  if (!f.postcode || !(f.surface || f.dpeClass || f.dpeValue != null)) return null;
  const type = f.propertyType === 'appartement' || f.propertyType === 'maison' ? f.propertyType : null;
  return {
    postcode: f.postcode,
    ...(type ? { type } : {}),
    ...(f.surface ? { surface: f.surface } : {}),
    ...(f.dpeClass ? { dpe: f.dpeClass } : {}),
    ...(f.gesClass ? { ges: f.gesClass } : {}),
    ...(f.dpeValue != null ? { conso: f.dpeValue } : {}),
    ...(f.gesValue != null ? { emission: f.gesValue } : {}),
  };
}

export const listingUpdateSchema = z
  .object({
    status: z.enum(LISTING_STATUSES, { error: 'Statut : à visiter, visité, offre faite ou écarté.' }).optional(),
    notes: z.string().max(5000, 'Notes de 5 000 caractères au plus.').optional(),
  })
  .refine((u) => u.status !== undefined || u.notes !== undefined, { message: 'Rien à modifier.' });

export const savedListingSchema = listingFieldsSchema.omit({ portal: true, url: true, portalId: true, photos: true }).extend({
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  notes: z.string(),
  photoUrl: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  sources: z.array(z.object({ portal: z.enum(PORTALS), portalId: z.string().nullable(), url: z.string().nullable() })),
  prices: z.array(z.object({ price: z.number(), portal: z.enum(PORTALS), seenAt: z.string() })),
  /** The latest price is below the first one seen. */
  priceDrop: z.boolean(),
});
export type SavedListing = z.infer<typeof savedListingSchema>;
/** Saved listings per page of « Mes annonces ». */
export const SAVED_LISTINGS_PAGE_SIZE = 50;
/** The orders of « Mes annonces »: last seen (« récentes »), publication on the portal, asking price, asking €/m². */
export const SAVED_LISTING_SORTS = ['recent', 'publication', 'prix', 'prix_m2'] as const;

/** `GET /api/listings/saved?page=&sort=&order=`; without `page`, every saved listing (the map, the CSV). */
export const savedListingQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Numéro de page invalide.' })
    .int('Numéro de page invalide.')
    .min(1, 'Numéro de page invalide (1 au moins).')
    .max(10_000, 'Numéro de page invalide (10 000 au plus).')
    .optional(),
  sort: z.enum(SAVED_LISTING_SORTS, { error: 'Tri\u00a0: recent, publication, prix ou prix_m2.' }).default('recent'),
  order: z.enum(['asc', 'desc'], { error: 'Ordre\u00a0: asc ou desc.' }).default('desc'),
});
export type SavedListingQuery = z.infer<typeof savedListingQuerySchema>;

export const savedListingListSchema = z.object({
  listings: z.array(savedListingSchema),
  /** The subscriber's saved listings, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SavedListingList = z.infer<typeof savedListingListSchema>;
/**
 * What a save did to the price history: a point `added`, today's point on that site `replaced`
 * (one price a day and a site: a price typed in again is a correction, not a drop), or `none`.
 */
export const PRICE_POINTS = ['added', 'replaced', 'none'] as const;
export type PricePoint = (typeof PRICE_POINTS)[number];
export const saveListingResponseSchema = z.object({ id: z.string(), merged: z.boolean(), pricePoint: z.enum(PRICE_POINTS) });

/** The sentence shown once a listing is saved (page and extension). */
export function savedMessage(r: { merged: boolean; pricePoint: PricePoint }): string {
  if (!r.merged) return 'Annonce enregistrée dans Mes annonces.';
  if (r.pricePoint === 'added') return 'Déjà dans Mes annonces\u00a0: prix du jour ajouté à son historique.';
  if (r.pricePoint === 'replaced')
    return 'Déjà dans Mes annonces\u00a0: le prix relevé aujourd’hui sur ce site est remplacé (un prix par jour et par site).';
  return 'Déjà dans Mes annonces\u00a0: annonce mise à jour.';
}

/** Two sightings on two portals are one property when placed alike, same type, surfaces within 3 %. */
export const SAME_SURFACE_RATIO = 0.03;
/** Portals blur positions differently (to the street or the district): « same place » is this close. */
export const SAME_PLACE_METRES = 300;

export interface Sighting {
  portal: string;
  portalId?: string | null;
  propertyType?: string | null;
  surface?: number | null;
  postcode?: string | null;
  lat?: number | null;
  lon?: number | null;
  rooms?: number | null;
  title?: string | null;
}

const sameTitle = (a: string | null | undefined, b: string | null | undefined) => {
  const fold = (t: string | null | undefined) => (t ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return fold(a) !== '' && fold(a) === fold(b);
};

export function sameProperty(a: Sighting & { sources?: { portal: string; portalId: string | null }[] }, b: Sighting): boolean {
  const sources = a.sources ?? [{ portal: a.portal, portalId: a.portalId ?? null }];
  if (b.portalId && sources.some((s) => s.portal === b.portal && s.portalId === b.portalId)) return true;
  // Two ids of one portal are two ads: only a sighting on another portal can be the same property.
  if (b.portalId && sources.some((s) => s.portal === b.portal && s.portalId)) return false;
  if (!a.surface || !b.surface || !a.propertyType || a.propertyType !== b.propertyType) return false;
  if (!a.postcode || a.postcode !== b.postcode) return false;
  if (Math.abs(a.surface - b.surface) / Math.max(a.surface, b.surface) > SAME_SURFACE_RATIO) return false;
  if (a.lat != null && a.lon != null && b.lat != null && b.lon != null) {
    return haversineMetres({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon }) <= SAME_PLACE_METRES;
  }
  // A pasted listing is placed only when the agent gives its address, and not every time it is
  // saved again: without a position on both sides, the same ad of the same site read again (no
  // ad id on either side, same title and rooms) is the same listing.
  return (
    !b.portalId &&
    sources.some((s) => s.portal === b.portal && !s.portalId) &&
    sameTitle(a.title, b.title) &&
    (a.rooms ?? null) === (b.rooms ?? null)
  );
}

const marketStatSchema = z.object({ label: z.string(), count: z.number().int(), median: z.number().nullable() });

/** `POST /api/listings/analysis`: the listing against the market, its estimate, its place, its DPE. */
export const listingAnalysisSchema = z.object({
  /**
   * Sale, rent, or « inconnue » when the listing does not say: only a sale is compared with DVF
   * sales; a rent shows its €/m²/mois, compared with no sale; an unknown one is compared with nothing
   * until the person says which (`TRANSACTION_QUESTION`).
   */
  transaction: z.enum(['vente', 'location', 'inconnue']),
  commune: z.object({ insee: z.string(), name: z.string() }).nullable(),
  /**
   * Where the sales around and the estimate are computed: the point the page or the agent gave
   * (`annonce`), the street address the listing writes, found in the BAN of its commune (`adresse`,
   * with that `address`; decision 1460), or its likeliest DPE (`dpe`).
   */
  point: z
    .object({ lat: z.number(), lon: z.number(), source: z.enum(['annonce', 'adresse', 'dpe']), address: z.string().nullish() })
    .nullable(),
  pricePerM2: z.number().nullable(),
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** €/m² of the sales of the same type: commune, then 500 m around the point once localised. */
  market: z.array(marketStatSchema),
  /** Position of the asking €/m² against the closest median: below, in line (±5 %), above. */
  position: z.enum(['dessous', 'aligne', 'dessus']).nullable(),
  estimate: z.object({ value: z.number(), low: z.number(), high: z.number(), count: z.number().int(), pricePerM2: z.number() }).nullable(),
  comparables: z.array(
    z.object({
      address: z.string(),
      date: z.string(),
      price: z.number(),
      surface: z.number(),
      pricePerM2: z.number(),
      distanceM: z.number(),
    }),
  ),
  /**
   * Asking price minus estimate (positive: asked above the estimate) and the margin to negotiate,
   * on the net seller price when the request said the price includes fees at a rate (`fees`: their
   * amount; null when the price was compared as it is).
   */
  gap: z
    .object({
      amount: z.number(),
      ratio: z.number(),
      negotiation: z.number(),
      netPrice: z.number().optional(),
      fees: z.number().nullable().optional(),
    })
    .nullable(),
  /**
   * The Carte des loyers for a flat or a house of a known commune: a rental's asking rent against
   * the reference, a sale's gross yield at its asking price (`reference` null when none is
   * imported, and a note says how to import it); null for an unknown transaction or another type.
   */
  rent: propertyRentSchema.nullable(),
  candidates: z.array(
    z.object({
      address: z.string(),
      /** null with `score`: the address the listing writes, where no DPE of the data matches (decision 0902). */
      dpeNumber: z.string().nullable(),
      score: z.number().nullable(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      reasons: z.array(z.string()),
    }),
  ),
  rentalBan: z.object({ kind: z.enum(['unknown', 'none', 'banned', 'upcoming']), date: z.string().nullable() }),
  notes: z.array(z.string()),
});
export type ListingAnalysis = z.infer<typeof listingAnalysisSchema>;

/** What the analysis of a listing whose transaction is unknown asks, before any comparison. */
export const TRANSACTION_QUESTION =
  'Vente ou location\u00a0? L’annonce ne le dit pas\u00a0: choisissez la transaction pour comparer le bien (une vente aux ventes DVF, une location à aucune vente).';
/** What the analysis says when it is computed at the address the listing writes (decision 1460). */
export const writtenAddressPointNote = (address: string) =>
  `Analyse à l’adresse écrite dans l’annonce\u00a0: ${address} (Base Adresse Nationale)\u00a0; indiquez l’adresse du bien si ce n’est pas la sienne.`;
/** What the analysis of a rental says: its rent per m² and month, compared with no sale. */
export const RENT_NOTE =
  'Annonce de location\u00a0: loyer au m² par mois, non comparé aux ventes DVF (qui ne donnent pas de loyer), ni estimé\u00a0; comparé au loyer de référence de la commune quand la Carte des loyers est importée.';

/** Within ±5 % of the median is « in line ». */
export function positionAgainst(pricePerM2: number, median: number): 'dessous' | 'aligne' | 'dessus' {
  const ratio = pricePerM2 / median - 1;
  return ratio < -0.05 ? 'dessous' : ratio > 0.05 ? 'dessus' : 'aligne';
}
