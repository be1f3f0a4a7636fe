/**
 * « Zone du PLU » of the address analysis: the zones of the urban planning document covering the
 * parcel of the address (libellé, libellé long, type U/AU/A/N, share of the parcel), the document
 * and its approval date, with its regulation when the file links one. The prescriptions stay on
 * the parcel sheet.
 */
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { ParcelZones } from './parcel-urbanism';
import { useParcelUrbanism } from './use-parcel-urbanism';

export function ParcelZone({ id }: { id: string }) {
  const { data, error, loading } = useParcelUrbanism(id);
  return (
    <Stack gap={4} data-testid="parcel-zone">
      <Title order={3} size="h6">
        Zone du PLU
      </Title>
      {loading ? <Busy size="sm" label="Chargement de la zone du PLU" /> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      {data && (!data.anyDocument || data.zones.length === 0) ? (
        <Text size="sm" c="dimmed">
          {data.anyDocument
            ? 'Aucune zone d’urbanisme importée ne couvre cette parcelle. '
            : 'Aucun document d’urbanisme (PLU, PLUi) importé. '}
          <ImportHint source="plu" departement={departementOfCodes([id.slice(0, 5)])} />
        </Text>
      ) : null}
      {data?.anyDocument && data.zones.length > 0 ? <ParcelZones data={data} /> : null}
    </Stack>
  );
}
