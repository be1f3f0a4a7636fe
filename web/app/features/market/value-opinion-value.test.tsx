/** The value opinion's figures: rounded as an agent states them, the euro figure kept in the method line. */
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { ValueOpinionValue } from './value-opinion-value';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const RESULT: EstimateResponse = {
  subject: {
    label: '1 Rue de Test 64700 Hendaye',
    lon: -1.77,
    lat: 43.36,
    insee: '64260',
    type: 'appartement',
    surface: 60,
    rooms: 3,
    landSurface: null,
    dpe: null,
    notes: '',
    placedByBan: false,
  },
  asOf: '2023-06-30',
  steps: [{ radiusM: 500, months: 24, found: 5 }],
  used: { radiusM: 500, months: 24, from: '2021-07-01', to: '2023-06-30' },
  comparables: [],
  candidates: [],
  previousSales: [],
  excluded: [],
  added: [],
  estimate: { value: 189_044, low: 171_450, high: 204_480, count: 5, pricePerM2: { median: 3150.73, p25: 2857.5, p75: 3408 } },
  rent: null,
  margin: null,
  confidence: null,
};

/** Text without its no-break spaces, to compare with plain literals. */
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('value opinion figures', () => {
  it('shows the estimate, its range and the value retained to the thousand, and the euro figure in its method line', () => {
    render(
      <MantineProvider>
        <ValueOpinionValue result={RESULT} adjustment={5} setAdjustment={() => {}} finalValue={198_496} comment="" setComment={() => {}} />
      </MantineProvider>,
    );
    expect(plain(screen.getByTestId('estimate-value').textContent)).toBe('189 000 €');
    expect(plain(screen.getByTestId('estimate-calc').textContent)).toBe('3 151 €/m² × 60 m² = 189 044 €, arrondie au millier');
    expect(plain(screen.getByText(/Fourchette/).textContent)).toContain('171 000 € à 204 000 €');
    expect(plain(screen.getByTestId('final-value').textContent)).toContain('198 000 €');
  });

  it('says when the newest sale behind the estimate is more than a year old', () => {
    const show = (asOf: string) =>
      render(
        <MantineProvider>
          <ValueOpinionValue
            result={{ ...RESULT, asOf }}
            adjustment={0}
            setAdjustment={() => {}}
            finalValue={null}
            comment=""
            setComment={() => {}}
          />
        </MantineProvider>,
      );
    show('2022-12-30');
    expect(plain(screen.getByTestId('donnees-anciennes').textContent)).toMatch(/^Les ventes de référence s’arrêtent au 30\/12\/2022/);
    cleanup();
    show(new Date().toISOString().slice(0, 10));
    expect(screen.queryByTestId('donnees-anciennes')).toBeNull();
  });
});
