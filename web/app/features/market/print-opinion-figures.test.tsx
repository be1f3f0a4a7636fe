/** The printed value opinion states the fee choice with the server's margin, and the confidence figure. */
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { opinionMargin } from '@immoloupe/shared/market/opinion-pricing.logic';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PrintOpinionFigures } from './print-opinion-figures';

afterEach(cleanup);

const CONFIDENCE: NonNullable<EstimateResponse['confidence']> = {
  level: 'faible',
  measured: { scope: 'departement', code: '93', place: 'Seine-Saint-Denis', testYear: '2022', n: 412, mdape: 0.22 },
  comparables: 6,
  spread: 0.2,
};

const figures = (margin: EstimateResponse['margin'], confidence: EstimateResponse['confidence'] = CONFIDENCE) =>
  render(<PrintOpinionFigures result={{ margin, confidence } as EstimateResponse} />);

describe('PrintOpinionFigures', () => {
  it('prints « honoraires inclus (x %) » with the net price and the margin, and the confidence', () => {
    figures(opinionMargin(229_000, { basis: 'honoraires-inclus', ratePct: 5 }, 213_000));
    expect(screen.getByTestId('printed-margin').textContent).toBe(
      'Prix demandé 229\u202f000\u00a0€ honoraires inclus (5\u00a0%), soit 218\u202f095\u00a0€ net vendeur (honoraires 10\u202f905\u00a0€)\u00a0: marge de négociation 5\u202f095\u00a0€ sur la valeur retenue.',
    );
    expect(screen.getByTestId('printed-confidence').textContent).toBe(
      'Fiabilité faible — écart médian mesuré 22\u00a0% sur 412 ventes du département (Seine-Saint-Denis, 93, 2022)\u00a0; 6 comparables, dispersion des prix au m² 20\u00a0%.',
    );
  });

  it('prints « net vendeur », and nothing for an opinion saved without an asking price nor a confidence figure', () => {
    figures(opinionMargin(229_000, { basis: 'net-vendeur', ratePct: null }, 213_000));
    expect(screen.getByTestId('printed-margin').textContent).toMatch(
      /^Prix demandé 229\u202f000\u00a0€ net vendeur\u00a0: marge de négociation 16\u202f000\u00a0€/,
    );
    cleanup();
    figures(null, null);
    expect(screen.queryByTestId('printed-margin')).toBeNull();
    expect(screen.queryByTestId('printed-confidence')).toBeNull();
  });
});
