/**
 * Prospecting lists, subscriber-only (`/api/prospecting/*`): the user's named lists, the targets
 * added from the tools (DPE, co-ownership, parcel, address) with status, next action and notes,
 * their CSV export and the letters PDF. Every query is scoped to the signed-in user: another
 * user's list or target answers 404, as if it did not exist.
 */
import { formatDate } from '@immoloupe/shared/format';
import { csvLine } from '@immoloupe/shared/market/csv';
import { isHiddenOwnerName } from '@immoloupe/shared/owners/natural-person.logic';
import {
  addTargetBodySchema,
  addTargetsBodySchema,
  createListBodySchema,
  listsQuerySchema,
  type OfficesResponse,
  TARGET_KIND_LABELS,
  TARGET_STATUS_LABELS,
  targetsQuerySchema,
  updateListBodySchema,
  updateTargetBodySchema,
} from '@immoloupe/shared/prospecting/contracts';
import {
  DEFAULT_LETTER_BODY,
  DEFAULT_LETTER_SUBJECT,
  DEFAULT_SYNDIC_LETTER_BODY,
  DEFAULT_SYNDIC_LETTER_SUBJECT,
  listFileName,
  unknownMergeFields,
} from '@immoloupe/shared/prospecting/letters.logic';
import { parsePostalAddress } from '@immoloupe/shared/prospecting/postal.logic';
import { type Request, Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { type CompanyRegistry, companyOffices, REGISTRY_UNREACHABLE } from '../companies/index.js';
import { agencyLogo, readAgency } from '../estimates/index.js';
import { firstAddressesOfParcelIds } from '../parcels/index.js';
import { type PdfLimits, type PdfLog, renderHtmlPdf } from '../reports/index.js';
import { lettersHtml } from './letters.js';
import { ProspectingStore } from './queries.js';

const DEFAULTS = {
  owner: DEFAULT_LETTER_BODY,
  syndic: DEFAULT_SYNDIC_LETTER_BODY,
  ownerSubject: DEFAULT_LETTER_SUBJECT,
  syndicSubject: DEFAULT_SYNDIC_LETTER_SUBJECT,
};

/** Offices asked of the annuaire in one lookup call (about 15 s at 7 a second), and while printing letters. */
const OFFICES_PER_CALL = 100;
const OFFICES_PER_LETTERS = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_NOT_FOUND = 'Cette liste de prospection n’existe pas ou ne vous appartient pas.';
const TARGET_NOT_FOUND = 'Cette cible n’existe pas ou ne vous appartient pas.';
const NAME_TAKEN = 'Vous avez déjà une liste de ce nom.';

function userId(req: Request): string {
  return (req.user as { id: string }).id;
}

/**
 * The owner's name a target keeps: a legal entity's. A private person's name, or the notice the
 * tools show in its place, is not stored (the letter then goes to « Madame, Monsieur le Propriétaire »).
 */
function ownerNameToKeep(name: string | null | undefined): string | null {
  const n = name?.trim() || null;
  return n && !isHiddenOwnerName(n) ? n : null;
}

function idParam(req: Request, message: string): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw new HttpError(404, message);
  return id;
}

/**
 * A parcel target sent without a postal address (no postcode: a cadastral description such as
 * « Bondy, section AS n° 167 », or nothing, from a page older than the BAN addresses of the parcel
 * results) is kept at its parcel's first BAN address when the BAN has one, the one its sheet shows:
 * La Poste delivers no section number. An address the client sent with a postcode is kept as sent.
 * One lookup for all the targets, over open data only, for 14-character parcel ids only.
 */
async function withParcelAddresses<T extends { kind: string; ref: string; address: string }>(db: Db, targets: T[]): Promise<T[]> {
  const lacking = targets.filter((t) => t.kind === 'parcel' && parsePostalAddress(t.address).postcode === null);
  if (lacking.length === 0) return targets;
  const lacks = new Set(lacking);
  const ban = await firstAddressesOfParcelIds(
    db,
    lacking.map((t) => t.ref.toUpperCase()),
  );
  return targets.map((t) => {
    const address = lacks.has(t) ? ban[t.ref.toUpperCase()] : undefined;
    return address ? { ...t, address } : t;
  });
}

function checkLetterBody(body: string | undefined, which = 'la lettre') {
  if (body === undefined) return;
  const unknown = unknownMergeFields(body);
  if (unknown.length > 0)
    throw new HttpError(400, `Champ de fusion inconnu dans ${which}\u00a0: ${unknown.map((f) => `{${f}}`).join(', ')}.`);
}

