/** A user's « ma zone » in the account export: its outline, communes and what the dashboard last showed. */
import { type AccountDataPart, iso } from '../../auth/account-data.js';

export const zoneAccountData: readonly AccountDataPart[] = [
  {
    key: 'myZone',
    tables: ['user_territories'],
    async export(db, userId) {
      const [territory] = await db.query<{
        geometry: unknown;
        communes: string[];
        updated_at: Date;
        last_visit_at: Date | null;
        seen_dvf_date: string | null;
        seen_dpe_date: string | null;
      }>('SELECT geometry, communes, updated_at, last_visit_at, seen_dvf_date, seen_dpe_date FROM user_territories WHERE user_id = $1', [
        userId,
      ]);
      return territory
        ? {
            geometry: territory.geometry,
            communes: territory.communes,
            updatedAt: iso(territory.updated_at),
            lastVisitAt: iso(territory.last_visit_at),
            seenDvfDate: territory.seen_dvf_date,
            seenDpeDate: territory.seen_dpe_date,
          }
        : null;
    },
  },
];
