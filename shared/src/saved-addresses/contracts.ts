/**
 * Saved addresses (`/api/addresses/saved`, page /pro/mesadresses): the addresses a subscriber keeps
 * from the address analysis or the parcel sheet, with a label, notes, tags and « Surveiller »
 * (an e-mail alert when a DVF sale or a DPE appears on the parcel or within a radius; the alert
 * job reads `watch` and `watchRadiusM`).
 */
import { z } from 'zod';
import { formatInteger } from '../format.js';
import { addressAnalysisUrl } from '../market/address-contracts.js';
import { INSEE_PATTERN, PARCEL_PATTERN } from '../market/contracts.js';

/** Most saved addresses per user. */
export const MAX_SAVED_ADDRESSES = 500;
export const MAX_TAGS = 20;
export const MAX_NOTES = 2000;

export const WATCH_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type WatchFrequency = (typeof WATCH_FREQUENCIES)[number];
export const WATCH_LABELS: Record<WatchFrequency, string> = {
  off: 'Non surveillée',
  daily: 'Quotidien',
  weekly: 'Hebdomadaire',
};
/** Radii offered by the page; 0 watches the parcel only. The database accepts 0 to 2 000 m. */
export const WATCH_RADII = [0, 50, 100, 200, 500, 1000, 2000] as const;
export const DEFAULT_WATCH_RADIUS = 200;
export const MAX_WATCH_RADIUS = 2000;

export const labelSchema = z
  .string({ error: 'Adresse requise.' })
  .trim()
  .min(3, 'Adresse requise (3 caractères au moins).')
  .max(200, 'Adresse trop longue (200 caractères au plus).');

const tagSchema = z
  .string()
  .trim()
  .min(1, 'Étiquette vide.')
  .max(40, 'Étiquette trop longue (40 caractères au plus).')
  .regex(/^[^,;]+$/, 'Une étiquette ne contient ni virgule ni point-virgule.');

/** Tags are kept once each, whatever their case (« Vendeur » and « vendeur » are one tag). */
export const tagsSchema = z
  .array(tagSchema, { error: 'Étiquettes attendues en liste.' })
  .max(MAX_TAGS, `Au plus ${MAX_TAGS} étiquettes par adresse.`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLocaleLowerCase('fr');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/**
 * What « Enregistrer l’adresse » sends: `label` is the address as the analysis or the parcel sheet
 * writes it. It becomes the entry's `address` for good and its first name, which the user may change.
 */
export const saveAddressSchema = z.object({
  label: labelSchema,
  lon: z.number({ error: 'Longitude requise.' }).min(-180).max(180),
  lat: z.number({ error: 'Latitude requise.' }).min(-90).max(90),
  insee: z.string().regex(INSEE_PATTERN, 'Code INSEE invalide.').nullable().default(null),
  idParcelle: z.string().regex(PARCEL_PATTERN, 'Parcelle invalide.').nullable().default(null),
  /** The Base Adresse Nationale placed the point (an address or a street picked in the field), not a click or a parcel. */
  placedByBan: z.boolean({ error: 'Origine du point attendue (vrai ou faux).' }).default(false),
});
export type SaveAddress = z.input<typeof saveAddressSchema>;

export const savedAddressUpdateSchema = z
  .object({
    label: labelSchema.optional(),
    notes: z.string().max(MAX_NOTES, `Notes trop longues (${MAX_NOTES} caractères au plus).`).optional(),
    tags: tagsSchema.optional(),
    watch: z.enum(WATCH_FREQUENCIES, { error: 'Fréquence de surveillance inconnue.' }).optional(),
    watchRadiusM: z
      .number({ error: 'Rayon en mètres attendu.' })
      .int('Rayon en mètres entiers.')
      .min(0, 'Rayon positif.')
      .max(MAX_WATCH_RADIUS, `Rayon de ${formatInteger(MAX_WATCH_RADIUS)}\u00a0m au plus.`)
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Rien à modifier.');
export type SavedAddressUpdate = z.input<typeof savedAddressUpdateSchema>;

export const savedAddressSchema = z.object({
  id: z.string(),
  /** The user's name for the entry (the address itself until renamed). */
  label: z.string(),
  /** The address as it was saved; never changed by a rename. */
  address: z.string(),
  lon: z.number(),
  lat: z.number(),
  insee: z.string().nullable(),
  idParcelle: z.string().nullable(),
  placedByBan: z.boolean(),
  notes: z.string(),
  tags: z.array(z.string()),
  watch: z.enum(WATCH_FREQUENCIES),
  watchRadiusM: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressListSchema = z.object({
  items: z.array(savedAddressSchema),
  max: z.number(),
  /** Every tag of the user's addresses, for the filter (sorted the French way). */
  tags: z.array(z.string()),
});
export type SavedAddressList = z.infer<typeof savedAddressListSchema>;

/** `?tag=` of the list and of the CSV export: only the addresses carrying that tag. */
export const savedAddressListQuerySchema = z.object({
  tag: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), tagSchema.optional()),
});

/** The address analysis of a saved address (its point, address and parcel): the user's name for it is no address. */
export function analysisUrlOf(a: Pick<SavedAddress, 'address' | 'lat' | 'lon' | 'idParcelle' | 'placedByBan'>): string {
  return addressAnalysisUrl({ address: a.address, lat: a.lat, lon: a.lon, parcel: a.idParcelle, placedByBan: a.placedByBan });
}

/** The parcel sheet of a saved address, when its parcel is known. */
export function parcelUrlOf(a: Pick<SavedAddress, 'idParcelle'>): string | null {
  return a.idParcelle ? `/pro/rechercheparcelle?parcelle=${encodeURIComponent(a.idParcelle)}` : null;
}

/** What « Surveiller » does, in the page's words. */
export function watchExplanation(radiusM: number): string {
  const where = radiusM === 0 ? 'sur la parcelle' : `sur la parcelle ou dans un rayon de ${formatInteger(radiusM)}\u00a0m`;
  return `Une alerte par e-mail quand une nouvelle vente DVF ou un nouveau DPE apparaît ${where}.`;
}

export const SAVED_ADDRESS_CSV_HEADER = [
  'Nom',
  'Adresse',
  'Notes',
  'Étiquettes',
  'Surveillance',
  'Rayon surveillé (m)',
  'Code INSEE',
  'Parcelle',
  'Longitude',
  'Latitude',
  'Enregistrée le',
] as const;
