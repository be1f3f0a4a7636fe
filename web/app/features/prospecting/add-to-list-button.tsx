/**
 * « Ajouter à une liste de prospection »: a button any tool puts next to a DPE, a co-ownership, a
 * parcel or an address. It unfolds, under itself, a small form to pick one of the user's lists or
 * name a new one, and tells where the target went (a target already in the list is not added twice).
 * Unfolded in the flow rather than floating: in the DPE and co-ownership drawers a floating panel
 * covered the details the agent was reading while choosing the list.
 */
import type { TargetKind } from '@immoloupe/shared/prospecting/contracts';
import { Alert, Anchor, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '~/lib/api';
import { ListChoiceFields } from './list-choice-fields';
import { addTarget } from './prospecting-api';
import { useListChoice } from './use-list-choice';

export interface AddToListButtonProps {
  kind: TargetKind;
  /** Reference of the target in its source: DPE number, RNIC number, parcel id, BAN id or address. */
  refId: string;
  label: string;
  address: string;
  /** A legal entity's name when the tool knows it (never a private person's). */
  ownerName?: string | null;
}

export function AddToListButton({ kind, refId, label, address, ownerName = null }: AddToListButtonProps) {
  const [opened, setOpened] = useState(false);
  const choice = useListChoice();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
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
      const r = await addTarget({ kind, ref: refId, label, address, ownerName, ...choice.destination() });
      // The list is named: the last one used is preselected, a wrong one shows at once.
      setDone(r.created ? `Ajoutée à «\u00a0${r.list.name}\u00a0».` : `Déjà dans «\u00a0${r.list.name}\u00a0».`);
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
        onClick={() => (opened ? setOpened(false) : void open())}
        aria-expanded={opened}
        aria-controls={panelId}
        data-testid="add-to-list"
      >
        Ajouter à une liste de prospection
      </Button>
      <Collapse expanded={opened} id={panelId} w="100%" maw={360}>
        <Paper withBorder p="sm" radius="sm">
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Text size="sm" fw={600} lineClamp={2}>
                {label}
              </Text>
              <ListChoiceFields choice={choice} />
              {error && (
                <Alert color="red" variant="light" p="xs">
                  {error}
                </Alert>
              )}
              {done && (
                <Text size="sm" c="teal.8" role="status">
                  {done}{' '}
                  <Anchor component={Link} to={`/pro/prospection?liste=${choice.choice ?? ''}`} size="sm">
                    Ouvrir la liste
                  </Anchor>
                </Text>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="subtle" size="xs" onClick={() => setOpened(false)}>
                  Fermer
                </Button>
                <Button type="submit" size="xs" loading={pending} disabled={choice.lists === null}>
                  Ajouter
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Collapse>
    </Stack>
  );
}
