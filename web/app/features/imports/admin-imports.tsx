/**
 * The imports tab of the admin area (`/pro/admin`): the import runs (provenance, counts, rejected
 * rows with their line and reason) with a live progress bar while one runs, and the two ways to
 * start one: the official files of a département, or a file sent from this computer. Admin-only
 * API (`/api/admin/imports`); imports run in the server, one at a time.
 */
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import {
  type ImportRun,
  type ImportRunsResponse,
  importJobSchema,
  importRunsResponseSchema,
  OPEN_DATA_SOURCES,
  type OpenDataSource,
  SOURCE_NAMES,
} from '@immoloupe/shared/opendata/contracts';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Spoiler,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { Select } from '~/components/select';
import { WideTable } from '~/components/wide-table';
import { ApiError, apiFetch } from '~/lib/api';
import { anyRunning, formatDuration, progressLabel, progressRatio, STATUS_COLORS, STATUS_LABELS } from './imports.logic';

const startedSchema = z.object({ job: importJobSchema });
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
          {SOURCE_NAMES[run.source]}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {run.fileName}
        </Text>
        {run.vintage ? <Text size="xs">Millésime {run.vintage}</Text> : null}
        <Text size="xs" c="dimmed">
          par {run.startedBy}
        </Text>
      </Table.Td>
      <Table.Td>
        {/* Never narrower than its label: a squeezed column would cut « Réussi » to « RÉU… ». */}
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
          <Text size="sm" c="red.8" mt={4}>
            {run.error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatInteger(run.rowsRead)} lues</Text>
        <Text size="sm">{formatInteger(run.rowsKept)} importées</Text>
        <Text size="sm" c={run.rowsRejected > 0 ? 'orange.9' : undefined}>
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

function DepartementForm({ disabled, onStarted }: { disabled: boolean; onStarted: (message: string) => void }) {
  const [dep, setDep] = useState('');
  const [years, setYears] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { job } = await apiFetch('/api/admin/imports/departement', startedSchema, {
        method: 'POST',
        body: JSON.stringify({ dep, ...(years.trim() ? { years: years.trim() } : {}) }),
      });
      onStarted(`Import lancé\u00a0: ${job.label}.`);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’import n’a pas pu être lancé.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="import-dep-titre">
      <Stack gap="sm">
        <Title order={3} id="import-dep-titre">
          Fichiers officiels d’un département
        </Title>
        <Text size="sm">Cadastre, adresses (BAN), DVF géolocalisées des années choisies et DPE, téléchargés puis importés.</Text>
        <Group align="flex-end">
          <TextInput label="Département" placeholder="93" required value={dep} onChange={(e) => setDep(e.currentTarget.value)} w={140} />
          <TextInput
            label="Années DVF"
            description="Par défaut, les cinq dernières"
            placeholder="2020-2024"
            value={years}
            onChange={(e) => setYears(e.currentTarget.value)}
            w={200}
          />
          <Button type="submit" loading={busy} disabled={disabled}>
            Télécharger et importer
          </Button>
        </Group>
        {error ? (
          <Alert color="red" title="Import refusé">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function UploadForm({ disabled, onStarted }: { disabled: boolean; onStarted: (message: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError('Choisissez un fichier.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const query = new URLSearchParams({ nom: file.name, ...(source ? { source } : {}) });
      const { job } = await apiFetch(`/api/admin/imports/upload?${query}`, startedSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: file,
      });
      onStarted(`Import lancé\u00a0: ${job.label}.`);
      setFile(null);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’envoi du fichier a échoué.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="import-fichier-titre">
      <Stack gap="sm">
        <Title order={3} id="import-fichier-titre">
          Un fichier de cet ordinateur
        </Title>
        <Text size="sm">
          DVF, ValeursFoncieres, cadastre (.json ou .json.gz), DPE, RNIC ou BAN&nbsp;: la source est reconnue à l’en-tête.
        </Text>
        <Group align="flex-end">
          <FileInput label="Fichier" placeholder="Choisir un fichier" value={file} onChange={setFile} required w={260} clearable />
          <Select
            label="Source"
            placeholder="Reconnue automatiquement"
            data={OPEN_DATA_SOURCES.map((s: OpenDataSource) => ({ value: s, label: SOURCE_NAMES[s] }))}
            value={source}
            onChange={setSource}
            clearable
            w={240}
          />
          <Button type="submit" loading={busy} disabled={disabled}>
            Envoyer et importer
          </Button>
        </Group>
        {error ? (
          <Alert color="red" title="Import refusé">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function AdminImports({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const [data, setData] = useState<ImportRunsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await apiFetch('/api/admin/imports', importRunsResponseSchema));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'La liste des imports n’a pas pu être chargée.');
    }
  }, []);

  const running = data ? anyRunning(data.runs, data.jobs) : false;
  useEffect(() => {
    void load();
    // Every second while an import runs (live progress), every 15 s otherwise.
    const timer = setInterval(() => void load(), running ? 1_000 : 15_000);
    return () => clearInterval(timer);
  }, [load, running]);

  // The "import started" notice gives way to the job's outcome once it ends.
  useEffect(() => {
    if (!running) setNotice(null);
  }, [running]);

  const started = (message: string) => {
    setNotice(message);
    void load();
  };
  const lastJob = data?.jobs[0];

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
        <Alert color="blue" withCloseButton onClose={() => setNotice(null)} title="Import">
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
      {!data && !error ? <Loader size="sm" aria-label="Chargement des imports" /> : null}
      {data && data.runs.length === 0 ? <Text>Aucun import pour l’instant.</Text> : null}
      {data && data.runs.length > 0 ? (
        <WideTable label="Imports de données" minWidth={900}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Lancé le</Table.Th>
                <Table.Th scope="col">Source et fichier</Table.Th>
                <Table.Th scope="col">État</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Lignes
                </Table.Th>
                <Table.Th scope="col">Durée</Table.Th>
                <Table.Th scope="col">Lignes rejetées</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.runs.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
    </Stack>
  );
}
