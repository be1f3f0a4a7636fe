/** A user's prospecting lists, their letters and targets, in the account export (the targets go with their list). */
import { type AccountDataPart, iso } from '../../auth/account-data.js';

export const prospectingAccountData: readonly AccountDataPart[] = [
  {
    key: 'prospectingLists',
    tables: ['prospecting_lists'],
    async export(db, userId) {
      const lists = await db.query<{
        id: string;
        name: string;
        letter_body: string | null;
        syndic_letter_body: string | null;
        letter_subject: string | null;
        syndic_letter_subject: string | null;
        created_at: Date;
      }>(
        `SELECT id, name, letter_body, syndic_letter_body, letter_subject, syndic_letter_subject, created_at
           FROM prospecting_lists WHERE user_id = $1 ORDER BY created_at, name`,
        [userId],
      );
      const targets = await db.query<{
        list_id: string;
        kind: string;
        ref: string;
        label: string;
        address: string;
        owner_name: string | null;
        status: string;
        next_action: string | null;
        notes: string;
        created_at: Date;
        updated_at: Date;
      }>(
        `SELECT t.list_id, t.kind, t.ref, t.label, t.address, t.owner_name, t.status, t.next_action, t.notes, t.created_at, t.updated_at
           FROM prospecting_targets t JOIN prospecting_lists l ON l.id = t.list_id WHERE l.user_id = $1 ORDER BY t.created_at, t.ref`,
        [userId],
      );
      return lists.map((l) => ({
        name: l.name,
        letterBody: l.letter_body,
        syndicLetterBody: l.syndic_letter_body,
        letterSubject: l.letter_subject,
        syndicLetterSubject: l.syndic_letter_subject,
        createdAt: iso(l.created_at),
        targets: targets
          .filter((t) => t.list_id === l.id)
          .map((t) => ({
            kind: t.kind,
            ref: t.ref,
            label: t.label,
            address: t.address,
            ownerName: t.owner_name,
            status: t.status,
            nextAction: t.next_action,
            notes: t.notes,
            createdAt: iso(t.created_at),
            updatedAt: iso(t.updated_at),
          })),
      }));
    },
  },
];
