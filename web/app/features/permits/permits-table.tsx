/**
 * The permits found by a search, newest first: date, kind and list, housing units created, floor
 * area created, the applicant when it is a legal entity (Sitadel names no private applicant), the
 * state, the address and the cadastral parcels.
 */
import { formatDate, formatInteger, formatSurface } from '@immoloupe/shared/format';
import { PERMIT_KIND_LABELS, PERMIT_LIST_LABELS, PERMIT_STATUS_LABELS, type SearchedPermit } from '@immoloupe/shared/permits/contracts';
import { Table, Text } from '@mantine/core';

function area(p: SearchedPermit): string {
  const m2 = p.list === 'logements' ? p.housingArea : p.premisesArea;
  return m2 ? formatSurface(m2) : '—';
}

/** « AB 246, AB 247 »: section and number of each parcel id (COMM + 000 + section + numéro). */
export function parcelLabels(ids: readonly string[]): string {
  return ids.map((id) => `${id.slice(8, 10).replace(/^0/, '')} ${Number(id.slice(10, 14))}`).join(', ');
}

export function PermitsTable({ permits, caption }: { permits: readonly SearchedPermit[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table withTableBorder striped fz="sm">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text size="sm" span>
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Logements créés</Table.Th>
            <Table.Th scope="col">Surface créée</Table.Th>
            <Table.Th scope="col">Demandeur</Table.Th>
            <Table.Th scope="col">État</Table.Th>
            <Table.Th scope="col">Adresse</Table.Th>
            <Table.Th scope="col">Parcelles</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {permits.map((p) => (
            <Table.Tr key={`${p.list}-${p.kind}-${p.id}`}>
              <Table.Td>{p.authorisedOn ? formatDate(p.authorisedOn) : '—'}</Table.Td>
              <Table.Td>
                {PERMIT_KIND_LABELS[p.kind] ?? p.kind}
                <Text span size="xs" c="dimmed">
                  {' '}
                  — {PERMIT_LIST_LABELS[p.list]}
                </Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{p.dwellings ? formatInteger(p.dwellings) : '—'}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{area(p)}</Table.Td>
              <Table.Td>{p.applicant ?? '—'}</Table.Td>
              <Table.Td>{p.status === null ? '—' : (PERMIT_STATUS_LABELS[p.status] ?? String(p.status))}</Table.Td>
              <Table.Td>{p.address ?? '—'}</Table.Td>
              <Table.Td>{p.parcelIds.length > 0 ? parcelLabels(p.parcelIds) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
