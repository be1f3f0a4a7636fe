/**
 * « Avis de valeur »: the asking price, fees included at a rate or net seller, is sent to the server
 * with the adjustment, and the margin shown is the one it answers; the « Net vendeur » switch moves
 * the margin by the fee amount. The confidence figure is shown with the estimate.
 */
import { roundEstimate } from '@immoloupe/shared/format';
import { adjustedValue, type EstimateResponse, type SavedOpinion } from '@immoloupe/shared/market/estimate-contracts';
import { opinionMargin } from '@immoloupe/shared/market/opinion-pricing.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ValueOpinionTool } from './value-opinion';
import { FEES_RATE_NEEDED } from './value-opinion-margin';

vi.mock('~/features/map/map-view', () => ({ MapView: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESULT: EstimateResponse = {
  subject: {
    label: '139 Avenue Carnot 93140 Bondy',
    lon: 2.479688,
    lat: 48.895901,
    insee: '93010',
    type: 'appartement',
    surface: 54,
    rooms: 3,
    landSurface: null,
    dpe: null,
    notes: '',
    placedByBan: true,
  },
  asOf: '2022-12-30',
  steps: [{ radiusM: 500, months: 24, found: 8 }],
  used: { radiusM: 500, months: 24, from: '2021-01-01', to: '2022-12-30' },
  comparables: [],
  candidates: [],
  previousSales: [],
  excluded: [],
  added: [],
  estimate: { value: 200_000, low: 185_000, high: 215_000, count: 8, pricePerM2: { median: 3703.7, p25: 3426, p75: 3981 } },
  rent: null,
  margin: null,
  confidence: {
    level: 'moyenne',
    measured: { scope: 'commune', code: '93010', place: 'Bondy', testYear: '2022', n: 230, mdape: 0.14 },
    comparables: 8,
    spread: 0.15,
  },
};

const OPINION: SavedOpinion = {
  id: 'op1',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  adjustmentPct: 0,
  comment: '',
  finalValue: 200_000,
  hasPhoto: false,
  result: RESULT,
};

type Body = {
  adjustmentPct: number;
  pricing: { askingPrice: number; fees: { basis: 'honoraires-inclus' | 'net-vendeur'; ratePct: number | null } } | null;
};

/** The API as the server answers: the margin of the pricing sent, against the value retained. */
function serve() {
  const sent: Body[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/estimates/saved') return json([]);
      if (url === '/api/reports/status') return json({ pdf: false });
      if (url === '/api/estimates/saved/op1') return json(OPINION);
      if (url === '/api/estimates' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Body;
        sent.push(body);
        const value = roundEstimate(adjustedValue(200_000, body.adjustmentPct));
        const margin = body.pricing ? opinionMargin(body.pricing.askingPrice, body.pricing.fees, value) : null;
        return json({ ...RESULT, margin });
      }
      return json({ message: 'inconnu' }, 404);
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/pro/avisdevaleur?id=op1']}>
        <ValueOpinionTool />
      </MemoryRouter>
    </MantineProvider>,
  );
  return sent;
}

const marginText = () => screen.getByTestId('opinion-margin').textContent ?? '';
const euros = (text: string) => Number((/marge de négociation ([\d\u202f]+)\u00a0€/.exec(text)?.[1] ?? '').replaceAll('\u202f', ''));

describe('value opinion asking price and fees', () => {
  it('sends the fees with the asking price, shows the server’s margin, and the net seller switch moves it by the fees', async () => {
    const sent = serve();
    const asking = await screen.findByRole('textbox', { name: 'Prix demandé par le vendeur' });
    expect(screen.getByTestId('confidence').textContent).toBe(
      'Fiabilité moyenne — écart médian mesuré 14\u00a0% sur 230 ventes de la commune (Bondy, 2022)\u00a0; 8 comparables, dispersion des prix au m² 15\u00a0%.',
    );
    fireEvent.change(asking, { target: { value: '220000' } });
    await waitFor(() => expect(marginText()).toMatch(/^Prix demandé 220\u202f000\u00a0€ honoraires inclus \(taux non indiqué\)/));
    expect(screen.getByTestId('opinion-fees-needed').textContent).toBe(FEES_RATE_NEEDED);
    expect(euros(marginText())).toBe(20_000);

    fireEvent.change(screen.getByRole('textbox', { name: 'Honoraires (% du net vendeur)' }), { target: { value: '5' } });
    // 220 000 € at 5 % of the net seller price: 209 524 € net, 10 476 € of fees.
    await waitFor(() => expect(marginText()).toMatch(/honoraires inclus \(5\u00a0%\), soit 209\u202f524\u00a0€ net vendeur/));
    const withFees = euros(marginText());
    expect(withFees).toBe(9_524);
    expect(sent.at(-1)?.pricing).toEqual({ askingPrice: 220_000, fees: { basis: 'honoraires-inclus', ratePct: 5 } });

    fireEvent.click(screen.getByText('Net vendeur'));
    await waitFor(() => expect(marginText()).toMatch(/^Prix demandé 220\u202f000\u00a0€ net vendeur\u00a0:/));
    expect(euros(marginText()) - withFees).toBe(10_476);
    expect(sent.at(-1)?.pricing?.fees.basis).toBe('net-vendeur');

    // The adjustment is sent too: the margin is against the value retained.
    fireEvent.change(screen.getByRole('textbox', { name: 'Votre ajustement (%)' }), { target: { value: '5' } });
    await waitFor(() => expect(euros(marginText())).toBe(10_000));
    expect(sent.at(-1)?.adjustmentPct).toBe(5);
  });
});
