/**
 * The audit log tab of /pro/admin: every administrator action (who, when, what, on whom, from
 * which IP address), newest first, filtered by action and by text.
 */
import {
  AUDIT_ACTIONS,
  AUDIT_DETAIL_LABELS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
} from '@immoloupe/shared/admin/audit-contracts';
import { formatDate, formatDateTime, formatInteger } from '@immoloupe/shared/format';
import { OPEN_DATA_SOURCES, type OpenDataSource, SOURCE_NAMES } from '@immoloupe/shared/opendata/contracts';
import { Alert, Box, Button, Code, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Busy } from '~/components/busy';
import { type ResponsiveColumn, ResponsiveTable } from '~/components/responsive-table';
import { Select } from '~/components/select';
import { useAuditLog } from './use-audit-log';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

function isSource(v: unknown): v is OpenDataSource {
  return typeof v === 'string' && (OPEN_DATA_SOURCES as readonly string[]).includes(v);
}

function detailValue(key: string, v: unknown): string {
  // Sources are stored as codes (`dvf-raw`): shown by the names the imports page uses.
  if (key === 'source' && isSource(v)) return SOURCE_NAMES[v];
  if (typeof v === 'number') return formatInteger(v);
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDate(v);
  return String(v);
}

/** Details read as a phrase where they make one (« 1 mois, jusqu’au 26/01/2027 »), as « label : value » otherwise. */
export function detailsText(entry: AuditEntry): string {
  const { months, until, ...rest } = entry.details;
  const period = [
    typeof months === 'number' ? `${months}\u00a0mois` : null,
    typeof until === 'string' ? `jusqu’au ${detailValue('until', until)}` : null,
  ].filter((p): p is string => p !== null);
  const parts = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${AUDIT_DETAIL_LABELS[k] ?? k}\u00a0: ${detailValue(k, v)}`);
  return [period.join(', '), ...parts].filter(Boolean).join(' · ');
}

/** On a phone each action is a card: its date first, then what was done, by whom, on whom, from where. */
const AUDIT_COLUMNS: ResponsiveColumn<AuditEntry>[] = [
  { key: 'at', header: 'Date', card: 'figure', nowrap: true, cell: (e) => formatDateTime(e.at) },
  { key: 'actor', header: 'Administrateur', card: 'detail', cell: (e) => <span style={{ overflowWrap: 'anywhere' }}>{e.actorEmail}</span> },
  {
    key: 'action',
    header: 'Action',
    card: 'title',
    cell: (e) => (
      <Text fw={600} size="sm">
        {AUDIT_ACTIONS[e.action as AuditAction]}
      </Text>
    ),
  },
  { key: 'target', header: 'Cible', card: 'detail', cell: (e) => <span style={{ overflowWrap: 'anywhere' }}>{e.target ?? '—'}</span> },
  { key: 'details', header: 'Détails', card: 'detail', cell: (e) => <Text size="xs">{detailsText(e)}</Text> },
  { key: 'ip', header: 'Adresse IP', card: 'detail', cell: (e) => <Code>{e.ip ?? 'inconnue'}</Code> },
];

export function AuditLog({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const [action, setAction] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, error } = useAuditLog({ action, q, page });
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      <Title order={headingOrder}>Journal des actions d’administration</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQ(text.trim());
        }}
      >
        <Group align="flex-end">
          <Select
            label="Action"
            placeholder="Toutes les actions"
            data={ACTION_OPTIONS}
            value={action}
            onChange={(v) => {
              setPage(1);
              setAction(v);
            }}
            clearable
            w={260}
          />
          <TextInput label="Administrateur ou cible" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button type="submit" variant="default">
            Filtrer
          </Button>
        </Group>
      </form>
      {error ? <Alert color="red">{error}</Alert> : null}
      {!data ? (
        <Busy size="sm" />
      ) : data.entries.length === 0 ? (
        <Text c="dimmed">Aucune action enregistrée pour ces critères.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {formatInteger(data.total)} action{data.total > 1 ? 's' : ''}
          </Text>
          <Box data-testid="audit-log">
            <ResponsiveTable
              rows={data.entries}
              rowKey={(e) => String(e.id)}
              columns={AUDIT_COLUMNS}
              label="Actions d’administration"
              minWidth={760}
            />
          </Box>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
