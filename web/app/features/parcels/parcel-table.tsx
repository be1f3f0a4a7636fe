/** The page of parcels found, with their BAN address: a row shows its sheet; rows ticked go to a prospecting list at once. */
import { formatSurface } from '@immoloupe/shared/format';
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import { NATURAL_PERSON_NOTICE } from '@immoloupe/shared/owners/natural-person.logic';
import type { ParcelSearchResult } from '@immoloupe/shared/parcels/search-contracts';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Badge, Button, Table, Text } from '@mantine/core';
import { WideTable } from '~/components/wide-table';
import { RESULT_ROW_ATTR } from '~/features/map/results-with-map';
import { BulkAddToList } from '~/features/prospecting/bulk-add-to-list';
import { SelectAllHeader, SelectRowCell } from '~/features/prospecting/selection-cells';
import { useRowSelection } from '~/features/prospecting/use-row-selection';

/**
 * A parcel of the results as a prospecting target, at its first BAN address, the one its sheet
 * shows; the cadastral description only when the BAN gives it none. Its legal-entity owner is
 * named when the results list only one.
 */
export function parcelTarget(p: Parcel, result: Pick<ParcelSearchResult, 'commune' | 'owners' | 'addresses'>): TargetInput {
  // A natural person's row is named by its role only: never the target's owner.
  const owners = (result.owners[p.id] ?? []).filter((name) => !name.includes(NATURAL_PERSON_NOTICE));
  return {
    kind: 'parcel',
    ref: p.id,
    label: `Parcelle ${p.section} ${p.numero} (${p.id})`,
    address: result.addresses[p.id] ?? `${result.commune?.nom ?? p.codeCommune}, section ${p.section} n° ${p.numero}`,
    ownerName: owners.length === 1 ? (owners[0] ?? null) : null,
  };
}

export function ParcelTable({
  result,
  selected,
  onChoose,
}: {
  result: ParcelSearchResult;
  selected: string | null;
  onChoose: (id: string) => void;
}) {
  const selection = useRowSelection(result.parcels, (p) => p.id);
  // Where the owners are not imported (or none of the page is a legal entity), an empty column
  // would only push the address and the state out of sight, beside the map.
  const withOwners = result.parcels.some((p) => (result.owners[p.id]?.length ?? 0) > 0);
  return (
    <>
      <BulkAddToList targets={selection.selected().map((p) => parcelTarget(p, result))} onAdded={selection.clear} />
      <WideTable label="Parcelles trouvées" minWidth={withOwners ? 820 : 640}>
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <SelectAllHeader selection={selection} />
              <Table.Th scope="col">Parcelle</Table.Th>
              {/* An address on two lines at most, « 133 Avenue Carnot, / 93140 Bondy », not four. */}
              <Table.Th scope="col" miw="14rem">
                Adresse
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Contenance
              </Table.Th>
              {/* A badge's label shrinks to « A… » in a narrow cell: the column keeps its width. */}
              <Table.Th scope="col" miw="7rem">
                État
              </Table.Th>
              {withOwners ? <Table.Th scope="col">Personnes morales</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.parcels.map((p) => (
              <Table.Tr
                key={p.id}
                {...{ [RESULT_ROW_ATTR]: p.id }}
                data-selected={p.id === selected ? 'true' : undefined}
                bg={p.id === selected ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <SelectRowCell selection={selection} row={p} label={`la parcelle ${p.section} ${p.numero}`} />
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => onChoose(p.id)} aria-pressed={p.id === selected}>
                    {p.section} {p.numero}
                  </Button>
                  <Text size="xs" c="dimmed" ff="monospace" px={6} style={{ whiteSpace: 'nowrap' }}>
                    {p.id}
                  </Text>
                </Table.Td>
                <Table.Td>{result.addresses[p.id] ?? ''}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{p.contenance === null ? '—' : formatSurface(p.contenance)}</Table.Td>
                <Table.Td>
                  {p.current ? (
                    <Badge variant="outline" color="teal">
                      Actuelle
                    </Badge>
                  ) : (
                    <Badge variant="outline" color="gray">
                      Disparue
                    </Badge>
                  )}
                </Table.Td>
                {withOwners ? <Table.Td>{result.owners[p.id]?.join(', ') ?? ''}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </>
  );
}
