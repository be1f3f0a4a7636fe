/**
 * « Enregistrer cette recherche » on a search tool: saves the tool and the page's current URL
 * query (the filters), with a name and an e-mail alert. The server validates the query with the
 * tool's own schema and says in French what is wrong.
 */
import {
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  SAVED_SEARCH_TOOLS,
  type SavedSearchToolId,
} from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '~/lib/api';
import { useAlertStatus } from '../alerts/use-alert-status';
import { AlertChoice } from './alert-choice';
import { createSavedSearch } from './api';

/** The modal's content, mounted when it opens (the alert status is read then). */
function SaveSearchForm({ tool, defaultName, onClose }: { tool: SavedSearchToolId; defaultName?: string; onClose: () => void }) {
  const location = useLocation();
  const status = useAlertStatus();
  const [name, setName] = useState(defaultName ?? SAVED_SEARCH_TOOLS[tool].label);
  const [alert, setAlert] = useState<AlertFrequency>('off');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await createSavedSearch({ tool, query: location.search, name, alert });
      setSaved(true);
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
          Recherche enregistrée
          {alert === 'off' ? '' : `, alerte ${ALERT_FREQUENCY_LABELS[alert].toLowerCase()}`}.{' '}
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
      <TextInput label="Nom" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} />
      <AlertChoice value={alert} onChange={setAlert} status={status} inModal />
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
          Enregistrer
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
