import type { TerritoryChanges } from '@immoloupe/shared/zone/contracts';
import { describe, expect, it } from 'vitest';
import { mandatesTile, salesLink, salesTile } from './zone-dashboard';

const BONDY: TerritoryChanges = {
  since: null,
  dvf: { newSales: 101, sinceDate: '2022-09-30', latestDate: '2022-12-30' },
  dpe: { newPassoires: 0, sinceDate: null, latestDate: null },
  copro: { mandatesEnding: 8, asOf: '2026-01-03', until: '2026-07-03' },
};

describe('salesLink', () => {
  it('opens the transactions of « ma zone » over the period the tile counts', () => {
    expect(salesLink('2022-09-30', '2022-12-30')).toBe('/pro/transactions?lieu=mazone&zone=mine&from=2022-10-01&to=2022-12-30');
    expect(salesLink('2024-02-28', '2024-03-31')).toBe('/pro/transactions?lieu=mazone&zone=mine&from=2024-02-29&to=2024-03-31');
    expect(salesLink(null, null)).toBe('/pro/transactions?lieu=mazone&zone=mine');
  });

  it('never sends a start after the end when no newer sale came since the last visit', () => {
    expect(salesLink('2022-12-30', '2022-12-30')).toBe('/pro/transactions?lieu=mazone&zone=mine');
  });
});

describe('salesTile', () => {
  it('calls the first visit’s sales what they are, with their dates, not « nouvelles »', () => {
    expect(salesTile(BONDY)).toEqual({
      title: 'Ventes des 3 derniers mois de données',
      detail: 'Ventes du 01/10/2022 au 30/12/2022 (données DVF jusqu’au 30/12/2022).',
      to: '/pro/transactions?lieu=mazone&zone=mine&from=2022-10-01&to=2022-12-30',
      link: 'Voir ces ventes',
    });
  });

  it('says when nothing newer came since the last visit', () => {
    const next = { ...BONDY, since: '2026-11-26T10:00:00Z', dvf: { newSales: 0, sinceDate: '2022-12-30', latestDate: '2022-12-30' } };
    expect(salesTile(next)).toMatchObject({
      title: 'Ventes DVF importées depuis votre visite',
      detail: 'Aucune vente datée après le 30/12/2022 (données DVF jusqu’au 30/12/2022).',
      link: 'Voir les ventes de la zone',
    });
  });
});

describe('mandatesTile', () => {
  it('says that the mandates of a window counted from an older RNIC have ended by today', () => {
    expect(mandatesTile(BONDY, '2026-11-27').detail).toBe(
      'Fins du 03/01/2026 au 02/07/2026, les 6\u00a0mois qui suivent la date des données RNIC. Toutes sont passées au 27/11/2026\u00a0: mandats échus, renouvellement non connu au RNIC du 03/01/2026.',
    );
    expect(mandatesTile(BONDY, '2026-01-03').detail).toBe(
      'Fins du 03/01/2026 au 02/07/2026, les 6\u00a0mois qui suivent la date des données RNIC.',
    );
  });
});
