/**
 * Contracts of the prospecting lists (`/api/prospecting/*`, page /pro/prospection): named lists of
 * targets (a DPE, a co-ownership, a parcel or an address found with the tools), each with a status,
 * a next-action date and notes, and the letters printed for them. Addresses only: no personal data
 * of private owners is ever collected (GDPR), the notes field says so.
 */
import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date.js';
import { pageQueryFields, pageResponseFields } from '../paging.js';

export const TARGET_KINDS = ['dpe', 'copro', 'parcel', 'address'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_KIND_LABELS: Record<TargetKind, string> = {
  dpe: 'DPE',
  copro: 'Copropriété',
  parcel: 'Parcelle',
  address: 'Adresse',
};

export const TARGET_STATUSES = ['a_contacter', 'contacte', 'rendez_vous', 'mandat_signe', 'perdu'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];
export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  a_contacter: 'À contacter',
  contacte: 'Contacté',
  rendez_vous: 'Rendez-vous',
  mandat_signe: 'Mandat signé',
  perdu: 'Perdu',
};

/** Shown next to the notes field and printed in the CSV documentation. */
export const NOTES_GDPR_NOTICE =
  'Notes professionnelles uniquement\u00a0: n’y inscrivez aucune donnée personnelle d’un propriétaire particulier (nom, téléphone, courriel…). Seules les adresses et les personnes morales publiques sont conservées.';

const text = (max: number, what: string) => z.string().trim().max(max, `${what}\u00a0: ${max} caractères au plus.`);

export const listNameSchema = text(120, 'Le nom de la liste').min(1, 'Donnez un nom à la liste.');

export const prospectingListSchema = z.object({
  id: z.string(),
  name: z.string(),
  letterBody: z.string(),
  /** The body of the letters to the syndics of the list's co-ownerships. */
  syndicLetterBody: z.string(),
  /** The « Objet » line of the owners' letters, after the date (empty: no such line). */
  letterSubject: z.string(),
  /** The « Objet » line of the syndics' letters. */
  syndicLetterSubject: z.string(),
  targets: z.number().int(),
  createdAt: z.string(),
});
export type ProspectingList = z.infer<typeof prospectingListSchema>;

/** Lists per page of `GET /api/prospecting/lists?page=`. */
export const LISTS_PAGE_SIZE = 50;
/** The orders of the lists: date created, name, number of targets. */
export const LIST_SORTS = ['created', 'name', 'targets'] as const;
/** `GET /api/prospecting/lists?page=&sort=&order=`; without `page`, every list (the page's list picker reads them all). */
export const listsQuerySchema = z.object(pageQueryFields(LIST_SORTS, 'created', 'asc'));
export type ListsQuery = z.infer<typeof listsQuerySchema>;

export const listsResponseSchema = z.object({ lists: z.array(prospectingListSchema), ...pageResponseFields(LIST_SORTS) });

