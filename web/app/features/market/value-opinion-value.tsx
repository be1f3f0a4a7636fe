/**
 * The value opinion's figures: the estimated value and its range, the agent's adjustment and the
 * value retained, the agent's comment; or why there is no estimate.
 */
import { estimateRounding, formatEstimate, formatEuros, formatEurosPerSquareMetre, formatSurface, NBSP } from '@immoloupe/shared/format';
import { staleDataNote } from '@immoloupe/shared/market/comparables.logic';
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { Alert, Grid, Group, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { DecimalInput } from '~/components/decimal-input';
import { labelled, salesCount } from './labels';
import { ConfidenceLine } from './value-opinion-confidence';

export function ValueOpinionValue({
  result,
  adjustment,
  setAdjustment,
  finalValue,
  comment,
  setComment,
  pricingFields,
}: {
  result: EstimateResponse;
  adjustment: number | '';
  setAdjustment: (value: number | '') => void;
  finalValue: number | null;
  comment: string;
  setComment: (value: string) => void;
  /** The asking price, fees and margin (value-opinion-margin.tsx). */
  pricingFields?: ReactNode;
}) {
  const stale = staleDataNote(result.asOf, new Date().toISOString());
  return result.estimate ? (
    <Grid>
      {stale && (
        <Grid.Col span={12}>
          <Alert color="yellow" variant="light" data-testid="donnees-anciennes">
            {stale}
          </Alert>
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Text size="sm" c="dimmed">
          Valeur estimée (médiane des prix au m² × {formatSurface(result.subject.surface)})
        </Text>
        <Text fz={32} fw={700} data-testid="estimate-value">
          {formatEstimate(result.estimate.value)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="estimate-calc">
          {formatEurosPerSquareMetre(result.estimate.pricePerM2.median)} × {formatSurface(result.subject.surface)} ={' '}
          {formatEuros(result.estimate.value)}, {estimateRounding(result.estimate.value)}
        </Text>
        <Text>
          {labelled('Fourchette (1er–3e quartile)', `${formatEstimate(result.estimate.low)} à ${formatEstimate(result.estimate.high)}`)}
        </Text>
        <Text>
          {labelled('Prix médian', formatEurosPerSquareMetre(result.estimate.pricePerM2.median))} · {salesCount(result.estimate.count)}{' '}
          comparables
        </Text>
        <ConfidenceLine confidence={result.confidence} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Group align="flex-end">
          <DecimalInput
            label="Votre ajustement (%)"
            value={adjustment}
            onChange={(v) => setAdjustment(v === '' ? '' : Number(v))}
            min={-50}
            max={50}
            decimalScale={1}
            w={180}
          />
          <Text fw={600} data-testid="final-value">
            {labelled('Valeur retenue', finalValue === null ? '—' : formatEstimate(finalValue))}
          </Text>
        </Group>
        {pricingFields}
        <Textarea
          label="Votre commentaire (imprimé dans l’avis)"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={5000}
          autosize
          minRows={3}
          mt="sm"
        />
      </Grid.Col>
    </Grid>
  ) : (
    <Alert color="yellow" title="Pas assez de ventes comparables">
      Moins de 3 ventes comparables, même après élargissement{NBSP}: la méthode ne donne pas d’estimation. Ajoutez des ventes depuis la
      liste ci-dessous si vous en connaissez de pertinentes.
    </Alert>
  );
}
