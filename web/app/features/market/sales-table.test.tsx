/** The list of sales marks those the plausibility bounds leave out of the statistics, under their €/m². */
import type { Transaction } from '@immoloupe/shared/market/transactions-contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { SalesTable } from './sales-table';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const SALE: Transaction = {
  id: '2022-1',
  date: '2022-03-14',
  nature: 'Vente',
  price: 13_000,
  address: '12 Rue Jules Guesde',
  codePostal: '93140',
  commune: 'Bondy',
  insee: '93010',
  types: ['appartement'],
  surface: 30,
  rooms: 1,
  pricePerM2: 433.33,
  landSurface: null,
  nbLocaux: 1,
  single: true,
  outlier: true,
  idParcelle: '93010000AS0167',
  lon: 2.48,
  lat: 48.9,
};

describe('SalesTable', () => {
  it('says « hors bornes » under an implausible €/m², and why on hover', () => {
    render(
      <MantineProvider>
        <SalesTable rows={[SALE, { ...SALE, id: '2022-2', price: 180_000, pricePerM2: 6000, outlier: false }]} />
      </MantineProvider>,
    );
    const marks = screen.getAllByTestId('outlier');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('hors bornes');
    expect(marks[0]?.getAttribute('title')).toMatch(/^Vente écartée des statistiques/);
    expect(marks[0]?.closest('tr')?.textContent).toContain('13\u202f000\u00a0€');
  });
});
