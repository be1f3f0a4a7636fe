/**
 * The printed value opinion's asking price and margin (the choice « honoraires inclus (x %) » or
 * « net vendeur » stated, the margin as the server computed it at saving) and its confidence figure.
 */
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { opinionMarginLabel } from '@immoloupe/shared/market/opinion-pricing.logic';
import { ConfidenceLine } from './value-opinion-confidence';

export function PrintOpinionFigures({ result }: { result: EstimateResponse }) {
  return (
    <>
      {result.margin && (
        <p data-testid="printed-margin" style={{ margin: '4px 0', breakInside: 'avoid' }}>
          {opinionMarginLabel(result.margin)}
        </p>
      )}
      <ConfidenceLine confidence={result.confidence} testId="printed-confidence" />
    </>
  );
}
