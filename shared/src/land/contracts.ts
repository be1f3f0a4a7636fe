/**
 * Land figures of a parcel and the land filters of the parcel search (`GET /api/parcels`): main PLU
 * zone (type folded to U, AU, A, N, and its libellé), prescriptions touching the parcel by kind
 * (CNIG TYPEPSC), built footprint and coverage from the cadastre buildings. A parcel of a commune
 * whose buildings were never imported has no footprint and no coverage (« bâti non importé »), and
 * no coverage filter ever returns it.
 */
import { z } from 'zod';

export const ZONE_FAMILIES = ['U', 'AU', 'A', 'N'] as const;
export type ZoneFamily = (typeof ZONE_FAMILIES)[number];

export const ZONE_FAMILY_LABELS: Record<ZoneFamily, string> = {
  U: 'U — zone urbaine',
  AU: 'AU — zone à urbaniser',
  A: 'A — zone agricole',
  N: 'N — zone naturelle et forestière',
};

/** Main kinds of prescription of the CNIG PLU standard (TYPEPSC, sub-code 00), as the standard names them. */
export const PRESCRIPTION_KIND_LABELS: Record<string, string> = {
  '01': 'Espace boisé classé',
  '02': 'Limitation de la constructibilité pour des raisons environnementales',
  '03': 'Secteur avec disposition de reconstruction / démolition',
  '04': 'Périmètre issu des PDU sur obligation de stationnement',
  '05': 'Emplacement réservé',
  '07': 'Patrimoine bâti, paysager ou éléments de paysage à protéger',
  '08': 'Terrain cultivé ou non bâti à protéger en zone urbaine',
  '13': 'Zone à aménager en vue de la pratique du ski',
  '14': 'Secteur de plan de masse',
  '15': 'Règles d’implantation des constructions',
  '16': 'Constructions et installations nécessaires à des équipements collectifs',
  '17': 'Secteur à programme de logements mixité sociale',
  '18': 'Secteur comportant des orientations d’aménagement et de programmation (OAP)',
  '19': 'Secteur protégé en raison de la richesse du sol et du sous-sol',
  '20': 'Secteur à transfert de constructibilité en zone N',
  '22': 'Diversité commerciale à protéger ou à développer',
  '23': 'Secteur avec taille minimale des logements',
  '24': 'Voies, chemins, transport public à conserver et à créer',
  '25': 'Éléments de continuité écologique et trame verte et bleue',
  '26': 'Secteur de performance énergétique',
  '27': 'Secteur d’aménagement numérique',
  '28': 'Conditions de desserte',
  '29': 'Secteur avec densité minimale de construction',
  '30': 'Majoration des volumes constructibles',
};

/** « Emplacement réservé (05) »; a kind the table does not name keeps its code. */
export function prescriptionKindLabel(code: string): string {
  if (code === '') return 'Prescription sans type';
  const label = PRESCRIPTION_KIND_LABELS[code];
  return label ? `${label} (${code})` : `Prescription de type ${code}`;
}

/** The kinds a land filter can ask for: any prescription, then each kind of the standard, named. */
export const PRESCRIPTION_CHOICES: readonly { value: string; label: string }[] = [
  { value: 'toutes', label: 'Toute prescription' },
  ...Object.keys(PRESCRIPTION_KIND_LABELS).map((code) => ({ value: code, label: prescriptionKindLabel(code) })),
];

/** What the page shows for a parcel whose commune has no buildings imported: never « 0 % ». */
export const BUILDINGS_NOT_IMPORTED = 'bâti non importé';

const percent = (which: string) =>
  z.coerce
    .number({ error: `Couverture ${which} invalide\u00a0: un pourcentage de 0 à 100.` })
    .min(0, `Couverture ${which} invalide\u00a0: un pourcentage de 0 à 100.`)
    .max(100, `Couverture ${which} invalide\u00a0: un pourcentage de 0 à 100.`)
    .optional();

const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The land filters, spread into the parcel search's query (`parcelSearchQuerySchema`). */
export const landFilterShape = {
  zoneType: z.preprocess(
    (v) => (typeof v === 'string' ? blankAsAbsent(v.trim().toUpperCase()) : v),
    z.enum(ZONE_FAMILIES, { error: 'Type de zone inconnu (U, AU, A ou N).' }).optional(),
  ),
  /** The main zone's libellé begins with this (« UC » finds UC48C16). */
  zoneLibelle: z.preprocess(blankAsAbsent, z.string().trim().max(40, 'Libellé de zone trop long (40 caractères au plus).').optional()),
  /** A kind of prescription (TYPEPSC, two digits), or `toutes` for any. */
  prescription: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .regex(/^(\d{2}|toutes)$/, 'Type de prescription invalide (deux chiffres du standard CNIG, ex. 05, ou «\u00a0toutes\u00a0»).')
      .optional(),
  ),
  /** With (`oui`, the default) or without (`non`) that prescription. */
  prescriptionPresent: z.preprocess(
    blankAsAbsent,
    z.enum(['oui', 'non'], { error: 'Prescription\u00a0: présente (oui) ou absente (non).' }).optional(),
  ),
  /** Coverage of the parcel by its buildings, in per cent. */
  coverageMin: z.preprocess(blankAsAbsent, percent('minimale')),
  coverageMax: z.preprocess(blankAsAbsent, percent('maximale')),
};

export const parcelLandSchema = z.object({
  /** Cadastral area (contenance), else the outline's, m². */
  areaM2: z.number(),
  /** Null: the commune's buildings were never imported (« bâti non importé »). */
  builtM2: z.number().nullable(),
  /** 0–1; null as `builtM2`. */
  coverage: z.number().nullable(),
  zoneType: z.enum(ZONE_FAMILIES).nullable(),
  zoneLibelle: z.string().nullable(),
  zoneLibelong: z.string().nullable(),
  /** TYPEPSC of the prescriptions touching the parcel. */
  prescriptionTypes: z.array(z.string()),
});
export type ParcelLand = z.infer<typeof parcelLandSchema>;
