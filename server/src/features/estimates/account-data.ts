/** A user's value opinions (with their photo) and report letterhead (with its logo) in the account export. */
import { type AccountDataPart, dataUrl, iso } from '../../auth/account-data.js';

export const estimateAccountData: readonly AccountDataPart[] = [
  {
    key: 'valueOpinions',
    tables: ['value_opinions'],
    async export(db, userId) {
      const opinions = await db.query<{
        label: string;
        as_of: string;
        subject: unknown;
        excluded: string[];
        added: string[];
        result: unknown;
        adjustment_pct: number;
        comment: string;
        photo: Uint8Array | null;
        photo_type: string | null;
        created_at: Date;
        updated_at: Date;
      }>(
        `SELECT label, as_of, subject, excluded, added, result, adjustment_pct, comment, photo, photo_type, created_at, updated_at
           FROM value_opinions WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      );
      return opinions.map((o) => ({
        label: o.label,
        asOf: o.as_of,
        subject: o.subject,
        excluded: o.excluded,
        added: o.added,
        result: o.result,
        adjustmentPct: o.adjustment_pct,
        comment: o.comment,
        photo: dataUrl(o.photo, o.photo_type),
        createdAt: iso(o.created_at),
        updatedAt: iso(o.updated_at),
      }));
    },
  },
  {
    key: 'reportLetterhead',
    tables: ['agency_profiles'],
    async export(db, userId) {
      const [agency] = await db.query<{
        name: string;
        contact: string;
        logo: Uint8Array | null;
        logo_type: string | null;
        updated_at: Date;
      }>('SELECT name, contact, logo, logo_type, updated_at FROM agency_profiles WHERE user_id = $1', [userId]);
      return agency
        ? { name: agency.name, contact: agency.contact, logo: dataUrl(agency.logo, agency.logo_type), updatedAt: iso(agency.updated_at) }
        : null;
    },
  },
];
