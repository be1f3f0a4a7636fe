/**
 * The list a target goes to, for « Ajouter à une liste de prospection » and « Ajouter la sélection
 * à une liste »: the user's lists, loaded when the form opens, the last one preselected, or a new
 * list by its name.
 */
import type { ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { useState } from 'react';
import { ApiError } from '~/lib/api';
import { fetchLists } from './prospecting-api';

export const NEW_LIST = '__nouvelle__';

export type ListDestination = { listId: string } | { newListName: string };

export function useListChoice() {
  const [lists, setLists] = useState<ProspectingList[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState('');

  return {
    lists,
    choice,
    setChoice,
    newName,
    setNewName,
    /** Loads the lists; the error message to show, or null. */
    async load(): Promise<string | null> {
      try {
        const all = await fetchLists();
        setLists(all);
        setChoice((c) => c ?? all.at(-1)?.id ?? NEW_LIST);
        return null;
      } catch (err) {
        return err instanceof ApiError ? err.message : 'Vos listes n’ont pas pu être chargées.';
      }
    },
    destination(): ListDestination {
      return choice === NEW_LIST || !choice ? { newListName: newName } : { listId: choice };
    },
    /** After an add: the list it went to stays chosen (a new one included), its count updated. */
    async used(list: ProspectingList) {
      setChoice(list.id);
      setNewName('');
      setLists(await fetchLists().catch(() => lists));
    },
  };
}

export type ListChoice = ReturnType<typeof useListChoice>;
