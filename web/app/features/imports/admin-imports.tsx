/**
 * The imports tab of the admin area (`/pro/admin`): the import runs (provenance, counts, rejected
 * rows with their line and reason) with a live progress bar while one runs, and the two ways to
 * start one: the official files of a département, or a file sent from this computer. Admin-only
 * API (`/api/admin/imports`); imports run in the server, one at a time.
 *
 * The state lives in `use-admin-imports.ts`; this file only lays the pieces out.
 */
import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { DepartementForm, UploadForm } from './admin-imports-forms';
import { RunsTable } from './admin-imports-runs';
import { useAdminImports } from './use-admin-imports';

export function AdminImports({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { data, error, notice, running, lastJob, started, dismissNotice } = useAdminImports();

  return (
    <Stack gap="md" component="section" aria-labelledby="imports-titre">
      <Title order={headingOrder} id="imports-titre">
        Imports de données ouvertes
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <DepartementForm disabled={running} onStarted={started} />
        <UploadForm disabled={running} onStarted={started} />
      </SimpleGrid>
      {running ? <Text size="sm">Un import est en cours&nbsp;: un seul à la fois.</Text> : null}
      {notice ? (
        <Alert color="blue" withCloseButton onClose={dismissNotice} title="Import">
          {notice}
        </Alert>
      ) : null}
      {lastJob && lastJob.status !== 'running' && lastJob.message ? (
        <Alert color={lastJob.status === 'succeeded' ? 'teal' : 'red'} title={`Dernier import lancé ici\u00a0: ${lastJob.label}`}>
          {lastJob.message}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" title="Erreur">
          {error}
        </Alert>
      ) : null}
      {!data && !error ? <Busy size="sm" label="Chargement des imports" /> : null}
      {data && data.runs.length === 0 ? <Text>Aucun import pour l’instant.</Text> : null}
      {data && data.runs.length > 0 ? <RunsTable runs={data.runs} /> : null}
    </Stack>
  );
}