export function prospectingRoutes({
  db,
  chromiumPath,
  log,
  pdfLimits,
  companies = null,
}: {
  db: Db;
  chromiumPath?: string | undefined;
  log?: PdfLog;
  pdfLimits?: PdfLimits;
  /** The annuaire des entreprises (registered offices); null: none asked, letters to the parcels' « gérance ». */
  companies?: CompanyRegistry | null;
}): Router {
  const router = Router();
  const store = new ProspectingStore(db, DEFAULTS);
  router.use('/prospecting', requireSubscriber, (_req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  });

  router.get('/prospecting/lists', async (req, res) => {
    res.json(await store.listsPage(userId(req), listsQuerySchema.parse(req.query)));
  });

  router.post('/prospecting/lists', async (req, res) => {
    const { name } = createListBodySchema.parse(req.body ?? {});
    const list = await store.createList(userId(req), name);
    if (!list) throw new HttpError(409, NAME_TAKEN);
    res.status(201).json(list);
  });

  router.patch('/prospecting/lists/:id', async (req, res) => {
    const id = idParam(req, LIST_NOT_FOUND);
    const patch = updateListBodySchema.parse(req.body ?? {});
    checkLetterBody(patch.letterBody);
    checkLetterBody(patch.syndicLetterBody, 'la lettre aux syndics');
    checkLetterBody(patch.letterSubject, 'l’objet de la lettre');
    checkLetterBody(patch.syndicLetterSubject, 'l’objet de la lettre aux syndics');
    const done = await store.updateList(userId(req), id, patch);
    if (done === 'taken') throw new HttpError(409, NAME_TAKEN);
    if (!done) throw new HttpError(404, LIST_NOT_FOUND);
    res.json(await store.list(userId(req), id));
  });

  router.delete('/prospecting/lists/:id', async (req, res) => {
    if (!(await store.deleteList(userId(req), idParam(req, LIST_NOT_FOUND)))) throw new HttpError(404, LIST_NOT_FOUND);
    res.status(204).end();
  });

  router.get('/prospecting/lists/:id/targets', async (req, res) => {
    const id = idParam(req, LIST_NOT_FOUND);
    const q = targetsQuerySchema.parse(req.query);
    const list = await store.list(userId(req), id);
    if (!list) throw new HttpError(404, LIST_NOT_FOUND);
    res.json({ list, ...(await store.targetsPage(userId(req), id, q)) });
  });

  router.get('/prospecting/lists/:id/targets.csv', async (req, res) => {
    const id = idParam(req, LIST_NOT_FOUND);
    const q = targetsQuerySchema.parse(req.query);
    const list = await store.list(userId(req), id);
    if (!list) throw new HttpError(404, LIST_NOT_FOUND);
    const targets = await store.targets(userId(req), id, q);
    const csv = [
      '\ufeff',
      csvLine(['Type', 'Référence', 'Libellé', 'Adresse', 'Personne morale', 'Statut', 'Prochaine action', 'Notes', 'Ajoutée le']),
      ...targets.map((t) =>
        csvLine([
          TARGET_KIND_LABELS[t.kind],
          t.ref,
          t.label,
          t.address,
          t.ownerName,
          TARGET_STATUS_LABELS[t.status],
          t.nextAction ? t.nextAction.split('-').reverse().join('/') : '',
          t.notes,
          // The Paris day of the moment it was added (a UTC slice is the day before until 1 or 2 a.m.).
          formatDate(t.createdAt),
        ]),
      ),
    ].join('');
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${listFileName('prospection', list.name, 'csv')}"`);
    res.send(csv);
  });

  // The registered offices of the list's companies, asked of the annuaire (cached, 7 calls a second):
  // the letters then go there. Offline, a French message; the letters go to the « gérance ».
  router.post('/prospecting/lists/:id/offices', async (req, res) => {
    const id = idParam(req, LIST_NOT_FOUND);
    const list = await store.list(userId(req), id);
    if (!list) throw new HttpError(404, LIST_NOT_FOUND);
    const sirens = new Set((await store.targets(userId(req), id)).flatMap((t) => (t.ownerSiren ? [t.ownerSiren] : [])));
    const found = await companyOffices(db, companies, sirens, OFFICES_PER_CALL);
    const after = await store.targets(userId(req), id);
    res.json({
      companies: sirens.size,
      withOffice: new Set(after.flatMap((t) => (t.office && t.ownerSiren ? [t.ownerSiren] : []))).size,
      asked: found.asked,
      message: companies ? found.unreachable : REGISTRY_UNREACHABLE,
    } satisfies OfficesResponse);
  });

  router.get('/prospecting/lists/:id/letters.pdf', async (req, res) => {
    const id = idParam(req, LIST_NOT_FOUND);
    const q = targetsQuerySchema.parse(req.query);
    const list = await store.list(userId(req), id);
    if (!list) throw new HttpError(404, LIST_NOT_FOUND);
    // A few offices not asked yet are asked now; the rest go to the « gérance » (the page offers the lookup).
    if (companies) {
      const before = await store.targets(userId(req), id, q);
      await companyOffices(
        db,
        companies,
        before.flatMap((t) => (t.ownerSiren ? [t.ownerSiren] : [])),
        OFFICES_PER_LETTERS,
      );
    }
    const targets = await store.targets(userId(req), id, q);
    if (targets.length === 0)
      throw new HttpError(400, 'Aucune cible dans cette liste (ou avec ces filtres)\u00a0: aucune lettre à imprimer.');
    const agency = await readAgency(db, userId(req));
    if (!agency.name.trim())
      throw new HttpError(
        400,
        'Renseignez d’abord le nom de votre agence dans «\u00a0Modèle de rapport\u00a0»\u00a0: il signe les lettres.',
      );
    const logo = agency.hasLogo ? await agencyLogo(db, userId(req)) : null;
    const pdf = await renderHtmlPdf(
      lettersHtml(
        targets,
        {
          owner: { subject: list.letterSubject, body: list.letterBody },
          syndic: { subject: list.syndicLetterSubject, body: list.syndicLetterBody },
        },
        { ...agency, logo },
        new Date(),
      ),
      chromiumPath,
      log,
      pdfLimits,
    );
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${listFileName('lettres-prospection', list.name, 'pdf')}"`);
    res.send(pdf);
  });

  router.post('/prospecting/targets', async (req, res) => {
    const body = addTargetBodySchema.parse(req.body ?? {});
    const uid = userId(req);
    let list = body.listId ? await store.list(uid, body.listId) : null;
    if (body.listId && !list) throw new HttpError(404, LIST_NOT_FOUND);
    if (body.newListName) list = (await store.createList(uid, body.newListName)) ?? (await store.listByName(uid, body.newListName));
    if (!list) throw new HttpError(404, LIST_NOT_FOUND);
    const [sent = body] = await withParcelAddresses(db, [body]);
    const { target, created } = await store.addTarget(list.id, {
      kind: body.kind,
      ref: body.ref,
      label: body.label,
      address: sent.address,
      ownerName: ownerNameToKeep(body.ownerName),
    });
    res.status(created ? 201 : 200).json({ target, list: await store.list(uid, list.id), created });
  });

  // Several rows of a tool's results at once: one statement, in the list chosen or a new one. Another
  // user's list answers as a missing one.
  router.post('/prospecting/targets/bulk', async (req, res) => {
    const body = addTargetsBodySchema.parse(req.body ?? {});
    const targets = await withParcelAddresses(db, body.targets);
    const uid = userId(req);
    const result = await db.transaction(async (tx) => {
      const txStore = new ProspectingStore(tx, DEFAULTS);
      let list = body.listId ? await txStore.list(uid, body.listId) : null;
      if (body.newListName) list = (await txStore.createList(uid, body.newListName)) ?? (await txStore.listByName(uid, body.newListName));
      if (!list) return null;
      const counts = await txStore.addTargets(
        list.id,
        targets.map((t) => ({ ...t, ownerName: ownerNameToKeep(t.ownerName) })),
      );
      return { ...counts, list: (await txStore.list(uid, list.id)) as NonNullable<typeof list> };
    });
    if (!result) throw new HttpError(404, LIST_NOT_FOUND);
    res.status(result.added > 0 ? 201 : 200).json(result);
  });

  router.patch('/prospecting/targets/:id', async (req, res) => {
    const id = idParam(req, TARGET_NOT_FOUND);
    const patch = updateTargetBodySchema.parse(req.body ?? {});
    const target = await store.updateTarget(userId(req), id, patch);
    if (!target) throw new HttpError(404, TARGET_NOT_FOUND);
    res.json(target);
  });

  router.delete('/prospecting/targets/:id', async (req, res) => {
    if (!(await store.deleteTarget(userId(req), idParam(req, TARGET_NOT_FOUND)))) throw new HttpError(404, TARGET_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
