/**
 * The list of sales marks those the plausibility bounds leave out of the statistics, under their
 * €/m²; on a phone a sale is a card whose key figures come first.
 */
import type { Transaction } from '@immoloupe/shared/market/transactions-contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { SalesTable } from './sales-table';

beforeEach(installMantineDomShims);
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

describe('SalesTable on a phone', () => {
  it('shows each sale as a card: price, €/m², surface and date first, then the address, and « Ouvrir »', async () => {
    installPhoneViewport();
    const onSelect = vi.fn();
    render(
      <MantineProvider>
        <SalesTable rows={[{ ...SALE, outlier: false }]} onSelect={onSelect} />
      </MantineProvider>,
    );
    const card = (await screen.findByRole('list', { name: 'Tableau des ventes' })).querySelector('li') as HTMLElement;
    const text = card.textContent ?? '';
    const at = (s: string) => text.indexOf(s);
    expect(at('13\u202f000\u00a0€')).toBe('Prix'.length);
    expect(at('433\u00a0€/m²')).toBeGreaterThan(at('13\u202f000\u00a0€'));
    expect(at('30\u00a0m²')).toBeGreaterThan(at('433\u00a0€/m²'));
    expect(at('14/03/2022')).toBeGreaterThan(at('30\u00a0m²'));
    expect(at('12 Rue Jules Guesde')).toBeGreaterThan(at('14/03/2022'));
    fireEvent.click(screen.getByRole('button', { name: /^Ouvrir la vente du 14\/03\/2022/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: SALE.id }));
  });
});
