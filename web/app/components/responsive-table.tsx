/**
 * A result table that becomes a list of cards on a phone. Below the `sm` breakpoint a seven-column
 * table showed only its first three columns (date, address, goods) and hid the price, the €/m² and
 * the row's action behind a sideways scroll; an agent on a visit needs those first. Each column
 * says where it goes on a card: the key figures on top, then the row's title, its details (label
 * above value) and its actions last. Above the breakpoint it is the usual wide table, scrolling in
 * its own region (WideTable).
 *
 * Only one of the two is rendered: rendering both and hiding one with CSS would give every input of
 * an editable row (a target's status, its notes) twice. The server and the first render in the
 * browser give the table (the viewport is not known there); a phone switches to cards once hydrated.
 */
import { Box, Group, Paper, px, Stack, Table, type TableProps, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { WideTable } from './wide-table';

/** Where a column goes on a card; `none` leaves it to the table. */
export type CardPlace = 'figure' | 'title' | 'detail' | 'action' | 'none';

export interface ResponsiveColumn<T> {
  key: string;
  /** The table's header cell. */
  header: ReactNode;
  /** The value's name on a card; the header when it is text, none otherwise. */
  cardLabel?: string;
  cell: (row: T) => ReactNode;
  card: CardPlace;
  /** Its rank on a card, where the table's column order is not the card's (price before surface). */
  cardOrder?: number;
  /** Only on cards: an « Ouvrir » that the table gives by a click on the row. */
  cardOnly?: boolean;
  align?: 'right';
  nowrap?: boolean;
  /** The column's minimum width in the table. */
  minWidth?: number;
  /** The table's order by this column, for its header's `aria-sort`. */
  sorted?: 'ascending' | 'descending';
}

export interface ResponsiveTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly ResponsiveColumn<T>[];
  /** The name of the table's scrolling region and of the list of cards, for screen readers. */
  label: string;
  /** The table's minimum width, under which it scrolls sideways. */
  minWidth: number;
  onRowClick?: (row: T) => void;
  /** The row under the pointer, null when it leaves the table. */
  onRowHover?: (row: T | null) => void;
  /** A `data-testid` given to each row and each card. */
  rowTestId?: string;
  tableProps?: TableProps;
  /** The row chosen (on a search's map): highlighted, as a row and as a card. */
  selectedKey?: string | null;
}

/** The attribute each row and card carries (its key), so that a marker clicked on a map finds it. */
export const ROW_KEY_ATTR = 'data-result-id';
const CHOSEN_BG = 'var(--mantine-color-yellow-light)';

function rowMarks(key: string, selectedKey: string | null | undefined) {
  const chosen = selectedKey === key;
  return { [ROW_KEY_ATTR]: key, 'data-selected': chosen ? 'true' : undefined, bg: chosen ? CHOSEN_BG : undefined };
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** True on a viewport narrower than the theme's `sm` breakpoint (48em, 768 px). */
export function useCardLayout(): boolean {
  const theme = useMantineTheme();
  // Mantine's own `hiddenFrom="sm"` boundary: 0.1 px under the breakpoint, in em.
  const narrow = `(max-width: ${(px(theme.breakpoints.sm) as number) / 16 - 0.1 / 16}em)`;
  return useMediaQuery(narrow, false, { getInitialValueInEffect: true }) ?? false;
}

function labelOf<T>(c: ResponsiveColumn<T>): string | undefined {
  return c.cardLabel ?? (typeof c.header === 'string' ? c.header : undefined);
}

function place<T>(columns: readonly ResponsiveColumn<T>[], where: CardPlace): ResponsiveColumn<T>[] {
  return columns
    .map((c, i) => ({ c, rank: c.cardOrder ?? i }))
    .filter(({ c }) => c.card === where)
    .sort((a, b) => a.rank - b.rank)
    .map(({ c }) => c);
}

function RowCard<T>({
  row,
  columns,
  testId,
  marks,
  onClick,
}: {
  row: T;
  columns: readonly ResponsiveColumn<T>[];
  testId?: string;
  marks: ReturnType<typeof rowMarks>;
  onClick?: () => void;
}) {
  const figures = place(columns, 'figure');
  const actions = place(columns, 'action');
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid={testId} data-card="" {...marks} onClick={onClick}>
      {figures.length > 0 && (
        <Group gap="md" align="flex-start" mb={6}>
          {figures.map((c) => (
            <Box key={c.key}>
              {labelOf(c) && (
                <Text size="xs" c="dimmed">
                  {labelOf(c)}
                </Text>
              )}
              <Text fw={700} style={NOWRAP} component="div">
                {c.cell(row)}
              </Text>
            </Box>
          ))}
        </Group>
      )}
      {place(columns, 'title').map((c) => (
        <Box key={c.key} mb={6} fz="sm">
          {c.cell(row)}
        </Box>
      ))}
      <Stack gap={6}>
        {place(columns, 'detail').map((c) => (
          <Box key={c.key} fz="sm">
            {labelOf(c) && (
              <Text size="xs" c="dimmed">
                {labelOf(c)}
              </Text>
            )}
            {c.cell(row)}
          </Box>
        ))}
      </Stack>
      {actions.length > 0 && (
        <Group gap="xs" mt="xs" justify="flex-end">
          {actions.map((c) => (
            <Box key={c.key}>{c.cell(row)}</Box>
          ))}
        </Group>
      )}
    </Paper>
  );
}

export function ResponsiveTable<T>({
  rows,
  rowKey,
  columns,
  label,
  minWidth,
  onRowClick,
  onRowHover,
  rowTestId,
  tableProps,
  selectedKey,
}: ResponsiveTableProps<T>) {
  const cards = useCardLayout();
  if (cards) {
    return (
      <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="row-cards">
        {rows.map((row) => (
          <RowCard
            key={rowKey(row)}
            row={row}
            columns={columns}
            testId={rowTestId}
            marks={rowMarks(rowKey(row), selectedKey)}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          />
        ))}
      </Stack>
    );
  }
  const shown = columns.filter((c) => !c.cardOnly);
  return (
    <WideTable label={label} minWidth={minWidth}>
      <Table striped highlightOnHover {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((c) => (
              <Table.Th key={c.key} scope="col" ta={c.align} miw={c.minWidth} aria-sort={c.sorted}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              data-testid={rowTestId}
              {...rowMarks(rowKey(row), selectedKey)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onMouseEnter={onRowHover ? () => onRowHover(row) : undefined}
              onMouseLeave={onRowHover ? () => onRowHover(null) : undefined}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {shown.map((c) => (
                <Table.Td key={c.key} ta={c.align} style={c.nowrap ? NOWRAP : undefined} miw={c.minWidth}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
