/**
 * The data tab of /pro/admin: for each dataset the vintage and rows held, the last import, the
 * coverage by département, and whether a newer official release is waiting to be imported.
 */
import { DATASET_UNITS, type DatasetStatus, type FreshnessState, startedByLabel } from '@immoloupe/shared/admin/data-dashboard';
import { countOf, formatDate, formatDateTime, formatInteger, formatVintage } from '@immoloupe/shared/format';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
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
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="data-dashboard" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th>Contenu</Table.Th>
                <Table.Th>Millésime du dernier fichier</Table.Th>
                <Table.Th>Dernier import</Table.Th>
                <Table.Th>Couverture par département</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.datasets.map((s) => (
                <Table.Tr key={s.dataset}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {s.name}
                    </Text>
                    {s.newestData ? (
                      <Text size="xs" c="dimmed">
                        donnée la plus récente{'\u00a0'}: {formatDate(s.newestData)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_BADGE[s.state].color} variant="outline">
                      {STATE_BADGE[s.state].label}
                    </Badge>
                    <Text size="xs" mt={4} maw={260}>
                      {s.stateText}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatInteger(s.rows)}</Text>
                    <Text size="xs" c="dimmed">
                      {s.rows >= 2 ? DATASET_UNITS[s.dataset].many : DATASET_UNITS[s.dataset].one}
                    </Text>
                  </Table.Td>
                  <Table.Td>{s.vintage ? formatVintage(s.vintage) : '—'}</Table.Td>
                  <Table.Td>
                    {s.lastImport ? (
                      <>
                        <Text size="sm">{formatDateTime(s.lastImport.at)}</Text>
                        <Text size="xs" c="dimmed">
                          {s.lastImport.fileName} — {startedByLabel(s.lastImport.by)}
                        </Text>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Coverage status={s} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
