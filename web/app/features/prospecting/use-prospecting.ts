/**
 * State of the prospecting page: the user's lists, the open list (in the URL, `?liste=<id>`), a page
 * of its targets under the chosen filters and order (decision 1500), and the changes made to them.
 */
import type {
  ProspectingList,
  ProspectingTarget,
  TargetsQuery,
  TargetsResponse,
  UpdateListBody,
  UpdateTargetBody,
} from '@immoloupe/shared/prospecting/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '~/lib/api';
import { type HistoryMode, useUrlParams } from '~/lib/use-url-params';
import * as api from './prospecting-api';

export type TargetFilters = Pick<TargetsQuery, 'sort' | 'order'> & Partial<Pick<TargetsQuery, 'status' | 'kind' | 'q'>>;
/** What the page shows of the targets besides them: their total, the page, the letters they receive. */
export type TargetsPage = Omit<TargetsResponse, 'list' | 'targets'>;

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : fallback);

export function useProspecting() {
  const { params, update } = useUrlParams();
  const listId = params.get('liste');
  const [lists, setLists] = useState<ProspectingList[] | null>(null);
  const [targets, setTargets] = useState<ProspectingTarget[] | null>(null);
  const [filters, setFiltersOnly] = useState<TargetFilters>({ sort: 'created', order: 'asc' });
  // Another list opens at its first page.
  const [paged, setPaged] = useState<{ list: string | null; page: number }>({ list: listId, page: 1 });
  const page = paged.list === listId ? paged.page : 1;
  const setPage = useCallback((n: number) => setPaged({ list: listId, page: n }), [listId]);
  const [targetsPage, setTargetsPage] = useState<TargetsPage | null>(null);
  // Other filters or another order start again at the first page.
  const setFilters = useCallback((f: TargetFilters) => {
    setFiltersOnly(f);
    setPaged({ list: null, page: 1 });
  }, []);
  const [error, setError] = useState<string | null>(null);

  // A list chosen is a step Back returns from; the list opened for the user (the most recent one,
  // the next one after a deletion) replaces the entry, or Back would open it again at once.
  const openList = useCallback((id: string | null, history: HistoryMode = 'replace') => update({ liste: id }, history), [update]);

  const reloadLists = useCallback(async () => {
    try {
      setLists(await api.fetchLists());
    } catch (err) {
      setError(message(err, 'Vos listes n’ont pas pu être chargées.'));
    }
  }, []);

  useEffect(() => {
    void reloadLists();
  }, [reloadLists]);

  // Without a list in the URL, the most recent one opens.
  useEffect(() => {
    if (lists && lists.length > 0 && (!listId || !lists.some((l) => l.id === listId))) openList(lists.at(-1)?.id ?? null);
  }, [lists, listId, openList]);

  const reloadTargets = useCallback(async () => {
    if (!listId) return setTargets(null);
    try {
      const { list: _list, targets: rows, ...rest } = await api.fetchTargets(listId, { ...filters, page });
      // The last target of the last page removed: the page before it.
      const pages = Math.max(1, Math.ceil(rest.total / rest.pageSize));
      if (rows.length === 0 && page > pages) return setPaged({ list: listId, page: pages });
      setTargets(rows);
      setTargetsPage(rest);
    } catch (err) {
      setError(message(err, 'Les cibles n’ont pas pu être chargées.'));
    }
  }, [listId, filters, page]);

  useEffect(() => {
    void reloadTargets();
  }, [reloadTargets]);

  const run = async (action: () => Promise<unknown>, fallback: string): Promise<boolean> => {
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(message(err, fallback));
      return false;
    }
  };

  return {
    lists,
    list: lists?.find((l) => l.id === listId) ?? null,
    targets,
    targetsPage,
    filters,
    setFilters,
    setPage,
    error,
    setError,
    /** The user chooses a list: a step of the history. */
    chooseList: (id: string) => openList(id, 'push'),
    createList: (name: string) =>
      run(async () => {
        const l = await api.createList(name);
        await reloadLists();
        openList(l.id, 'push');
      }, 'La liste n’a pas pu être créée.'),
    renameList: (id: string, name: string) => run(async () => api.updateList(id, { name }).then(reloadLists), 'Renommage impossible.'),
    saveLetter: (id: string, patch: UpdateListBody) =>
      run(async () => api.updateList(id, patch).then(reloadLists), 'La lettre n’a pas pu être enregistrée.'),
    deleteList: (id: string) =>
      run(async () => {
        await api.deleteList(id);
        openList(null);
        await reloadLists();
      }, 'La liste n’a pas pu être supprimée.'),
    updateTarget: (id: string, patch: UpdateTargetBody) =>
      run(async () => {
        const t = await api.updateTarget(id, patch);
        setTargets((prev) => prev?.map((x) => (x.id === id ? t : x)) ?? null);
      }, 'La cible n’a pas pu être modifiée.'),
    deleteTarget: (id: string) =>
      run(async () => {
        await api.deleteTarget(id);
        await Promise.all([reloadTargets(), reloadLists()]);
      }, 'La cible n’a pas pu être retirée.'),
  };
}
