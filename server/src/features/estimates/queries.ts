/** Storage of value opinions and of the agency branding (migration 0300_market.sql). */
import type { Agency, EstimateResponse, SavedOpinion } from '@immoloupe/shared/market/estimate-contracts';
import { adjustedValue } from '@immoloupe/shared/market/estimate-contracts';
import type { Queryable } from '../../db/client.js';

interface OpinionRow {
  id: string;
  label: string;
  result: EstimateResponse;
  adjustment_pct: number;
  comment: string;
  has_photo: boolean;
  created_at: Date;
  updated_at: Date;
}

function toSaved(r: OpinionRow): SavedOpinion {
  const value = r.result.estimate?.value ?? null;
  return {
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    adjustmentPct: Number(r.adjustment_pct),
    comment: r.comment,
    finalValue: value === null ? null : adjustedValue(value, Number(r.adjustment_pct)),
    hasPhoto: r.has_photo,
    result: r.result,
  };
}

const COLUMNS = 'id, label, result, adjustment_pct, comment, photo IS NOT NULL AS has_photo, created_at, updated_at';

/** The opinion's columns from `label` to `comment`, in the order both statements below write them. */
function opinionValues(result: EstimateResponse, adjustmentPct: number, comment: string): unknown[] {
  return [
    result.subject.label,
    result.asOf,
    JSON.stringify(result.subject),
    result.excluded,
    result.added,
    JSON.stringify(result),
    adjustmentPct,
    comment,
  ];
}

export async function insertOpinion(
  db: Queryable,
  userId: string,
  result: EstimateResponse,
  adjustmentPct: number,
  comment: string,
): Promise<SavedOpinion> {
  const [row] = await db.query<OpinionRow>(
    `INSERT INTO value_opinions (user_id, label, as_of, subject, excluded, added, result, adjustment_pct, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [userId, ...opinionValues(result, adjustmentPct, comment)],
  );
  return toSaved(row as OpinionRow);
}

export async function updateOpinion(
  db: Queryable,
  userId: string,
  id: string,
  result: EstimateResponse,
  adjustmentPct: number,
  comment: string,
): Promise<SavedOpinion | null> {
  const [row] = await db.query<OpinionRow>(
    `UPDATE value_opinions SET label = $3, as_of = $4, subject = $5, excluded = $6, added = $7, result = $8, adjustment_pct = $9,
            comment = $10, updated_at = now()
      WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, ...opinionValues(result, adjustmentPct, comment)],
  );
  return row ? toSaved(row) : null;
}

export async function opinionById(db: Queryable, userId: string, id: string): Promise<SavedOpinion | null> {
  const [row] = await db.query<OpinionRow>(`SELECT ${COLUMNS} FROM value_opinions WHERE id = $1 AND user_id = $2`, [id, userId]);
  return row ? toSaved(row) : null;
}

export async function listOpinions(db: Queryable, userId: string): Promise<SavedOpinion[]> {
  const rows = await db.query<OpinionRow>(`SELECT ${COLUMNS} FROM value_opinions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 500`, [
    userId,
  ]);
  return rows.map(toSaved);
}

export async function deleteOpinion(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM value_opinions WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
  return rows.length > 0;
}

export async function setOpinionPhoto(
  db: Queryable,
  userId: string,
  id: string,
  photo: Buffer | null,
  type: string | null,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE value_opinions SET photo = $3, photo_type = $4, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId, photo, type],
  );
  return rows.length > 0;
}

export async function opinionPhoto(db: Queryable, userId: string, id: string): Promise<{ data: Buffer; type: string } | null> {
  const [row] = await db.query<{ photo: Uint8Array | null; photo_type: string | null }>(
    `SELECT photo, photo_type FROM value_opinions WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return row?.photo && row.photo_type ? { data: Buffer.from(row.photo), type: row.photo_type } : null;
}

export async function readAgency(db: Queryable, userId: string): Promise<Agency & { agentName: string; city: string; hasLogo: boolean }> {
  const [row] = await db.query<{ name: string; contact: string; agent_name: string; city: string; has_logo: boolean }>(
    `SELECT name, contact, agent_name, city, logo IS NOT NULL AS has_logo FROM agency_profiles WHERE user_id = $1`,
    [userId],
  );
  return {
    name: row?.name ?? '',
    contact: row?.contact ?? '',
    agentName: row?.agent_name ?? '',
    city: row?.city ?? '',
    hasLogo: row?.has_logo ?? false,
  };
}

export async function writeAgency(db: Queryable, userId: string, agency: Agency): Promise<void> {
  await db.query(
    `INSERT INTO agency_profiles (user_id, name, contact, agent_name, city) VALUES ($1, $2, $3, COALESCE($4, ''), COALESCE($5, ''))
     ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, contact = excluded.contact,
       agent_name = COALESCE($4, agency_profiles.agent_name), city = COALESCE($5, agency_profiles.city), updated_at = now()`,
    [userId, agency.name, agency.contact, agency.agentName ?? null, agency.city ?? null],
  );
}

export async function writeAgencyLogo(db: Queryable, userId: string, logo: Buffer | null, type: string | null): Promise<void> {
  await db.query(
    `INSERT INTO agency_profiles (user_id, logo, logo_type) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET logo = excluded.logo, logo_type = excluded.logo_type, updated_at = now()`,
    [userId, logo, type],
  );
}

export async function agencyLogo(db: Queryable, userId: string): Promise<{ data: Buffer; type: string } | null> {
  const [row] = await db.query<{ logo: Uint8Array | null; logo_type: string | null }>(
    `SELECT logo, logo_type FROM agency_profiles WHERE user_id = $1`,
    [userId],
  );
  return row?.logo && row.logo_type ? { data: Buffer.from(row.logo), type: row.logo_type } : null;
}
