/** Storage of the prospecting lists and targets (migration 0700_prospecting.sql); every query is scoped to its user. */
import { displaySyndicName } from '@immoloupe/shared/address-display';
import { complementBesidesFloor, dpeFloor, dpePostalAddress, floorLabel } from '@immoloupe/shared/dpe/dpe-address.logic';
import { pageWindow } from '@immoloupe/shared/paging';
import {
  LISTS_PAGE_SIZE,
  type ListsQuery,
  type PostalParts,
  type ProspectingList,
  type ProspectingTarget,
  TARGETS_PAGE_SIZE,
  type TargetsQuery,
  type UpdateListBody,
  type UpdateTargetBody,
} from '@immoloupe/shared/prospecting/contracts';
import { parsePostalAddress } from '@immoloupe/shared/prospecting/postal.logic';
import type { Queryable } from '../../db/client.js';
import { dpeAddressSql } from '../dpe/index.js';

interface ListRow {
  id: string;
  name: string;
  letter_body: string | null;
  syndic_letter_body: string | null;
  letter_subject: string | null;
  syndic_letter_subject: string | null;
  targets: number;
  created_at: string | Date;
}

interface TargetRow {
  id: string;
  list_id: string;
  kind: ProspectingTarget['kind'];
  ref: string;
  label: string;
  address: string;
  owner_name: string | null;
  status: ProspectingTarget['status'];
  next_action: string | null;
  notes: string;
  created_at: string | Date;
  updated_at: string | Date;
  /** From the RNIC, for a co-ownership still registered. */
  syndic: string | null;
  copro_street: string | null;
  copro_postcode: string | null;
  copro_town: string | null;
  /** From the DPE, while it is imported. */
  dpe_address: string | null;
  dpe_postcode: string | null;
  dpe_town: string | null;
  dpe_complement: string | null;
  dpe_floor: number | null;
  /** The owning company of a parcel the target names, and its office when the annuaire gave it. */
  owner_siren: string | null;
  office_complement: string | null;
  office_street: string | null;
  office_postcode: string | null;
  office_town: string | null;
}

/** A target as a tool sent it, before it is in a list. */
export interface NewTarget {
  kind: string;
  ref: string;
  label: string;
  address: string;
  ownerName: string | null;
}

const iso = (d: string | Date) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The bodies and « Objet » lines a list gets until its user writes their own. */
export interface DefaultBodies {
  owner: string;
  syndic: string;
  ownerSubject: string;
  syndicSubject: string;
}

function toList(r: ListRow, defaults: DefaultBodies): ProspectingList {
  return {
    id: r.id,
    name: r.name,
    letterBody: r.letter_body ?? defaults.owner,
    syndicLetterBody: r.syndic_letter_body ?? defaults.syndic,
    letterSubject: r.letter_subject ?? defaults.ownerSubject,
    syndicLetterSubject: r.syndic_letter_subject ?? defaults.syndicSubject,
    targets: Number(r.targets),
    createdAt: iso(r.created_at),
  };
}

/**
 * The address in parts: its source's when the DPE or the co-ownership is still imported (the
 * complement kept apart, not split from a label at its commas), else split from the kept address.
 */
function postalOf(r: TargetRow): PostalParts {
  const kept = parsePostalAddress(r.address || r.label);
  if (r.dpe_address || r.dpe_postcode) {
    const postal = parsePostalAddress(dpePostalAddress({ address: r.dpe_address, codePostal: r.dpe_postcode, commune: r.dpe_town }));
    const floor = dpeFloor({ complement: r.dpe_complement, etage: r.dpe_floor });
    const complement = [complementBesidesFloor(r.dpe_complement), floor === null ? null : floorLabel(floor)].filter(Boolean).join(', ');
    return { ...postal, complement: complement || null };
  }
  if (r.copro_street && r.copro_postcode)
    return { complement: null, street: r.copro_street, postcode: r.copro_postcode, town: r.copro_town ?? kept.town };
  return kept;
}

