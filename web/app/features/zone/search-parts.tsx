/**
 * Pieces shared by the prospecting search tools (DPE, co-ownerships): a min–max pair of fields,
 * the result header (count and CSV export), the search error, the notice of a missing « ma zone »,
 * the pager, the detail drawer frame, its sections and its table of DVF sales.
 */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatInteger } from '@immoloupe/shared/format';
import { Alert, Anchor, Button, Drawer, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';

/** Two fields « {label} min. » and « {label} max. », kept as typed (the page's logic parses them). */
export function RangeFields({
  min,
  max,
  onChange,
  width = 120,
  numeric = true,
}: {
  min: { label: string; value: string };
  max: { label: string; value: string };
  onChange: (bound: 'min' | 'max', value: string) => void;
  width?: number;
  numeric?: boolean;
}) {
  const mode = numeric ? 'numeric' : 'decimal';
  return (
    <>
      <TextInput label={min.label} value={min.value} onChange={(e) => onChange('min', e.currentTarget.value)} w={width} inputMode={mode} />
      <TextInput label={max.label} value={max.value} onChange={(e) => onChange('max', e.currentTarget.value)} w={width} inputMode={mode} />
    </>
  );
}

/** The count line of a result and its CSV export (shown when there is something to export). */
export function ResultHeader({ children, csv, total }: { children: ReactNode; csv: string; total: number }) {
  return (
    <Group justify="space-between">
      <Text aria-live="polite" fw={500}>
        {children}
      </Text>
      {total > 0 ? (
        <Button component="a" href={csv} variant="default" size="xs" download>
          Exporter en CSV
        </Button>
      ) : null}
    </Group>
  );
}

/** « Précédent(e)s — Page n sur N — Suivant(e)s », hidden on a single page. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  feminine = false,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  feminine?: boolean;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  return (
    <Group>
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {feminine ? 'Précédentes' : 'Précédents'}
      </Button>
      <Text size="sm">
        Page {formatInteger(page)} sur {formatInteger(last)}
      </Text>
      <Button variant="default" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {feminine ? 'Suivantes' : 'Suivants'}
      </Button>
    </Group>
  );
}

/** The drawer of one result: its title, a loader until the detail comes, or the French error. */
export function DetailDrawer({
  opened,
  onClose,
  title,
  loading,
  error,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  loading: string | null;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': 'Fermer la fiche' }}
    >
      {error ? <Alert color="red">{error}</Alert> : null}
      {loading && !error ? <Busy label={loading} /> : null}
      {children}
    </Drawer>
  );
}

/** A section of a drawer: its heading, then its content or a sentence saying there is none. */
export function DetailSection({ title, empty, children }: { title: string; empty: string | null; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {empty !== null ? <Text size="sm">{empty}</Text> : children}
    </Stack>
  );
}

export interface SaleRow {
  id: string;
  date: string;
  /** What was sold: a type of local, a nature, a number of lots. */
  what: string;
  price: number | null;
  pricePerM2: number | null;
}

/** The DVF sales on a parcel or a co-ownership's parcels. */
export function SalesTable({ label, sales }: { label: string; sales: readonly SaleRow[] }) {
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Tbody>
        {sales.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{formatDate(s.date)}</Table.Td>
            <Table.Td>{s.what}</Table.Td>
            <Table.Td>{s.price === null ? '—' : formatEuros(s.price)}</Table.Td>
            <Table.Td>{s.pricePerM2 === null ? '' : formatEurosPerSquareMetre(s.pricePerM2)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The French error of a search; when « ma zone » is missing, the way to set it. */
export function SearchError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" title="Recherche impossible">
      {error}
      {error.includes('ma zone') ? (
        <Text size="sm">
          <Anchor component={Link} to="/pro/mazone">
            Définir ma zone
          </Anchor>{' '}
          ou choisissez des communes ci-dessus.
        </Text>
      ) : null}
    </Alert>
  );
}

/** Said instead of searching « ma zone » when the subscriber has not defined it: a way on, not an error. */
export function NoZoneNotice() {
  return (
    <Paper withBorder p="sm" role="status">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Vous n’avez pas encore défini votre zone.
        </Text>
        <Text size="sm">
          Une fois définie (des communes ou un tracé sur la carte), les recherches l’utilisent par défaut. Vous pouvez aussi choisir
          ci-dessus des communes ou des codes postaux, puis lancer la recherche.
        </Text>
        <Text size="sm">
          <Anchor component={Link} to="/pro/mazone">
            Définir ma zone
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
