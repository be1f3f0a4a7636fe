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

/** `GET /api/urbanisme/zones?bbox=w,s,e,n`: the PLU zones meeting a map view, for the zoning layer. */
export const zoningQuerySchema = z.object({
  bbox: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => Number(s)) : v),
    z
      .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)], {
        error: 'Emprise attendue\u00a0: ouest,sud,est,nord en degrés.',
      })
      .refine(([w, s, e, n]) => w < e && s < n, 'Emprise vide\u00a0: ouest < est et sud < nord.')
      // A commune or two: beyond, the layer would carry a département's zones to draw at a zoom where they cannot be read.
      .refine(([w, s, e, n]) => e - w <= 0.5 && n - s <= 0.5, 'Emprise trop grande pour le zonage\u00a0: rapprochez la carte.'),
  ),
});

export const zoningFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
  properties: z.object({
    /** U, AUc, AUs, A or N (as the file gives it), for the CNIG colours. */
    typezone: z.string(),
    libelle: z.string().nullable(),
    libelong: z.string().nullable(),
    idurba: z.string(),
  }),
});

export const zoningSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(zoningFeatureSchema),
  /** True when the view held more zones than one answer carries (the first ones are drawn). */
  truncated: z.boolean(),
});
export type Zoning = z.infer<typeof zoningSchema>;
