/**
 * The rents block of the market analysis (screen and PDF): the Carte des loyers of the zone's first
 * communes, and the communes without any, with who imports it.
 */
import type { MarketAnalysis } from '@immoloupe/shared/market/contracts';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Stack, Text, Title } from '@mantine/core';
import { ImportHint } from '~/components/import-hint';
import { RentReferencesTable } from './rent-references';

export function ZoneRents({ rents }: { rents: MarketAnalysis['rents'] }) {
  if (rents.length === 0) return null;
  const known = rents.filter((r) => r.references.length > 0);
  const missing = rents.filter((r) => r.references.length === 0);
  return (
    <section aria-label="Loyers de référence">
      <Title order={3} fz="h5" mb="xs">
        Loyers de référence (Carte des loyers)
      </Title>
      <Stack gap="sm">
        {known.map((r) => (
          <RentReferencesTable key={r.insee} references={r.references} commune={r.name} />
        ))}
        {missing.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="loyers-absents">
            Aucun loyer de référence importé pour {missing.map((r) => r.name).join(', ')}.{' '}
            <ImportHint source="loyers" departement={departementOfCodes(missing.map((r) => r.insee))} />
          </Text>
        )}
      </Stack>
    </section>
  );
}
