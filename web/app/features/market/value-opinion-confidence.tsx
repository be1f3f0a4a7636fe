/**
 * The value opinion's reliability in words, with the method's error measured on the commune's (or
 * its département's) own sales and the number and spread of the comparables (decision 1430). Used on
 * the page and in the printed opinion.
 */
import { type Confidence, type ConfidenceLevel, confidenceLabel } from '@immoloupe/shared/market/confidence.logic';

export const CONFIDENCE_COLORS: Record<ConfidenceLevel, string> = { bonne: '#2b8a3e', moyenne: '#e67700', faible: '#c92a2a' };

export function ConfidenceLine({ confidence, testId = 'confidence' }: { confidence: Confidence | null; testId?: string }) {
  if (!confidence) return null;
  return (
    <p data-testid={testId} style={{ margin: '4px 0', breakInside: 'avoid' }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: 5,
          marginRight: 6,
          background: CONFIDENCE_COLORS[confidence.level],
        }}
      />
      {confidenceLabel(confidence)}
    </p>
  );
}
