/**
 * The value opinion's rent and yield: the subject's monthly rent at the commune's reference and the
 * gross yield at the value retained (the agent's adjustment included), or what is missing and who
 * imports it. The subject's own earlier sales, shown apart from the comparables.
 */
import { formatPercent, NBSP, roundEstimate } from '@immoloupe/shared/format';
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { OWN_SALE_SURFACE_TOLERANCE } from '@immoloupe/shared/market/own-sales.logic';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { rentAtValue } from '@immoloupe/shared/rents/rents.logic';
import { Stack, Text, Title } from '@mantine/core';
import { ImportHint } from '~/components/import-hint';
import { PropertyRentCard } from '~/features/rents/property-rent';
import { ComparablesTable } from './value-opinion-comparables';

/** `value`: the value retained; the yield divides by it as shown, rounded as the agent states it. */
export function ValueOpinionRent({ result, value }: { result: EstimateResponse; value: number | null }) {
  const { rent, subject } = result;
  if (!rent) return null;
  if (!rent.reference)
    return (
      <Text size="sm" c="dimmed" data-testid="sans-loyer-reference">
        Aucun loyer de référence {subject.type === 'maison' ? 'des maisons' : 'des appartements'} (Carte des loyers) importé pour cette
        commune{NBSP}: pas de loyer estimé ni de rendement. <ImportHint source="loyers" departement={departementOfCodes([subject.insee])} />
      </Text>
    );
  return <PropertyRentCard rent={rentAtValue(rent, value === null ? null : roundEstimate(value))} priceLabel="à la valeur retenue" />;
}

export const PREVIOUS_SALES_NOTE = `Même parcelle ou même adresse, surface à ${formatPercent(OWN_SALE_SURFACE_TOLERANCE)} près${NBSP}: ces ventes sont celles du bien lui-même, jamais comptées parmi les comparables.`;

export function PreviousSales({ result }: { result: EstimateResponse }) {
  if (result.previousSales.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Ventes précédentes de ce bien">
      <Title order={3} fz="h5">
        Ventes précédentes de ce bien ({result.previousSales.length})
      </Title>
      <Text size="sm" c="dimmed">
        {PREVIOUS_SALES_NOTE}
      </Text>
      <ComparablesTable rows={result.previousSales} />
    </Stack>
  );
}
