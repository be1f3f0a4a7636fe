/**
 * Urban planning of a parcel (`GET /api/parcels/:id/urbanisme`, subscribers): the PLU / PLUi zones
 * covering it with their share of its area, and the prescriptions and informations touching it
 * (CNIG standard layers imported from the Géoportail de l'Urbanisme), with the document version.
 */
import { z } from 'zod';

export const PLU_LAYER_NAMES = [
  'zone_urba',
  'prescription_surf',
  'prescription_lin',
  'prescription_pct',
  'info_surf',
  'info_lin',
  'info_pct',
] as const;

export const pluDocumentSchema = z.object({
  /** `200057875_PLUI_20250624`: the document and its version. */
  idurba: z.string(),
  /** Approval date of the version (`YYYY-MM-DD`). */
  datappro: z.string(),
  /** The regulation's file name (NOMFIC) and its address when the file gives one (URLFIC). */
  nomfic: z.string().nullable(),
  urlfic: z.string().nullable(),
});
export type PluDocument = z.infer<typeof pluDocumentSchema>;

export const parcelZoneSchema = z.object({
  libelle: z.string().nullable(),
  libelong: z.string().nullable(),
  /** U, AUc, AUs, A or N. */
  typezone: z.string(),
  idurba: z.string(),
  nomfic: z.string().nullable(),
  urlfic: z.string().nullable(),
  /** m² of the parcel in the zone, and that share of the parcel (0–1). */
  areaM2: z.number(),
  share: z.number(),
});
export type ParcelZone = z.infer<typeof parcelZoneSchema>;

export const parcelPluItemSchema = z.object({
  layer: z.enum(PLU_LAYER_NAMES),
  libelle: z.string().nullable(),
  txt: z.string().nullable(),
  /** TYPEPSC / TYPEINF and their subtype (codes of the CNIG standard). */
  typeCode: z.string().nullable(),
  subtypeCode: z.string().nullable(),
  idurba: z.string(),
  urlfic: z.string().nullable(),
  /** Surfaces only: m² and share of the parcel covered; null for lines and points. */
  areaM2: z.number().nullable(),
  share: z.number().nullable(),
});
export type ParcelPluItem = z.infer<typeof parcelPluItemSchema>;

export const parcelUrbanismSchema = z.object({
  parcelId: z.string(),
  /** Whether any urban-planning document is imported at all (none: the page says how to import one). */
  anyDocument: z.boolean(),
  documents: z.array(pluDocumentSchema),
  /** Largest share first. */
  zones: z.array(parcelZoneSchema),
  prescriptions: z.array(parcelPluItemSchema),
  informations: z.array(parcelPluItemSchema),
});
export type ParcelUrbanism = z.infer<typeof parcelUrbanismSchema>;

/** The zone type in words. */
export const TYPEZONE_LABELS: Record<string, string> = {
  U: 'zone urbaine',
  AUc: 'zone à urbaniser (constructible)',
  AUs: 'zone à urbaniser (fermée)',
  A: 'zone agricole',
  N: 'zone naturelle et forestière',
};
