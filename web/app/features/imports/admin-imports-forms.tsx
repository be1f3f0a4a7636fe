/** The two ways to start an import: the official files of a département, or a file of this computer. */
import { OPEN_DATA_SOURCES, type OpenDataSource, parseDvfYears, SOURCE_NAMES } from '@immoloupe/shared/opendata/contracts';
import { Alert, Button, FileInput, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Select } from '~/components/select';
import { startDepartementImport, uploadImportFile, useImportStart } from './use-admin-imports';

type StartFormProps = { disabled: boolean; onStarted: (message: string) => void };

export function DepartementForm({ disabled, onStarted }: StartFormProps) {
  const [dep, setDep] = useState('');
  const [years, setYears] = useState('');
  const { error, busy, start } = useImportStart(onStarted, 'L’import n’a pas pu être lancé.');
  // The API's own rule, as it is typed: a refused range says why under the field, not by a dead button.
  const parsedYears = years.trim() ? parseDvfYears(years) : null;
  const yearsError = parsedYears && !parsedYears.ok ? parsedYears.message : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (yearsError) return;
    await start(() => startDepartementImport(dep, years));
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
            error={yearsError}
            w={200}
          />
          <Button type="submit" loading={busy} disabled={disabled || yearsError !== null}>
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

export function UploadForm({ disabled, onStarted }: StartFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const { error, setError, busy, start } = useImportStart(onStarted, 'L’envoi du fichier a échoué.');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError('Choisissez un fichier.');
      return;
    }
    const sent = file;
    // A large file takes a while to send: one picked meanwhile is the next import, keep it.
    await start(
      () => uploadImportFile(sent, source),
      () => setFile((current) => (current === sent ? null : current)),
    );
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
            w={280}
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
