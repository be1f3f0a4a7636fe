/**
 * The parcel sheet (`GET /api/parcels/:id`, subscribers): the parcel and its outline, its BAN
 * addresses, DVF sales, DPE, co-ownerships (RNIC) and legal-entity owners (DGFiP personnes
 * morales). Shown on /pro/rechercheparcelle?parcelle=<id>, the link other tools use.
 */
import { z } from 'zod';
import { parcelLandSchema } from '../land/contracts.js';
import { parcelSchema } from '../opendata/contracts.js';
import { OWNER_GROUPS } from '../owners/legal-forms.logic.js';

/** 14 characters: INSEE (5) + prefix (3) + section (2) + number (4). */
export const PARCEL_ID = /^(\d{2}|2A|2B)\d{3}[0-9]{3}[0-9A-Z]{2}\d{4}$/;

export const parcelOwnerSchema = z.object({
  /** 9-digit SIREN; null for the entities the DGFiP lists without one, and for a natural person. */
  siren: z.string().nullable(),
  /** The entity's name; « personne physique — nom non affiché » for a natural person. */
  name: z.string(),
  /** A private person the file names (a volunteer syndic, a manager): never shown by name. */
  naturalPerson: z.boolean(),
  /** INSEE legal form code (catégorie juridique), e.g. `6540`. */
  legalForm: z.string().nullable(),
  legalFormLabel: z.string().nullable(),
  /** Kind of right, in French: Propriétaire, Usufruitier, Syndic de copropriété… */
  right: z.string().nullable(),
  group: z.enum(OWNER_GROUPS),
  /** The right is on the land (`parcelle`) or on a local of a building on it (`local`). */
  on: z.enum(['parcelle', 'local']),
});
export type ParcelOwner = z.infer<typeof parcelOwnerSchema>;

export const parcelSheetSchema = z.object({
  parcel: parcelSchema,
  commune: z.object({ code: z.string(), nom: z.string() }).nullable(),
  /** First 10 characters of the id: the key of section statistics. */
  codeSection: z.string(),
  firstVintage: z.string().nullable(),
  lastVintage: z.string().nullable(),
  addresses: z.array(z.object({ id: z.string(), label: z.string(), lon: z.number(), lat: z.number() })),
  /** Footprint, coverage, main zone (parcel_land); null for a parcel no import has computed (a former one). */
  land: parcelLandSchema.nullable().default(null),
  /** Without a BAN address, the parcel's address in the legal-entity owners file (« 29 Rue Doudeauville, 75018 Paris »). */
  ownersFileAddress: z.string().nullable().default(null),
  sales: z.array(
    z.object({
      idMutation: z.string(),
      date: z.string(),
      nature: z.string(),
      price: z.number().nullable(),
      locals: z.number().int(),
      address: z.string().nullable(),
    }),
  ),
  dpe: z.array(
    z.object({
      numeroDpe: z.string(),
      date: z.string().nullable(),
      etiquetteDpe: z.string().nullable(),
      etiquetteGes: z.string().nullable(),
      typeBatiment: z.string().nullable(),
      surface: z.number().nullable(),
      address: z.string().nullable(),
    }),
  ),
  copros: z.array(
    z.object({
      numero: z.string(),
      name: z.string().nullable(),
      address: z.string().nullable(),
      lots: z.number().int().nullable(),
      syndicType: z.string().nullable(),
      syndicName: z.string().nullable(),
      mandateEnd: z.string().nullable(),
    }),
  ),
  owners: z.array(parcelOwnerSchema),
  /** The legal-entity owners data is loaded for this département (else an empty list says nothing). */
  ownersLoaded: z.boolean(),
});
export type ParcelSheet = z.infer<typeof parcelSheetSchema>;

/** The page that shows a parcel's sheet: the link the other tools use. */
export function parcelSheetPath(id: string): string {
  return `/pro/rechercheparcelle?parcelle=${encodeURIComponent(id)}`;
}
