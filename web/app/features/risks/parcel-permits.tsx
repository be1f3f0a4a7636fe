/**
 * The « Permis de construire » block of the parcel sheet: the Sitadel authorisations of the parcel
 * itself (by section and number), then those whose first parcel lies within 500 m, newest first,
 * with their kind, date, dwellings, floor area and status.
 */
import { formatDate, formatInteger, formatSurface, NBSP } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { PERMIT_KIND_LABELS, PERMIT_LIST_LABELS, PERMIT_STATUS_LABELS, type Permit } from '@immoloupe/shared/permits/contracts';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { ParcelOwnPermits } from '~/features/permits/parcel-own-permits';
import { useParcelPermits } from './use-parcel-land';

function area(p: Permit): string {
  const m2 = p.list === 'logements' ? p.housingArea : p.premisesArea;
  return m2 ? formatSurface(m2) : '—';
}

export function ParcelPermits({ id }: { id: string }) {
  const { data, error, loading } = useParcelPermits(id);
  return (
    <Stack gap={6} data-testid="parcel-permits">
      <Title order={3} size="h5">
        Permis de construire
      </Title>
      {loading ? <Busy size="sm" label="Chargement des permis" /> : null}
      {error ? (
        <Alert color="red" title="Permis indisponibles">
          {error}
        </Alert>
      ) : null}
      {data && !data.loaded ? (
        <Text size="sm" c="dimmed">
          Listes Sitadel des autorisations d’urbanisme non importées pour cette commune.{' '}
          <ImportHint source="sitadel" departement={departementOfCodes([id])} />
        </Text>
      ) : null}
      {data?.loaded ? <ParcelOwnPermits id={id} /> : null}
      {data?.loaded && data.permits.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune autorisation d’urbanisme à moins de {formatInteger(data.radiusM)}
          {NBSP}m.
        </Text>
      ) : null}
      {data?.loaded && data.permits.length > 0 ? (
        <>
          <Text size="sm">
            {data.truncated ? `Les ${data.permits.length} plus récentes` : formatInteger(data.permits.length)} autorisation
            {data.permits.length > 1 ? 's' : ''} à moins de {formatInteger(data.radiusM)}
            {NBSP}m (Sitadel, placées à leur première parcelle){NBSP}:
          </Text>
          <Table withTableBorder striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Logements</Table.Th>
                <Table.Th scope="col">Surface créée</Table.Th>
                <Table.Th scope="col">État</Table.Th>
                <Table.Th scope="col">Adresse</Table.Th>
                <Table.Th scope="col">Distance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.permits.map((p) => (
                <Table.Tr key={`${p.list}-${p.kind}-${p.id}`}>
                  <Table.Td>{p.authorisedOn ? formatDate(p.authorisedOn) : '—'}</Table.Td>
                  <Table.Td>
                    {PERMIT_KIND_LABELS[p.kind] ?? p.kind}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      — {PERMIT_LIST_LABELS[p.list]}
                      {p.applicant ? `, ${p.applicant}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{p.dwellings ? formatInteger(p.dwellings) : '—'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{area(p)}</Table.Td>
                  <Table.Td>{p.status === null ? '—' : (PERMIT_STATUS_LABELS[p.status] ?? String(p.status))}</Table.Td>
                  <Table.Td>{p.address ?? '—'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {formatInteger(p.distanceM)}
                    {NBSP}m
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
