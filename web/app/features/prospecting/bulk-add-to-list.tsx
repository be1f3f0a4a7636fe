/**
 * « Ajouter la sélection à une liste (N) »: the rows ticked in a tool's results go to one list, an
 * existing one or a new one, in a single call; the page then says how many went in, how many were
 * already there, and in which list.
 */
import { bulkAddSummary } from '@immoloupe/shared/prospecting/bulk-add.logic';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Alert, Anchor, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '~/lib/api';
import { ListChoiceFields } from './list-choice-fields';
import { addTargets } from './prospecting-api';
import { useListChoice } from './use-list-choice';

export function BulkAddToList({ targets, onAdded }: { targets: readonly TargetInput[]; onAdded: () => void }) {
  const [opened, setOpened] = useState(false);
  const choice = useListChoice();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; listId: string } | null>(null);
  const panelId = useId();

  async function open() {
    setOpened(true);
    setDone(null);
    setError(await choice.load());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const r = await addTargets({ targets: [...targets], ...choice.destination() });
      setDone({ text: bulkAddSummary({ ...r, listName: r.list.name }), listId: r.list.id });
      onAdded();
      await choice.used(r.list);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap={6} align="flex-start">
      <Button
        variant="light"
        size="xs"
        disabled={targets.length === 0 && !opened}
        onClick={() => (opened ? setOpened(false) : void open())}
        aria-expanded={opened}
        aria-controls={panelId}
      >
        Ajouter la sélection à une liste ({targets.length})
      </Button>
      <Collapse expanded={opened} id={panelId} w="100%" maw={360}>
        <Paper withBorder p="sm" radius="sm">
          <form onSubmit={submit} aria-label="Ajouter la sélection à une liste de prospection">
            <Stack gap="xs">
              <ListChoiceFields choice={choice} />
              {error && (
                <Alert color="red" variant="light" p="xs">
                  {error}
                </Alert>
              )}
              {done && (
                <Text size="sm" c="teal.8" role="status">
                  {done.text}{' '}
                  <Anchor component={Link} to={`/pro/prospection?liste=${done.listId}`} size="sm">
                    Ouvrir la liste
                  </Anchor>
                </Text>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="subtle" size="xs" onClick={() => setOpened(false)}>
                  Fermer
                </Button>
                <Button type="submit" size="xs" loading={pending} disabled={choice.lists === null || targets.length === 0}>
                  {targets.length > 1 ? `Ajouter ces ${targets.length} cibles` : targets.length === 1 ? 'Ajouter cette cible' : 'Ajouter'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Collapse>
    </Stack>
  );
}