function toTarget(r: TargetRow): ProspectingTarget {
  return {
    id: r.id,
    listId: r.list_id,
    kind: r.kind,
    ref: r.ref,
    label: r.label,
    address: r.address,
    ownerName: r.owner_name,
    postal: postalOf(r),
    ownerSiren: r.owner_siren,
    office:
      r.office_street && r.office_town
        ? { complement: r.office_complement, street: r.office_street, postcode: r.office_postcode, town: r.office_town }
        : null,
    syndicName: r.syndic ? displaySyndicName(r.syndic) : null,
    status: r.status,
    nextAction: r.next_action,
    notes: r.notes,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const LIST_COLUMNS = `l.id, l.name, l.letter_body, l.syndic_letter_body, l.letter_subject, l.syndic_letter_subject, l.created_at,
  (SELECT count(*)::int FROM prospecting_targets t WHERE t.list_id = l.id) AS targets`;
/** A target with what its source says of it today: the syndic of a co-ownership, the address parts of a DPE. */
const TARGETS_FROM = `SELECT t.id, t.list_id, t.kind, t.ref, t.label, t.address, t.owner_name, t.status,
       to_char(t.next_action, 'YYYY-MM-DD') AS next_action, t.notes, t.created_at, t.updated_at,
       c.raison_sociale_syndic AS syndic, c.numero_et_voie AS copro_street, c.code_postal AS copro_postcode, c.commune AS copro_town,
       ${dpeAddressSql('d')} AS dpe_address, d.code_postal_ban AS dpe_postcode, d.nom_commune_ban AS dpe_town,
       d.complement_adresse_logement AS dpe_complement, d.numero_etage_appartement AS dpe_floor,
       os.siren AS owner_siren, co.complement AS office_complement, co.street AS office_street, co.postcode AS office_postcode,
       co.town AS office_town
  FROM prospecting_targets t
  LEFT JOIN copros c ON t.kind = 'copro' AND c.numero_immatriculation = t.ref
  LEFT JOIN dpe d ON t.kind = 'dpe' AND d.numero_dpe = t.ref
  -- The SIREN of the company a parcel target names (the owners file keeps no person's).
  LEFT JOIN LATERAL (SELECT o.siren FROM parcel_owners o
                      WHERE t.kind = 'parcel' AND o.id_parcelle = t.ref AND o.denomination = t.owner_name AND o.siren ~ '^[0-9]{9}$'
                      ORDER BY o.siren LIMIT 1) os ON true
  LEFT JOIN company_offices co ON co.siren = os.siren AND co.found`;

export class ProspectingStore {
  constructor(
    private readonly db: Queryable,
    private readonly defaultBodies: DefaultBodies,
  ) {}

  async lists(userId: string): Promise<ProspectingList[]> {
    return (await this.listsPage(userId, { sort: 'created', order: 'asc' })).lists;
  }

  /** One page of the user's lists (every one without `page`) and how many they have. */
  async listsPage(userId: string, q: Omit<ListsQuery, 'page'> & { page?: number | undefined }) {
    const dir = q.order === 'desc' ? 'DESC' : 'ASC';
    const column = { created: 'l.created_at', name: 'lower(l.name)', targets: 'targets' }[q.sort];
    const { limit, offset } = pageWindow(q.page, LISTS_PAGE_SIZE);
    const [rows, [n]] = await Promise.all([
      this.db.query<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM prospecting_lists l WHERE l.user_id = $1
          ORDER BY ${column} ${dir}, l.created_at, l.name, l.id LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
      this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM prospecting_lists WHERE user_id = $1', [userId]),
    ]);
    const total = n?.n ?? 0;
    const pageSize = q.page === undefined ? Math.max(total, 1) : LISTS_PAGE_SIZE;
    return { lists: rows.map((r) => toList(r, this.defaultBodies)), total, page: q.page ?? 1, pageSize, sort: q.sort, order: q.order };
  }

  async list(userId: string, id: string): Promise<ProspectingList | null> {
    const [row] = await this.db.query<ListRow>(`SELECT ${LIST_COLUMNS} FROM prospecting_lists l WHERE l.user_id = $1 AND l.id = $2`, [
      userId,
      id,
    ]);
    return row ? toList(row, this.defaultBodies) : null;
  }

  /** The new list, or null when the user already has one of that name. */
  async createList(userId: string, name: string): Promise<ProspectingList | null> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO prospecting_lists (user_id, name) VALUES ($1, $2) ON CONFLICT (user_id, name) DO NOTHING RETURNING id`,
      [userId, name],
    );
    return row ? this.list(userId, row.id) : null;
  }

  async listByName(userId: string, name: string): Promise<ProspectingList | null> {
    const [row] = await this.db.query<{ id: string }>(`SELECT id FROM prospecting_lists WHERE user_id = $1 AND name = $2`, [userId, name]);
    return row ? this.list(userId, row.id) : null;
  }

  /** False when the list is not the user's, or the new name is taken ('taken'). */
  async updateList(userId: string, id: string, patch: UpdateListBody) {
    if (patch.name !== undefined) {
      const [clash] = await this.db.query(`SELECT 1 FROM prospecting_lists WHERE user_id = $1 AND name = $2 AND id <> $3`, [
        userId,
        patch.name,
        id,
      ]);
      if (clash) return 'taken' as const;
    }
    const rows = await this.db.query(
      `UPDATE prospecting_lists SET name = coalesce($3, name), letter_body = coalesce($4, letter_body),
              syndic_letter_body = coalesce($5, syndic_letter_body), letter_subject = coalesce($6, letter_subject),
              syndic_letter_subject = coalesce($7, syndic_letter_subject)
        WHERE user_id = $1 AND id = $2 RETURNING id`,
      [
        userId,
        id,
        patch.name ?? null,
        patch.letterBody ?? null,
        patch.syndicLetterBody ?? null,
        patch.letterSubject ?? null,
        patch.syndicLetterSubject ?? null,
      ],
    );
    return rows.length > 0;
  }

  async deleteList(userId: string, id: string): Promise<boolean> {
    return (await this.db.query(`DELETE FROM prospecting_lists WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, id])).length > 0;
  }

  /** Adds the target to the list, or returns the one already there (`created` false). */
  async addTarget(listId: string, t: NewTarget): Promise<{ target: ProspectingTarget; created: boolean }> {
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO prospecting_targets (list_id, kind, ref, label, address, owner_name) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (list_id, kind, ref) DO NOTHING RETURNING id`,
      [listId, t.kind, t.ref, t.label, t.address, t.ownerName],
    );
    const [row] = await this.db.query<TargetRow>(`${TARGETS_FROM} WHERE t.list_id = $1 AND t.kind = $2 AND t.ref = $3`, [
      listId,
      t.kind,
      t.ref,
    ]);
    return { target: toTarget(row as TargetRow), created: inserted.length > 0 };
  }

  /**
   * Adds the targets to the list in one statement; a target already in the list (or twice in
   * `items`) is not added again. The list must be the user's: the caller checked it.
   */
  async addTargets(listId: string, items: readonly NewTarget[]): Promise<{ added: number; alreadyPresent: number }> {
    const unique = [...new Map(items.map((t) => [`${t.kind}\u0000${t.ref}`, t])).values()];
    const column = (pick: (t: NewTarget) => string | null) => unique.map(pick);
    const inserted = await this.db.query<{ id: string }>(
      // A microsecond apart in the order sent: the list's default sort (by date added) keeps the page's order.
      `INSERT INTO prospecting_targets (list_id, kind, ref, label, address, owner_name, created_at, updated_at)
       SELECT $1, kind, ref, label, address, owner_name, now() + (n - 1) * interval '1 microsecond', now()
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS u(kind, ref, label, address, owner_name, n)
       ON CONFLICT (list_id, kind, ref) DO NOTHING RETURNING id`,
      [listId, column((t) => t.kind), column((t) => t.ref), column((t) => t.label), column((t) => t.address), column((t) => t.ownerName)],
    );
    return { added: inserted.length, alreadyPresent: unique.length - inserted.length };
  }

  /** Every target of the list under the filters, in the order asked (the page, if any, is left out). */
  async targets(userId: string, listId: string, q: Partial<TargetsQuery> = {}): Promise<ProspectingTarget[]> {
    return (await this.targetsPage(userId, listId, { ...q, page: undefined })).targets;
  }

  /**
   * One page of the list's targets under the filters (every one without `page`), how many there are
   * on every page, and how many receive the owners' and the syndics' letter (`audienceOf`).
   */
  async targetsPage(userId: string, listId: string, q: Partial<TargetsQuery>) {
    const where = ['l.user_id = $1', 't.list_id = $2'];
    const params: unknown[] = [userId, listId];
    if (q.status) where.push(`t.status = $${params.push(q.status)}`);
    if (q.kind) where.push(`t.kind = $${params.push(q.kind)}`);
    if (q.q) where.push(`(t.label || ' ' || t.address || ' ' || t.notes) ILIKE $${params.push(`%${q.q.replace(/[%_\\]/g, '\\$&')}%`)}`);
    const sort = q.sort ?? 'created';
    const order = q.order ?? 'asc';
    const dir = order === 'desc' ? 'DESC' : 'ASC';
    // The order chosen, then the date added and the id, so that pages never overlap.
    const first = {
      created: `t.created_at ${dir}`,
      // Pipeline order of the statuses, not alphabetical.
      status: `array_position(ARRAY['a_contacter','contacte','rendez_vous','mandat_signe','perdu'], t.status) ${dir}, t.next_action NULLS LAST`,
      nextAction: `t.next_action ${dir} NULLS LAST`,
      label: `t.label ${dir}`,
    }[sort];
    const { limit, offset } = pageWindow(q.page, TARGETS_PAGE_SIZE);
    const from = `FROM prospecting_targets t JOIN prospecting_lists l ON l.id = t.list_id WHERE ${where.join(' AND ')}`;
    const [rows, [n]] = await Promise.all([
      this.db.query<TargetRow>(
        `${TARGETS_FROM} JOIN prospecting_lists l ON l.id = t.list_id
          WHERE ${where.join(' AND ')} ORDER BY ${first}, t.created_at, t.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      this.db.query<{ n: number; syndic: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE t.kind = 'copro' AND coalesce(btrim(t.owner_name), '') = '')::int AS syndic ${from}`,
        params,
      ),
    ]);
    const total = n?.n ?? 0;
    const syndic = n?.syndic ?? 0;
    return {
      targets: rows.map(toTarget),
      total,
      page: q.page ?? 1,
      pageSize: q.page === undefined ? Math.max(total, 1) : TARGETS_PAGE_SIZE,
      sort,
      order,
      audiences: { owner: total - syndic, syndic },
    };
  }

  async updateTarget(userId: string, id: string, patch: UpdateTargetBody): Promise<ProspectingTarget | null> {
    const sets: string[] = ['updated_at = now()'];
    const params: unknown[] = [userId, id];
    if (patch.status !== undefined) sets.push(`status = $${params.push(patch.status)}`);
    if (patch.nextAction !== undefined) sets.push(`next_action = $${params.push(patch.nextAction)}::date`);
    if (patch.notes !== undefined) sets.push(`notes = $${params.push(patch.notes)}`);
    const [row] = await this.db.query<{ id: string }>(
      `UPDATE prospecting_targets t SET ${sets.join(', ')}
        FROM prospecting_lists l WHERE l.id = t.list_id AND l.user_id = $1 AND t.id = $2 RETURNING t.id`,
      params,
    );
    if (!row) return null;
    const [full] = await this.db.query<TargetRow>(`${TARGETS_FROM} WHERE t.id = $1`, [id]);
    return full ? toTarget(full) : null;
  }

  async deleteTarget(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.query(
      `DELETE FROM prospecting_targets t USING prospecting_lists l WHERE l.id = t.list_id AND l.user_id = $1 AND t.id = $2 RETURNING t.id`,
      [userId, id],
    );
    return rows.length > 0;
  }
}
