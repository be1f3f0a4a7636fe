/**
 * The state of an « Ajouter … à une liste » panel, for one target or for the rows ticked: the panel
 * opened or not, the list chosen (loaded when it opens), the call in progress, the French error and
 * what the last add did. `send` makes the call to the chosen list and says what to show of it.
 */
import type { ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/lib/api';
import { type ListDestination, useListChoice } from './use-list-choice';

export function useAddToList<Done>(send: (destination: ListDestination) => Promise<{ done: Done; list: ProspectingList }>) {
  const [opened, setOpened] = useState(false);
  const choice = useListChoice();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const panelId = useId();

  async function open() {
    setOpened(true);
    setDone(null);
    setError(await choice.load());
  }

  return {
    opened,
    panelId,
    choice,
    pending,
    error,
    done,
    toggle: () => (opened ? setOpened(false) : void open()),
    close: () => setOpened(false),
    async submit(event: FormEvent) {
      event.preventDefault();
      setPending(true);
      setError(null);
      try {
        const r = await send(choice.destination());
        setDone(() => r.done);
        await choice.used(r.list);
      } catch (err) {
        setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.');
      } finally {
        setPending(false);
      }
    },
  };
}

export type AddToList = ReturnType<typeof useAddToList<unknown>>;
