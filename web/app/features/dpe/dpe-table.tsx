/** The page of DPE found: counts per class, a sortable table, paging; a row opens the detail. */
import { DPE_BUILDING_TYPE_LABELS, DPE_CLASS_COLORS, type DpeItem, type DpeList } from '@immoloupe/shared/dpe/contracts';
import { dpePostalAddress, dpeTargetAddress, dpeUnit } from '@immoloupe/shared/dpe/dpe-address.logic';
import { DPE_CLASSES } from '@immoloupe/shared/dpe/rental-ban.logic';
import { formatDate, formatInteger, formatSurface } from '@immoloupe/shared/format';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { type ResponsiveColumn, useCardLayout } from '~/components/responsive-table';
import { RowOpenButton } from '~/components/row-open-button';
import { SelectableTable, type SelectableTableProps } from '~/features/prospecting/selectable-table';
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

function SortButton({
  s,
  sort,
  order,
  onSort,
}: {
  s: (typeof SORTABLE)[number];
  sort: string;
  order: string;
  onSort: (sort: string, order: string) => void;
}) {
  return (
    <Button variant="subtle" size="compact-sm" onClick={() => onSort(s.key, sort === s.key && order === 'desc' ? 'asc' : 'desc')}>
      {s.label}
      {sort === s.key ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
    </Button>
  );
}

/** The table's columns; on a phone's card the class, surface and date come first, then the dwelling and « Ouvrir ». */
function dpeColumns(props: {
  sort: string;
  order: string;
  onSort: (sort: string, order: string) => void;
  onOpen: (numero: string) => void;
}) {
  const sortable = (key: string) => SORTABLE.find((s) => s.key === key) as (typeof SORTABLE)[number];
  const header = (key: string) => <SortButton s={sortable(key)} sort={props.sort} order={props.order} onSort={props.onSort} />;
  const sorted = (key: string) => (props.sort === key ? (props.order === 'asc' ? 'ascending' : 'descending') : undefined);
  const columns: ResponsiveColumn<DpeItem>[] = [
    // 170 px: beside the map at 1 280 px the table has 650 px, and the address wraps on two lines anyway.
    { key: 'logement', header: 'Logement', card: 'title', minWidth: 170, cell: (d) => <Dwelling d={d} onOpen={props.onOpen} /> },
    {
      key: 'classe',
      header: header('classe'),
      sorted: sorted('classe'),
      cardLabel: 'Classe',
      card: 'figure',
      cardOrder: 0,
      cell: (d) => <ClassBadge classe={d.classe} />,
    },
    {
      key: 'date',
      header: header('date'),
      sorted: sorted('date'),
      cardLabel: 'Date',
      card: 'figure',
      cardOrder: 2,
      nowrap: true,
      cell: (d) => formatDate(d.date),
    },
    {
      key: 'surface',
      header: header('surface'),
      sorted: sorted('surface'),
      cardLabel: 'Surface',
      card: 'figure',
      cardOrder: 1,
      nowrap: true,
      cell: (d) => (d.surface === null ? '—' : formatSurface(d.surface)),
    },
    {
      key: 'annee',
      header: header('annee'),
      sorted: sorted('annee'),
      cardLabel: 'Construction',
      card: 'detail',
      cell: (d) => d.annee ?? d.periode ?? '—',
    },
    {
      key: 'open',
      header: 'Ouvrir',
      card: 'action',
      cardOnly: true,
      cell: (d) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => props.onOpen(d.numero)}
          aria-label={`Ouvrir le DPE ${d.numero}, ${dpePostalAddress(d) || 'adresse inconnue'}`}
        >
          Ouvrir
        </Button>
      ),
    },
  ];
  return columns;
}

export function DpeTable(props: {
  result: DpeList;
  sort: string;
  order: string;
  onSort: (sort: string, order: string) => void;
  onPage: (page: number) => void;
  onOpen: (numero: string) => void;
  /** The rows answer the search's map (the row chosen, a row clicked or hovered). */
  choice?: SelectableTableProps<DpeItem>['choice'];
}) {
  const { result } = props;
  // On a phone the cards have no header to sort by: the same buttons stand above them.
  const cards = useCardLayout();
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
      {cards ? (
        <Group gap={4} role="group" aria-label="Trier les DPE">
          <Text size="sm">Trier par</Text>
          {SORTABLE.map((s) => (
            <SortButton key={s.key} s={s} sort={props.sort} order={props.order} onSort={props.onSort} />
          ))}
        </Group>
      ) : null}
      <SelectableTable
        rows={result.items}
        idOf={(d) => d.numero}
        target={dpeTarget}
        rowLabel={(d) => `le DPE ${d.numero}, ${dpePostalAddress(d) || 'adresse inconnue'}`}
        label="DPE trouvés"
        minWidth={560}
        columns={dpeColumns(props)}
        choice={props.choice}
      />
      <Pager page={result.page} total={result.total} pageSize={result.pageSize} onPage={props.onPage} />
    </>
  );
}
