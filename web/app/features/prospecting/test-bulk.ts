/** The prospecting API as the results tables' tests see it: two lists, and the bulk adds recorded. */
import type { AddTargetsResponse, ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { vi } from 'vitest';
import { jsonResponse as json } from '~/test/mantine-dom';

const list = (id: string, name: string, targets: number): ProspectingList => ({
  id,
  name,
  letterBody: '',
  syndicLetterBody: '',
  letterSubject: '',
  syndicLetterSubject: '',
  targets,
  createdAt: '2026-11-26T10:00:00.000Z',
});
export const PASSOIRES = list('11111111-1111-4111-8111-111111111111', 'Passoires Flers', 2);
export const COPROS = list('22222222-2222-4222-8222-222222222222', 'Copros Bondy', 4);

/** `GET /api/prospecting/lists` without a page: every list, the answer saying so. */
export const listsAnswer = (lists: ProspectingList[]) => ({
  lists,
  total: lists.length,
  page: 1,
  pageSize: Math.max(lists.length, 1),
  sort: 'created',
  order: 'asc',
});

/** Stubs fetch; each bulk add answers `answer` and its body is kept in `bulkBodies`. */
export function stubBulkApi(answer: (body: { targets: unknown[] }) => Omit<AddTargetsResponse, 'list'>) {
  const bulkBodies: { listId?: string; newListName?: string; targets: Record<string, unknown>[] }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/prospecting/lists') return json(listsAnswer([PASSOIRES, COPROS]));
    if (url === '/api/prospecting/targets/bulk' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      bulkBodies.push(body);
      const r = answer(body);
      return json(
        { ...r, list: { ...(body.listId === PASSOIRES.id ? PASSOIRES : COPROS), targets: 4 + r.added } },
        r.added > 0 ? 201 : 200,
      );
    }
    return json({ message: 'inconnu' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, bulkBodies };
}
