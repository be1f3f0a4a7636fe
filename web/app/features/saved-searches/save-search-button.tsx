/**
 * « Enregistrer cette recherche » on a search tool: saves the tool and the page's current URL
 * query (the filters), with a name. The server validates the query with the
 * tool's own schema and says in French what is wrong.
 */
import { SAVED_SEARCH_TOOLS, type SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '~/lib/api';
import { createSavedSearch } from './api';

export function SaveSearchButton({ tool, defaultName }: { tool: SavedSearchToolId; defaultName?: string }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = () => {
    setName(defaultName ?? SAVED_SEARCH_TOOLS[tool].label);
    setError(null);
    setSaved(false);
    setOpen(true);
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await createSavedSearch({ tool, query: location.search, name });
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’enregistrement a échoué.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" onClick={start}>
        Enregistrer cette recherche
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Enregistrer cette recherche">
        {saved ? (
          <Stack>
            <Alert color="green">
              Recherche enregistrée.{' '}
              <Anchor component={Link} to="/pro/mesrecherches">
                Voir mes recherches
              </Anchor>
            </Alert>
            <Group justify="flex-end">
              <Button onClick={() => setOpen(false)}>Fermer</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <TextInput label="Nom" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Annuler
              </Button>
              <Button onClick={save} loading={busy}>
                Enregistrer
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
