/**
 * « Enregistrer cette recherche » on a search tool: saves the tool and the page's current URL
 * query (the filters), with a name and an e-mail alert. The server validates the query with the
 * tool's own schema and says in French what is wrong. Or replaces the filters of one of the user's
 * searches of this tool — by default the one the page was opened from (« Ouvrir » in Mes recherches).
 */
import { NBSP } from '@immoloupe/shared/format';
import {
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  SAVED_SEARCH_TOOLS,
  type SavedSearch,
  type SavedSearchToolId,
} from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Select } from '~/components/select';
import { ApiError } from '~/lib/api';
import { useAlertStatus } from '../alerts/use-alert-status';
import { AlertChoice } from './alert-choice';
import { createSavedSearch, updateSavedSearch } from './api';
import { savedSearchesChanged, useSearchesOfTool } from './use-saved-searches';

/** Set by « Ouvrir » in Mes recherches: the search this page was opened from, offered for update. */
export const OPENED_SEARCH_KEY = 'immoloupe.recherche-ouverte';
const NEW = 'nouvelle';

/** The user's searches of this tool, and the one the page was opened from (when it is one of them). */
function useSearchesToReplace(tool: SavedSearchToolId): { searches: SavedSearch[]; opened: string | null } {
  const searches = useSearchesOfTool(tool);
  const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(OPENED_SEARCH_KEY);
  return { searches, opened: searches.some((x) => x.id === stored) ? stored : null };
}

/** The modal's content, mounted when it opens (the alert status is read then). */
function SaveSearchForm({ tool, defaultName, onClose }: { tool: SavedSearchToolId; defaultName?: string; onClose: () => void }) {
  const location = useLocation();
  const status = useAlertStatus();
  const { searches, opened } = useSearchesToReplace(tool);
  const client = useQueryClient();
  const [target, setTarget] = useState<string | null>(null);
  // Opened from a saved search: updating it is what the agent most likely came for.
  const chosen = target ?? opened ?? NEW;
  const replacing = searches.find((x) => x.id === chosen) ?? null;
  const [name, setName] = useState(defaultName ?? SAVED_SEARCH_TOOLS[tool].label);
  const [alert, setAlert] = useState<AlertFrequency>('off');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      if (replacing) {
        await updateSavedSearch(replacing.id, { query: location.search });
        setSaved(`Recherche «${NBSP}${replacing.name}${NBSP}» mise à jour${NBSP}: ses filtres sont ceux de cette page.`);
      } else {
        await createSavedSearch({ tool, query: location.search, name, alert });
        setSaved(`Recherche enregistrée${alert === 'off' ? '' : `, alerte ${ALERT_FREQUENCY_LABELS[alert].toLowerCase()}`}.`);
      }
      void savedSearchesChanged(client);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’enregistrement a échoué.');
    } finally {
      setBusy(false);
    }
  };

  if (saved)
    return (
      <Stack>
        <Alert color="green">
          {saved}{' '}
          <Anchor component={Link} to="/pro/mesrecherches">
            Voir mes recherches
          </Anchor>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Fermer</Button>
        </Group>
      </Stack>
    );
  return (
    <Stack>
      {searches.length > 0 && (
        <Select
          label="Enregistrer"
          value={chosen}
          onChange={(v) => setTarget(v ?? NEW)}
          allowDeselect={false}
          data={[
            { value: NEW, label: 'Comme une nouvelle recherche' },
            ...searches.map((x) => ({ value: x.id, label: `En remplaçant les filtres de «${NBSP}${x.name}${NBSP}»` })),
          ]}
        />
      )}
      {replacing ? (
        <Text size="sm">
          Les filtres de cette page remplacent ceux de «{NBSP}
          {replacing.name}
          {NBSP}»{NBSP}; son nom et son alerte restent.
        </Text>
      ) : (
        <>
          <TextInput label="Nom" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} />
          <AlertChoice value={alert} onChange={setAlert} status={status} inModal />
        </>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Annuler
        </Button>
        <Button onClick={save} loading={busy}>
          {replacing ? 'Mettre à jour' : 'Enregistrer'}
        </Button>
      </Group>
    </Stack>
  );
}

export function SaveSearchButton({ tool, defaultName }: { tool: SavedSearchToolId; defaultName?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Enregistrer cette recherche
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Enregistrer cette recherche">
        <SaveSearchForm tool={tool} defaultName={defaultName} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
