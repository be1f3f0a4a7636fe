/** The state shared by « Ajouter à une liste de prospection » and « Ajouter la sélection à une liste ». */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api';
import { jsonResponse as json } from '~/test/mantine-dom';
import { COPROS, listsAnswer, PASSOIRES } from './test-bulk';
import { useAddToList } from './use-add-to-list';
import type { ListDestination } from './use-list-choice';
import { NEW_LIST } from './use-list-choice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

/** The user's lists as the API gives them; `later` after the first call (an add changed a count). */
function stubLists(first: (typeof PASSOIRES)[], later = first) {
  let calls = 0;
  const fetch = vi.fn(async (url: string) => {
    if (url !== '/api/prospecting/lists') return json({ message: 'inconnu' }, 404);
    calls += 1;
    return json(listsAnswer(calls === 1 ? first : later));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('useAddToList', () => {
  it('loads the lists when it opens, sends the add to the last one, and keeps what it did', async () => {
    stubLists([PASSOIRES, COPROS], [PASSOIRES, { ...COPROS, targets: 5 }]);
    const sent: ListDestination[] = [];
    const { result } = renderHook(() =>
      useAddToList(async (destination) => {
        sent.push(destination);
        return { done: 'Ajoutée.', list: COPROS };
      }),
    );
    expect(result.current.opened).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.opened).toBe(true);
    await waitFor(() => expect(result.current.choice.choice).toBe(COPROS.id));

    const event = submitEvent();
    await act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(sent).toEqual([{ listId: COPROS.id }]);
    expect(result.current.done).toBe('Ajoutée.');
    expect(result.current.error).toBeNull();
    expect(result.current.pending).toBe(false);
    // The count of the list the target went to is read again.
    expect(result.current.choice.lists?.find((l) => l.id === COPROS.id)?.targets).toBe(5);

    act(() => result.current.close());
    expect(result.current.opened).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.done).toBeNull();
  });

  it('names a new list, then keeps the list created as the choice', async () => {
    stubLists([]);
    const created = { ...PASSOIRES, id: '33333333-3333-4333-8333-333333333333', name: 'Syndics Bondy' };
    const sent: ListDestination[] = [];
    const { result } = renderHook(() =>
      useAddToList(async (destination) => {
        sent.push(destination);
        return { done: { added: 2 }, list: created };
      }),
    );
    act(() => result.current.toggle());
    await waitFor(() => expect(result.current.choice.choice).toBe(NEW_LIST));
    act(() => result.current.choice.setNewName('Syndics Bondy'));
    await act(() => result.current.submit(submitEvent()));
    expect(sent).toEqual([{ newListName: 'Syndics Bondy' }]);
    expect(result.current.done).toEqual({ added: 2 });
    expect(result.current.choice.choice).toBe(created.id);
    expect(result.current.choice.newName).toBe('');
  });

  it('says the first issue of a refused add, and a French message for anything else', async () => {
    stubLists([PASSOIRES]);
    let failure: unknown = new ApiError(400, 'Données invalides.', [{ path: 'newListName', message: 'Nom de liste requis.' }]);
    const { result } = renderHook(() =>
      useAddToList(async () => {
        throw failure;
      }),
    );
    act(() => result.current.toggle());
    await waitFor(() => expect(result.current.choice.choice).toBe(PASSOIRES.id));
    await act(() => result.current.submit(submitEvent()));
    expect(result.current.error).toBe('Nom de liste requis.');
    expect(result.current.done).toBeNull();
    expect(result.current.pending).toBe(false);

    failure = new TypeError('x is undefined');
    await act(() => result.current.submit(submitEvent()));
    expect(result.current.error).toBe('Erreur inattendue.');
  });

  it('says when the lists could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Connectez-vous pour continuer.' }, 401)),
    );
    const { result } = renderHook(() => useAddToList(async () => ({ done: null, list: PASSOIRES })));
    act(() => result.current.toggle());
    await waitFor(() => expect(result.current.error).toBe('Connectez-vous pour continuer.'));
    expect(result.current.choice.lists).toBeNull();
  });
});
