/**
 * « Ajouter à une liste de prospection »: a button any tool puts next to a DPE, a co-ownership, a
 * parcel or an address. It unfolds, under itself, a small form to pick one of the user's lists or
 * name a new one, and tells where the target went (a target already in the list is not added twice).
 * Unfolded in the flow rather than floating: in the DPE and co-ownership drawers a floating panel
 * covered the details the agent was reading while choosing the list.
 */
import type { ProspectingList, TargetKind } from '@immoloupe/shared/prospecting/contracts';
import { Alert, Anchor, Button, Collapse, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '~/lib/api';
import { addTarget, fetchLists } from './prospecting-api';

export interface AddToListButtonProps {
  kind: TargetKind;
  /** Reference of the target in its source: DPE number, RNIC number, parcel id, BAN id or address. */
  refId: string;
  label: string;
  address: string;
  /** A legal entity's name when the tool knows it (never a private person's). */
  ownerName?: string | null;
}

const NEW = '__nouvelle__';

export function AddToListButton({ kind, refId, label, address, ownerName = null }: AddToListButtonProps) {
  const [opened, setOpened] = useState(false);
  const [lists, setLists] = useState<ProspectingList[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const panelId = useId();

  async function open() {
    setOpened(true);
    setDone(null);
    setError(null);
    try {
      const all = await fetchLists();
      setLists(all);
      setChoice((c) => c ?? all.at(-1)?.id ?? NEW);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Vos listes n’ont pas pu être chargées.');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const target = { kind, ref: refId, label, address, ownerName };
      const r = await addTarget(choice === NEW || !choice ? { ...target, newListName: newName } : { ...target, listId: choice });
      setDone(r.created ? `Ajoutée à «\u00a0${r.list.name}\u00a0».` : `Déjà dans «\u00a0${r.list.name}\u00a0».`);
      setChoice(r.list.id);
      setNewName('');
      setLists(await fetchLists());
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.');
    } finally {
      setPending(false);
    }
  }

  const options = [
    ...(lists ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.targets})` })),
    { value: NEW, label: 'Nouvelle liste…' },
  ];
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
              <Select
                label="Liste"
                data={options}
                value={choice}
                onChange={setChoice}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                disabled={lists === null}
              />
              {choice === NEW && (
                <TextInput
                  label="Nom de la nouvelle liste"
                  value={newName}
                  onChange={(e) => setNewName(e.currentTarget.value)}
                  required
                  maxLength={120}
                />
              )}
              {error && (
                <Alert color="red" variant="light" p="xs">
                  {error}
                </Alert>
              )}
              {done && (
                <Text size="sm" c="teal.8" role="status">
                  {done}{' '}
                  <Anchor component={Link} to={`/pro/prospection?liste=${choice ?? ''}`} size="sm">
                    Ouvrir la liste
                  </Anchor>
                </Text>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="subtle" size="xs" onClick={() => setOpened(false)}>
                  Fermer
                </Button>
                <Button type="submit" size="xs" loading={pending} disabled={lists === null}>
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