export const createListBodySchema = z.object({ name: listNameSchema });
const subject = (what: string) => text(200, what).regex(/^[^\r\n]*$/, `${what}\u00a0: une seule ligne.`);
export const updateListBodySchema = z
  .object({
    name: listNameSchema.optional(),
    letterBody: text(8000, 'Le texte de la lettre').optional(),
    syndicLetterBody: text(8000, 'Le texte de la lettre aux syndics').optional(),
    letterSubject: subject('L’objet de la lettre').optional(),
    syndicLetterSubject: subject('L’objet de la lettre aux syndics').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Rien à modifier.');
export type UpdateListBody = z.infer<typeof updateListBodySchema>;

/**
 * A target's address in parts, for the recipient block of its letter: read from its source (the
 * DPE, the RNIC) when it is still there, else split from the address the target kept.
 */
export const postalPartsSchema = z.object({
  /** Flat, floor, building (« APP 1/69, rez-de-chaussée »), as the source typed it. */
  complement: z.string().nullable(),
  /** Number and street. */
  street: z.string(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
});
export type PostalParts = z.infer<typeof postalPartsSchema>;

export const targetSchema = z.object({
  id: z.string(),
  listId: z.string(),
  kind: z.enum(TARGET_KINDS),
  /** Reference in its source: DPE number, RNIC number, 14-character parcel id, or a BAN id / the address. */
  ref: z.string(),
  label: z.string(),
  address: z.string(),
  /** A legal entity's name (never a private person's), used for the salutation of the letter. */
  ownerName: z.string().nullable(),
  postal: postalPartsSchema,
  /** The owning company's SIREN, for a parcel whose legal-entity owner the target names. */
  ownerSiren: z.string().nullable(),
  /** Its registered office, when the annuaire des entreprises gave it: the letter goes there. */
  office: postalPartsSchema.nullable(),
  /**
   * A co-ownership's syndic as the RNIC names it today (a professional or a company; a volunteer's
   * name is not kept). The RNIC gives no syndic's address: letters to syndics go to the building.
   */
  syndicName: z.string().nullable(),
  status: z.enum(TARGET_STATUSES),
  nextAction: z.string().nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProspectingTarget = z.infer<typeof targetSchema>;

/** A target as a tool describes it: one of its results. */
const targetInputFields = {
  kind: z.enum(TARGET_KINDS, { error: 'Type de cible inconnu (dpe, copro, parcel ou address).' }),
  ref: text(200, 'La référence').min(1, 'La référence de la cible est obligatoire.'),
  label: text(300, 'Le libellé').min(1, 'Le libellé de la cible est obligatoire.'),
  address: text(300, 'L’adresse').default(''),
  ownerName: text(300, 'Le nom du propriétaire').nullable().optional(),
};
/** An existing list of the user, or `newListName` to create one on the way. */
const destinationFields = {
  listId: z.string().uuid('Liste inconnue.').optional(),
  newListName: listNameSchema.optional(),
};
const oneDestination = {
  check: (b: { listId?: string | undefined; newListName?: string | undefined }) =>
    (b.listId === undefined) !== (b.newListName === undefined),
  message: 'Choisissez une liste existante ou donnez le nom d’une nouvelle liste.',
};

export const addTargetBodySchema = z
  .object({ ...destinationFields, ...targetInputFields })
  .refine(oneDestination.check, { message: oneDestination.message, path: ['listId'] });
export type AddTargetBody = z.input<typeof addTargetBodySchema>;
export type TargetInput = Omit<AddTargetBody, 'listId' | 'newListName'>;

/** The rows an agent may add to a list in one go (a page of results is 50 to 100 rows). */
export const BULK_ADD_MAX = 500;

/** Several targets added to one list in one call (`POST /api/prospecting/targets/bulk`). */
export const addTargetsBodySchema = z
  .object({
    ...destinationFields,
    targets: z
      .array(z.object(targetInputFields))
      .min(1, 'Sélectionnez au moins une cible.')
      .max(BULK_ADD_MAX, `${BULK_ADD_MAX} cibles au plus par ajout.`),
  })
  .refine(oneDestination.check, { message: oneDestination.message, path: ['listId'] });
export type AddTargetsBody = z.input<typeof addTargetsBodySchema>;

/** How many targets went into the list, and how many were already there (never added twice). */
export const addTargetsResponseSchema = z.object({
  list: prospectingListSchema,
  added: z.number().int(),
  alreadyPresent: z.number().int(),
});
export type AddTargetsResponse = z.infer<typeof addTargetsResponseSchema>;

export const addTargetResponseSchema = z.object({ target: targetSchema, list: prospectingListSchema, created: z.boolean() });

export const updateTargetBodySchema = z
  .object({
    status: z.enum(TARGET_STATUSES, { error: 'Statut inconnu.' }).optional(),
    nextAction: calendarDateSchema('Date de prochaine action invalide (AAAA-MM-JJ attendu).').nullable().optional(),
    notes: text(4000, 'Les notes').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Rien à modifier.');
export type UpdateTargetBody = z.infer<typeof updateTargetBodySchema>;

export const TARGET_SORTS = ['created', 'status', 'nextAction', 'label'] as const;
/** Targets per page of /pro/prospection. */
export const TARGETS_PAGE_SIZE = 50;
/**
 * `GET /api/prospecting/lists/:id/targets?status=&kind=&q=&sort=&order=&page=`: the filters, then
 * the order (statuses in their pipeline order) and the page; without `page`, every target (the CSV
 * and the letters take the filters alone).
 */
export const targetsQuerySchema = z.object({
  status: z.enum(TARGET_STATUSES, { error: 'Statut inconnu.' }).optional(),
  kind: z.enum(TARGET_KINDS, { error: 'Type de cible inconnu.' }).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQueryFields(TARGET_SORTS, 'created', 'asc'),
});
export type TargetsQuery = z.infer<typeof targetsQuerySchema>;

export const targetsResponseSchema = z.object({
  list: prospectingListSchema,
  targets: z.array(targetSchema),
  ...pageResponseFields(TARGET_SORTS),
  /** Targets under the filters, on every page, by the letter they receive (owners', syndics'). */
  audiences: z.object({ owner: z.number().int(), syndic: z.number().int() }),
});
export type TargetsResponse = z.infer<typeof targetsResponseSchema>;

/** `POST /api/prospecting/lists/:id/offices`: the registered offices of the list's companies. */
export const officesResponseSchema = z.object({
  /** Companies (SIREN) the list's parcel targets name. */
  companies: z.number().int(),
  /** Of which the annuaire des entreprises gave the registered office. */
  withOffice: z.number().int(),
  /** Asked of the annuaire this time (the others were in the cache). */
  asked: z.number().int(),
  /** In French, when the annuaire could not be reached. */
  message: z.string().nullable(),
});
export type OfficesResponse = z.infer<typeof officesResponseSchema>;
