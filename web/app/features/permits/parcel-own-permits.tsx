/**
 * The « Permis sur la parcelle » part of the parcel sheet: the Sitadel authorisations that name
 * this parcel by its cadastral section and number (any of the three parcels a permit lists).
 * Sitadel gives no préfixe: a parcel id is read as commune + section + number.
 */
import { formatInteger, NBSP } from '@immoloupe/shared/format';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { PermitsTable } from './permits-table';
import { usePermitSearch } from './use-permit-search';

/** The search query of one parcel id (`93010000AC0013` → commune 93010, section AC, n° 13). */
export function parcelPermitQuery(id: string): string {
  return new URLSearchParams({ commune: id.slice(0, 5), section: id.slice(8, 10), numero: String(Number(id.slice(10, 14))) }).toString();
}

export function ParcelOwnPermits({ id }: { id: string }) {
  const { data, error, loading } = usePermitSearch(parcelPermitQuery(id));
  const section = id.slice(8, 10).replace(/^0/, '');
  const numero = Number(id.slice(10, 14));
  return (
    <Stack gap={6} data-testid="parcel-own-permits">
      <Title order={4} size="h6">
        Permis sur la parcelle (section {section} n°{NBSP}
        {numero})
      </Title>
      {loading ? <Busy size="sm" label="Chargement des permis de la parcelle" /> : null}
      {error ? (
        <Alert color="red" title="Permis indisponibles">
          {error}
        </Alert>
      ) : null}
      {data?.loaded && data.permits.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune autorisation d’urbanisme ne désigne cette parcelle.
        </Text>
      ) : null}
      {data?.loaded && data.permits.length > 0 ? (
        <PermitsTable
          permits={data.permits}
          caption={`${formatInteger(data.total)} autorisation${data.total > 1 ? 's' : ''} désignant la parcelle${NBSP}:`}
        />
      ) : null}
    </Stack>
  );
}
