/**
 * The data tab of /pro/admin: for each dataset the vintage and rows held, the last import, the
 * coverage by département, and whether a newer official release is waiting to be imported.
 */
import { DATASET_UNITS, type DatasetStatus, type FreshnessState, startedByLabel } from '@immoloupe/shared/admin/data-dashboard';
import { countOf, formatDate, formatDateTime, formatInteger, formatVintage } from '@immoloupe/shared/format';
import { Alert, Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { type ResponsiveColumn, ResponsiveTable } from '~/components/responsive-table';
import { useDataDashboard } from './use-data-dashboard';

const STATE_BADGE: Record<FreshnessState, { color: string; label: string }> = {
  fresh: { color: 'teal', label: 'à jour' },
  stale: { color: 'orange', label: 'périmé' },
  absent: { color: 'gray', label: 'absent' },
  unchecked: { color: 'blue', label: 'non vérifié' },
};

/** Beyond this many départements (a France-wide DPE file), the rest fold under one line. */
const COVERAGE_SHOWN = 12;

/** « 3 139 ventes (mutations) »: the unit each dataset counts, so that it is not read as file lines. */
function countIn(dataset: DatasetStatus['dataset'], n: number): string {
  const unit = DATASET_UNITS[dataset];
  return countOf(n, unit.one, unit.many);
}

function CoverageBadges({ dataset, coverage }: { dataset: DatasetStatus['dataset']; coverage: DatasetStatus['coverage'] }) {
  return coverage.map((c) => (
    <Badge key={c.departement} size="sm" variant="outline" color="gray" title={countIn(dataset, c.rows)}>
      {c.departement === '?' ? 'sans commune' : c.departement}
      {`\u00a0: ${formatInteger(c.rows)}`}
    </Badge>
  ));
}

function Coverage({ status }: { status: DatasetStatus }) {
  if (status.coverage.length === 0) return <Text size="sm">—</Text>;
  if (status.coverage.length <= COVERAGE_SHOWN)
    return (
      <Group gap={4}>
        <CoverageBadges dataset={status.dataset} coverage={status.coverage} />
      </Group>
    );
  // The largest first, the others folded: eighty départements one per line made the table unreadable.
  const byRows = [...status.coverage].sort((a, b) => b.rows - a.rows);
  const rest = byRows.slice(COVERAGE_SHOWN);
  return (
    <Stack gap={4}>
      <Group gap={4}>
        <CoverageBadges dataset={status.dataset} coverage={byRows.slice(0, COVERAGE_SHOWN)} />
      </Group>
      <details>
        <summary>
          <Text span size="xs">
            {countOf(status.coverage.length, 'département')} en tout{'\u00a0'}: voir les {formatInteger(rest.length)} autres (
            {countIn(
              status.dataset,
              rest.reduce((n, c) => n + c.rows, 0),
            )}
            )
          </Text>
        </summary>
        <Group gap={4} mt={4}>
          <CoverageBadges dataset={status.dataset} coverage={[...rest].sort((a, b) => a.departement.localeCompare(b.departement))} />
        </Group>
      </details>
    </Stack>
  );
}

/** On a phone each source is a card: its state and its contents first, then its name, vintage, last import and coverage. */
const DATASET_COLUMNS: ResponsiveColumn<DatasetStatus>[] = [
  {
    key: 'source',
    header: 'Source',
    card: 'title',
    cell: (s) => (
      <>
        <Text fw={600} size="sm">
          {s.name}
        </Text>
        {s.newestData ? (
          <Text size="xs" c="dimmed">
            donnée la plus récente{'\u00a0'}: {formatDate(s.newestData)}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'state',
    header: 'État',
    card: 'figure',
    cell: (s) => (
      <>
        <Badge color={STATE_BADGE[s.state].color} variant="outline">
          {STATE_BADGE[s.state].label}
        </Badge>
        <Text size="xs" mt={4} maw={260} fw={400} style={{ whiteSpace: 'normal' }}>
          {s.stateText}
        </Text>
      </>
    ),
  },
  {
    key: 'rows',
    header: 'Contenu',
    card: 'figure',
    cell: (s) => (
      <>
        <Text size="sm" fw="inherit">
          {formatInteger(s.rows)}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          {s.rows >= 2 ? DATASET_UNITS[s.dataset].many : DATASET_UNITS[s.dataset].one}
        </Text>
      </>
    ),
  },
  { key: 'vintage', header: 'Millésime du dernier fichier', card: 'detail', cell: (s) => (s.vintage ? formatVintage(s.vintage) : '—') },
  {
    key: 'last',
    header: 'Dernier import',
    card: 'detail',
    cell: (s) =>
      s.lastImport ? (
        <>
          <Text size="sm">{formatDateTime(s.lastImport.at)}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s.lastImport.fileName} — {startedByLabel(s.lastImport.by)}
          </Text>
        </>
      ) : (
        '—'
      ),
  },
  { key: 'coverage', header: 'Couverture par département', card: 'detail', cell: (s) => <Coverage status={s} /> },
];

export function DataDashboard({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { data, error } = useDataDashboard();
  return (
    <Stack gap="md">
      <Title order={headingOrder}>Tableau de bord des données</Title>
      <Text size="sm" c="dimmed">
        Une source est périmée quand son dernier import est antérieur à la dernière publication officielle indiquée dans la configuration
        (variables DATA_RELEASE_…).
      </Text>
      <Text size="sm" c="dimmed">
        Chaque source compte ce qu’elle contient (ventes, parcelles, diagnostics…), pas les lignes de ses fichiers&nbsp;: une vente DVF
        occupe une ligne par lot ou par parcelle dans le fichier, d’où plus de «&nbsp;lignes du fichier&nbsp;» à l’onglet Imports que de
        ventes ici.
      </Text>
      {error ? <Alert color="red">{error}</Alert> : null}
      {!data ? (
        <Busy size="sm" />
      ) : (
        <Box data-testid="data-dashboard">
          <ResponsiveTable
            rows={data.datasets}
            rowKey={(s) => s.dataset}
            columns={DATASET_COLUMNS}
            label="Sources de données"
            minWidth={900}
            tableProps={{ striped: true, highlightOnHover: false, verticalSpacing: 'sm' }}
          />
        </Box>
      )}
    </Stack>
  );
}
