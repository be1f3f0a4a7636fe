/** The table of import runs: provenance, state with a live progress bar, counts, duration, rejected rows; cards on a phone. */

import { startedByLabel } from '@immoloupe/shared/admin/data-dashboard';
import { formatDate, formatInteger, vintagePhrase } from '@immoloupe/shared/format';
import { type ImportRun, SOURCE_NAMES } from '@immoloupe/shared/opendata/contracts';
import { Badge, Progress, Spoiler, Stack, Text } from '@mantine/core';
import { type ResponsiveColumn, ResponsiveTable } from '~/components/responsive-table';
import { formatDuration, progressLabel, progressRatio, STATUS_COLORS, STATUS_LABELS } from './imports.logic';

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

function when(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(d)} à ${time.format(d)}`;
}

function SourceAndFile({ run }: { run: ImportRun }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {run.source ? SOURCE_NAMES[run.source] : 'Source non reconnue'}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {run.fileName}
      </Text>
      {run.vintage ? <Text size="xs">{vintagePhrase(run.vintage, { capital: true })}</Text> : null}
      <Text size="xs" c="dimmed">
        par {startedByLabel(run.startedBy)}
      </Text>
    </>
  );
}

function State({ run }: { run: ImportRun }) {
  const ratio = progressRatio(run);
  return (
    <>
      {/* Never narrower than its label: a squeezed column would cut « Réussi » to « RÉU… ». */}
      <Badge color={STATUS_COLORS[run.status]} variant="outline" miw="fit-content">
        {STATUS_LABELS[run.status]}
      </Badge>
      {run.status === 'running' ? (
        <Stack gap={4} mt={6} miw={160}>
          <Progress
            value={run.phase === 'fusion' ? 100 : (ratio ?? 0) * 100}
            animated
            striped={run.phase === 'fusion'}
            aria-label={`Progression de l’import de ${run.fileName}`}
          />
          <Text size="xs" fw={400}>
            {progressLabel(run)}
          </Text>
        </Stack>
      ) : null}
      {run.error ? (
        <Text size="sm" c="red" mt={4} fw={400} style={{ whiteSpace: 'normal' }}>
          {run.error}
        </Text>
      ) : null}
    </>
  );
}

function Counts({ run }: { run: ImportRun }) {
  return (
    <>
      <Text size="sm" fw="inherit">
        {formatInteger(run.rowsRead)} lues
      </Text>
      <Text size="sm" fw="inherit">
        {formatInteger(run.rowsKept)} importées
      </Text>
      <Text size="sm" fw="inherit" c={run.rowsRejected > 0 ? 'orange' : undefined}>
        {formatInteger(run.rowsRejected)} rejetées
      </Text>
    </>
  );
}

function Rejects({ run }: { run: ImportRun }) {
  if (run.rejects.length === 0)
    return (
      <Text size="xs" c="dimmed">
        Aucune
      </Text>
    );
  return (
    <Spoiler maxHeight={48} showLabel="Voir les lignes rejetées" hideLabel="Réduire">
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {run.rejects.map((r) => (
          <li key={`${r.line}-${r.reason}`}>
            <Text size="xs">
              ligne {formatInteger(r.line)}&nbsp;: {r.reason}
            </Text>
          </li>
        ))}
      </ul>
    </Spoiler>
  );
}

/** On a phone each run is a card: its state and its counts first, then its source and file, its date, duration and rejected rows. */
const RUN_COLUMNS: ResponsiveColumn<ImportRun>[] = [
  { key: 'started', header: 'Lancé le', card: 'detail', nowrap: true, cell: (run) => when(run.startedAt) },
  { key: 'source', header: 'Source et fichier', card: 'title', cell: (run) => <SourceAndFile run={run} /> },
  { key: 'state', header: 'État', card: 'figure', cell: (run) => <State run={run} /> },
  // File lines, not sales: a DVF sale spans one line per lot or parcel (see the data dashboard).
  { key: 'rows', header: 'Lignes du fichier', card: 'figure', align: 'right', nowrap: true, cell: (run) => <Counts run={run} /> },
  { key: 'duration', header: 'Durée', card: 'detail', nowrap: true, cell: (run) => formatDuration(run.durationMs) },
  { key: 'rejects', header: 'Lignes rejetées', card: 'detail', cell: (run) => <Rejects run={run} /> },
];

export function RunsTable({ runs }: { runs: ImportRun[] }) {
  return (
    <ResponsiveTable
      rows={runs}
      rowKey={(run) => String(run.id)}
      columns={RUN_COLUMNS}
      label="Imports de données"
      minWidth={900}
      tableProps={{ striped: true, highlightOnHover: false, withTableBorder: true, verticalSpacing: 'sm' }}
    />
  );
}
