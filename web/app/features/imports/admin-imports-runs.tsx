/** The table of import runs: provenance, state with a live progress bar, counts, duration, rejected rows. */

import { startedByLabel } from '@immoloupe/shared/admin/data-dashboard';
import { formatDate, formatInteger, vintagePhrase } from '@immoloupe/shared/format';
import { type ImportRun, SOURCE_NAMES } from '@immoloupe/shared/opendata/contracts';
import { Badge, Progress, Spoiler, Stack, Table, Text } from '@mantine/core';
import { WideTable } from '~/components/wide-table';
import { formatDuration, progressLabel, progressRatio, STATUS_COLORS, STATUS_LABELS } from './imports.logic';

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

function when(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(d)} à ${time.format(d)}`;
}

function RunRow({ run }: { run: ImportRun }) {
  const ratio = progressRatio(run);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(run.startedAt)}</Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        {/* Never narrower than its label: a squeezed column would cut « Réussi » to « RÉU… ». */}
        <Badge color={STATUS_COLORS[run.status]} variant="outline" miw="fit-content">
          {STATUS_LABELS[run.status]}
        </Badge>
        {run.status === 'running' ? (
          <Stack gap={4} mt={6}>
            <Progress
              value={run.phase === 'fusion' ? 100 : (ratio ?? 0) * 100}
              animated
              striped={run.phase === 'fusion'}
              aria-label={`Progression de l’import de ${run.fileName}`}
            />
            <Text size="xs">{progressLabel(run)}</Text>
          </Stack>
        ) : null}
        {run.error ? (
          <Text size="sm" c="red" mt={4}>
            {run.error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatInteger(run.rowsRead)} lues</Text>
        <Text size="sm">{formatInteger(run.rowsKept)} importées</Text>
        <Text size="sm" c={run.rowsRejected > 0 ? 'orange' : undefined}>
          {formatInteger(run.rowsRejected)} rejetées
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(run.durationMs)}</Table.Td>
      <Table.Td>
        {run.rejects.length > 0 ? (
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
        ) : (
          <Text size="xs" c="dimmed">
            Aucune
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function RunsTable({ runs }: { runs: ImportRun[] }) {
  return (
    <WideTable label="Imports de données" minWidth={900}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Lancé le</Table.Th>
            <Table.Th scope="col">Source et fichier</Table.Th>
            <Table.Th scope="col">État</Table.Th>
            {/* File lines, not sales: a DVF sale spans one line per lot or parcel (see the data dashboard). */}
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Lignes du fichier
            </Table.Th>
            <Table.Th scope="col">Durée</Table.Th>
            <Table.Th scope="col">Lignes rejetées</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
