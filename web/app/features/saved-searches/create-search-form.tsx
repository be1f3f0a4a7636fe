/** /pro/creer_recherche: a saved search from scratch, with the form of the chosen tool. */
import {
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  SAVED_SEARCH_TOOL_IDS,
  SAVED_SEARCH_TOOLS,
  type SavedSearch,
  type SavedSearchToolId,
} from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CommunesPicker } from '~/components/communes-picker';
import { MultiSelect, Select } from '~/components/select';
import { ApiError } from '~/lib/api';
import { useAlertStatus } from '../alerts/use-alert-status';
import { AlertChoice } from './alert-choice';
import { createSavedSearch } from './api';
import { issueMessages, queryOfForm, TOOL_FIELDS } from './create-search.logic';

export function CreateSearchForm() {
  const [params] = useSearchParams();
  // `?outil=annonces`: the links of a tool's empty state open the form on that tool.
  const [tool, setTool] = useState<SavedSearchToolId>(() => {
    const asked = params.get('outil');
    return SAVED_SEARCH_TOOL_IDS.find((t) => t === asked) ?? 'transactions';
  });
  const [values, setValues] = useState<Record<string, string | string[]>>({});
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<AlertFrequency>('off');
  const status = useAlertStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<{ search: SavedSearch; form: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // What was saved, to tell a second click on the same form (a duplicate) from a new search.
  const form = JSON.stringify([tool, queryOfForm(tool, values), name.trim(), alert]);
  const unchanged = saved?.form === form;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (unchanged) return;
    setBusy(true);
    setErrors([]);
    try {
      setSaved({ search: await createSavedSearch({ tool, query: queryOfForm(tool, values), name, alert }), form });
    } catch (err) {
      setErrors(
        err instanceof ApiError
          ? err.issues.length > 0
            ? issueMessages(tool, err.issues)
            : [err.message]
          : ['L’enregistrement a échoué.'],
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Créer une recherche" maw={900}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Outil"
            data={SAVED_SEARCH_TOOL_IDS.map((t) => ({ value: t, label: SAVED_SEARCH_TOOLS[t].label }))}
            value={tool}
            allowDeselect={false}
            onChange={(v) => {
              if (!v) return;
              const next = v as SavedSearchToolId;
              setTool(next);
              setValues({});
            }}
          />
          <TextInput label="Nom de la recherche" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} />
          {TOOL_FIELDS[tool].map((f) =>
            f.communes ? (
              <CommunesPicker
                // Per tool: what was typed in one tool's field does not stay in the next one's.
                key={`${tool}-${f.key}`}
                label={f.label}
                description={f.description}
                max={f.communes.max}
                value={(values[f.key] as string[] | undefined) ?? []}
                onChange={(codes) => setValues({ ...values, [f.key]: codes })}
              />
            ) : f.choices && f.single ? (
              <Select
                key={f.key}
                label={f.label}
                data={f.choices}
                clearable
                value={(values[f.key] as string | undefined) || null}
                onChange={(v) => setValues({ ...values, [f.key]: v ?? '' })}
              />
            ) : f.choices ? (
              <MultiSelect
                key={f.key}
                label={f.label}
                data={f.choices}
                value={(values[f.key] as string[] | undefined) ?? []}
                onChange={(v) => setValues({ ...values, [f.key]: v })}
              />
            ) : (
              <TextInput
                key={f.key}
                label={f.label}
                placeholder={f.placeholder}
                value={(values[f.key] as string | undefined) ?? ''}
                onChange={(e) => setValues({ ...values, [f.key]: e.currentTarget.value })}
              />
            ),
          )}
        </SimpleGrid>
        <AlertChoice value={alert} onChange={setAlert} status={status} />
        {errors.length > 0 && (
          <Alert color="red" role="alert">
            {errors.length === 1 ? (
              errors[0]
            ) : (
              <List size="sm">
                {errors.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {saved && (
          <Alert color="green">
            Recherche «{'\u00a0'}
            {saved.search.name}
            {'\u00a0'}» enregistrée
            {saved.search.alert === 'off' ? '' : `, alerte ${ALERT_FREQUENCY_LABELS[saved.search.alert].toLowerCase()}`}.{' '}
            <Anchor component={Link} to={saved.search.url}>
              L’ouvrir
            </Anchor>{' '}
            ·{' '}
            <Anchor component={Link} to="/pro/mesrecherches">
              Mes recherches
            </Anchor>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={unchanged}>
            {unchanged ? 'Recherche enregistrée' : 'Enregistrer la recherche'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
