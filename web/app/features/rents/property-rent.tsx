/**
 * What the Carte des loyers says of one property, in a card: a rental's asking rent against the
 * commune's reference, or a sale's monthly rent at the reference and its gross yield at a price (the
 * asking price of a listing, the value of an opinion). Nothing without a reference: the page's note
 * says what is missing and how to import it.
 */
import type { PropertyRent } from '@immoloupe/shared/rents/contracts';
import {
  formatMonthlyRent,
  formatYield,
  rentComparisonLine,
  rentReferenceLine,
  withinIntervalLabel,
} from '@immoloupe/shared/rents/rents.logic';
import { Card, Stack, Text, Title } from '@mantine/core';

/** `priceLabel`: what the yield divides by, in words (« au prix demandé », « à la valeur retenue »). */
export function PropertyRentCard({ rent, priceLabel }: { rent: PropertyRent | null; priceLabel: string }) {
  const reference = rent?.reference;
  if (!rent || !reference) return null;
  if (rent.comparison) {
    const within = withinIntervalLabel(rent.comparison);
    return (
      <Card withBorder>
        <Title order={3}>Loyer de référence</Title>
        <Stack gap={4}>
          <Text fw={700} data-testid="loyer-reference-ecart">
            {rentComparisonLine(rent.comparison, reference)}
          </Text>
          <Text size="sm">{rentReferenceLine(reference)}.</Text>
          {within && <Text size="sm">{within}</Text>}
          <Text size="sm" c="dimmed">
            Loyers d’annonce charges comprises, ANIL et ministère du Logement.
          </Text>
        </Stack>
      </Card>
    );
  }
  if (!rent.monthly) return null;
  return (
    <Card withBorder>
      <Title order={3}>Loyer et rendement</Title>
      <Stack gap={4}>
        <Text>
          Loyer estimé{'\u00a0'}: <strong data-testid="loyer-estime">{formatMonthlyRent(rent.monthly)}</strong>
        </Text>
        {rent.grossYield && (
          <Text>
            Rendement brut {priceLabel}
            {'\u00a0'}: <strong data-testid="rendement-brut">{formatYield(rent.grossYield)}</strong>
          </Text>
        )}
        <Text size="sm">{rentReferenceLine(reference)}.</Text>
        <Text size="sm" c="dimmed">
          Rendement brut = 12 × loyer mensuel / prix, avant charges, taxes et vacance. Loyers d’annonce charges comprises, ANIL et ministère
          du Logement.
        </Text>
      </Stack>
    </Card>
  );
}
