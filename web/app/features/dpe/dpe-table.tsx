/** The page of DPE found: counts per class, a sortable table, paging; a row opens the detail. */
import { DPE_BUILDING_TYPE_LABELS, DPE_CLASS_COLORS, type DpeItem, type DpeList } from '@immoloupe/shared/dpe/contracts';
import { dpePostalAddress, dpeTargetAddress, dpeUnit } from '@immoloupe/shared/dpe/dpe-address.logic';
import { DPE_CLASSES } from '@immoloupe/shared/dpe/rental-ban.logic';
import { formatDate, formatInteger, formatSurface } from '@immoloupe/shared/format';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { RowOpenButton } from '~/components/row-open-button';
import { SelectableTable } from '~/features/prospecting/selectable-table';
import { Pager } from '~/features/zone/search-parts';

export function ClassBadge({ classe }: { classe: string | null }) {
  if (!classe) return <Text span>—</Text>;
  const color = DPE_CLASS_COLORS[classe as keyof typeof DPE_CLASS_COLORS];
  return (
    <Badge color={color} autoContrast variant="filled" radius="sm" role="img" aria-label={`Classe ${classe}`}>
      {classe}
    </Badge>
  );
}

/** A DPE as a prospecting target: the same from a row of the table and from its sheet. */
export function dpeTarget(d: DpeItem): TargetInput {
  const address = dpeTargetAddress(d);
  return { kind: 'dpe', ref: d.numero, label: `DPE ${d.classe ?? ''} — ${address}`, address };
}

const SORTABLE: { key: string; label: string }[] = [
  { key: 'classe', label: 'Classe' },
  { key: 'date', label: 'Date' },
  { key: 'surface', label: 'Surface' },
  { key: 'annee', label: 'Construction' },
];

/**
 * The dwelling of a row: the BAN label (postcode and town once), then what tells it apart from the
 * other DPE of the address (« APP 5/69 ») and its type. The address opens the sheet: a column of
 * its own for the button and one for the type no longer fit beside the map at 1 440 px. It is the
 * first column, as in the co-ownership table, and the class beside it: on a phone the table scrolls
 * sideways, and the last column, the one an agent reads first, was off the screen.
 */
function Dwelling({ d, onOpen }: { d: DpeItem; onOpen: (numero: string) => void }) {
  const address = dpePostalAddress(d) || 'Adresse inconnue';
  const type = d.type ? (DPE_BUILDING_TYPE_LABELS[d.type as keyof typeof DPE_BUILDING_TYPE_LABELS] ?? d.type) : null;
  const detail = [dpeUnit(d), type].filter(Boolean).join(' · ');
  return (
    <>
      <RowOpenButton onOpen={() => onOpen(d.numero)} label={`Ouvrir le DPE ${d.numero}, ${address}`}>
        {address}
      </RowOpenButton>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </>
  );
}

export function DpeTable(props: {
  result: DpeList;
  sort: string;
  order: string;
  onSort: (sort: string, order: string) => void;
  onPage: (page: number) => void;
  onOpen: (numero: string) => void;
}) {
  const { result, sort, order } = props;
  return (
    <>
      <Group gap="xs" aria-label="Nombre de DPE par classe" role="group">
        {DPE_CLASSES.map((c) => (
          <Group key={c} gap={4}>
            <ClassBadge classe={c} />
            <Text size="sm">{formatInteger(result.byClass[c] ?? 0)}</Text>
          </Group>
        ))}
      </Group>
      <SelectableTable
        rows={result.items}
        idOf={(d) => d.numero}
        target={dpeTarget}
        rowLabel={(d) => `le DPE ${d.numero}, ${dpePostalAddress(d) || 'adresse inconnue'}`}
        label="DPE trouvés"
        minWidth={560}
        head={
          <>
            <Table.Th scope="col">Logement</Table.Th>
            {SORTABLE.map((s) => (
              <Table.Th key={s.key} scope="col" aria-sort={sort === s.key ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => props.onSort(s.key, sort === s.key && order === 'desc' ? 'asc' : 'desc')}
                >
                  {s.label}
                  {sort === s.key ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                </Button>
              </Table.Th>
            ))}
          </>
        }
        cells={(d) => (
          <>
            <Table.Td miw={200}>
              <Dwelling d={d} onOpen={props.onOpen} />
            </Table.Td>
            <Table.Td>
              <ClassBadge classe={d.classe} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.date)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.surface === null ? '—' : formatSurface(d.surface)}</Table.Td>
            <Table.Td>{d.annee ?? d.periode ?? '—'}</Table.Td>
          </>
        )}
      />
      <Pager page={result.page} total={result.total} pageSize={result.pageSize} onPage={props.onPage} />
    </>
  );
}
