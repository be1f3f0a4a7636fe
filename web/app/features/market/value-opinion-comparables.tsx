/** The value opinion's comparables as a table with one action per sale (their map: comparables-map.tsx). */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatSurface } from '@immoloupe/shared/format';
import type { ComparableDto } from '@immoloupe/shared/market/estimate-contracts';
import { Badge, Button, Table } from '@mantine/core';
import { distanceLabel } from './labels';

export function ComparablesTable({
  rows,
  action,
  numbered = false,
}: {
  rows: ComparableDto[];
  /** The comparables kept: each row numbered as on the map. */
  numbered?: boolean;
  /** The row's button (remove, add); none for sales only shown, as the subject's earlier ones. */
  action?: (c: ComparableDto) => { label: string; run: () => void };
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {numbered && <Table.Th ta="right">N°</Table.Th>}
            <Table.Th>Adresse</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Prix</Table.Th>
            <Table.Th ta="right">Surface</Table.Th>
            <Table.Th ta="right">Pièces</Table.Th>
            <Table.Th ta="right">Prix au m²</Table.Th>
            <Table.Th ta="right">Distance</Table.Th>
            {action && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c, i) => {
            const a = action?.(c);
            return (
              <Table.Tr key={c.id}>
                {numbered && <Table.Td ta="right">{i + 1}</Table.Td>}
                <Table.Td>
                  {c.address || 'Adresse non publiée'}, {c.commune} {c.added && <Badge size="xs">ajouté</Badge>}
                </Table.Td>
                <Table.Td>{formatDate(c.date)}</Table.Td>
                <Table.Td ta="right">{formatEuros(c.price)}</Table.Td>
                <Table.Td ta="right">{formatSurface(c.surface)}</Table.Td>
                <Table.Td ta="right">{c.rooms ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatEurosPerSquareMetre(c.pricePerM2)}</Table.Td>
                <Table.Td ta="right">{distanceLabel(c.distanceM)}</Table.Td>
                {a && (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={a.run}
                      aria-label={`${a.label}\u00a0: ${c.address}, ${formatDate(c.date)}`}
                    >
                      {a.label}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
