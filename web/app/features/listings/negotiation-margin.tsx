/**
 * The asking price against the estimate, and the margin to negotiate, once the agent says whether
 * the price includes the agency's fees (and at what rate) or is net seller: DVF prices exclude the
 * fees, so a fees-included price is compared net of them.
 */
import { FEE_BASES, FEE_BASIS_LABELS, type FeeBasis, type FeesChoice, MAX_FEE_RATE_PCT } from '@immoloupe/shared/listings/fees.logic';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DecimalInput } from '~/components/decimal-input';
import { gapLabel } from './price-labels';

export const FEES_RATE_MISSING =
  'Les prix DVF sont hors honoraires d’agence\u00a0: indiquez le taux d’honoraires pour une marge nette, sinon la marge les compte.';

export function NegotiationMargin({ price, estimate }: { price: number; estimate: number }) {
  const [fees, setFees] = useState<FeesChoice>({ basis: 'honoraires-inclus', ratePct: null });
  return (
    <Stack gap={4}>
      <Group gap="xs" align="end">
        <SegmentedControl
          size="xs"
          aria-label="Le prix demandé est"
          value={fees.basis}
          onChange={(v) => setFees({ ...fees, basis: v as FeeBasis })}
          data={FEE_BASES.map((b) => ({ value: b, label: FEE_BASIS_LABELS[b] }))}
        />
        {fees.basis === 'honoraires-inclus' && (
          <DecimalInput
            size="xs"
            w={190}
            label="Honoraires (% du net vendeur)"
            value={fees.ratePct ?? ''}
            onChange={(v) => setFees({ ...fees, ratePct: v === '' ? null : Number(v) })}
            min={0}
            max={MAX_FEE_RATE_PCT}
            decimalScale={2}
          />
        )}
      </Group>
      <Text data-testid="ecart">{gapLabel(price, estimate, fees)}</Text>
      {fees.basis === 'honoraires-inclus' && fees.ratePct === null && (
        <Text size="sm" c="dimmed" data-testid="honoraires-manquants">
          {FEES_RATE_MISSING}
        </Text>
      )}
    </Stack>
  );
}
