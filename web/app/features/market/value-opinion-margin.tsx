/**
 * The seller's asking price in a value opinion: « honoraires inclus » with the fee rate, or « net
 * vendeur », and the margin to negotiate against the value retained as the server computed it (net
 * of the fees, as DVF prices exclude them); the same figure is saved and printed.
 */
import { FEE_BASES, FEE_BASIS_LABELS, type FeeBasis, MAX_FEE_RATE_PCT } from '@immoloupe/shared/listings/fees.logic';
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { opinionMarginLabel } from '@immoloupe/shared/market/opinion-pricing.logic';
import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { DecimalInput } from '~/components/decimal-input';
import type { PricingState } from './use-value-opinion';

export const FEES_RATE_NEEDED =
  'Les prix DVF, donc la valeur, sont hors honoraires d’agence\u00a0: indiquez le taux d’honoraires pour une marge nette, sinon la marge les compte.';

export function ValueOpinionMargin({
  result,
  pricing,
  setPricing,
}: {
  result: EstimateResponse;
  pricing: PricingState;
  setPricing: (p: PricingState) => void;
}) {
  const { fees } = pricing;
  const margin = result.margin;
  // The server's margin, once it answered for the price, fees and rate typed.
  const current =
    margin &&
    pricing.askingPrice === margin.askingPrice &&
    fees.basis === margin.fees.basis &&
    (fees.basis === 'net-vendeur' || fees.ratePct === margin.fees.ratePct)
      ? margin
      : null;
  return (
    <Stack gap={4} mt="sm" role="group" aria-label="Prix demandé et honoraires">
      <Group gap="xs" align="end">
        <NumberInput
          label="Prix demandé par le vendeur"
          value={pricing.askingPrice}
          onChange={(v) => setPricing({ ...pricing, askingPrice: v === '' ? '' : Number(v) })}
          min={0}
          max={100_000_000}
          step={1000}
          thousandSeparator={'\u202f'}
          suffix={'\u00a0€'}
          w={200}
        />
        <SegmentedControl
          aria-label="Le prix demandé est"
          value={fees.basis}
          onChange={(v) => setPricing({ ...pricing, fees: { ...fees, basis: v as FeeBasis } })}
          data={FEE_BASES.map((b) => ({ value: b, label: FEE_BASIS_LABELS[b] }))}
        />
        {fees.basis === 'honoraires-inclus' && (
          <DecimalInput
            label="Honoraires (% du net vendeur)"
            value={fees.ratePct ?? ''}
            onChange={(v) => setPricing({ ...pricing, fees: { ...fees, ratePct: v === '' ? null : Number(v) } })}
            min={0}
            max={MAX_FEE_RATE_PCT}
            decimalScale={2}
            w={190}
          />
        )}
      </Group>
      {current && <Text data-testid="opinion-margin">{opinionMarginLabel(current)}</Text>}
      {pricing.askingPrice !== '' && fees.basis === 'honoraires-inclus' && fees.ratePct === null && (
        <Text size="sm" c="dimmed" data-testid="opinion-fees-needed">
          {FEES_RATE_NEEDED}
        </Text>
      )}
    </Stack>
  );
}
