/** Calls of the prospecting API from the browser, validated with the shared contracts. */
import {
  type AddTargetBody,
  type AddTargetsBody,
  addTargetResponseSchema,
  addTargetsResponseSchema,
  listsResponseSchema,
  prospectingListSchema,
  type TargetsQuery,
  targetSchema,
  targetsResponseSchema,
  type UpdateListBody,
  type UpdateTargetBody,
} from '@immoloupe/shared/prospecting/contracts';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

export const fetchLists = async () => (await apiFetch('/api/prospecting/lists', listsResponseSchema)).lists;

export const addTarget = (body: AddTargetBody) =>
  apiFetch('/api/prospecting/targets', addTargetResponseSchema, { method: 'POST', body: JSON.stringify(body) });

/** Several rows of a tool's results, to one list, in one call. */
export const addTargets = (body: AddTargetsBody) =>
  apiFetch('/api/prospecting/targets/bulk', addTargetsResponseSchema, { method: 'POST', body: JSON.stringify(body) });

export const createList = (name: string) =>
  apiFetch('/api/prospecting/lists', prospectingListSchema, { method: 'POST', body: JSON.stringify({ name }) });

export const updateList = (id: string, patch: UpdateListBody) =>
  apiFetch(`/api/prospecting/lists/${id}`, prospectingListSchema, { method: 'PATCH', body: JSON.stringify(patch) });

export const deleteList = (id: string) => apiFetch(`/api/prospecting/lists/${id}`, z.null(), { method: 'DELETE' });

export function targetsQueryString(q: Partial<TargetsQuery>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const fetchTargets = (listId: string, q: Partial<TargetsQuery>) =>
  apiFetch(`/api/prospecting/lists/${listId}/targets${targetsQueryString(q)}`, targetsResponseSchema);

export const updateTarget = (id: string, patch: UpdateTargetBody) =>
  apiFetch(`/api/prospecting/targets/${id}`, targetSchema, { method: 'PATCH', body: JSON.stringify(patch) });

export const deleteTarget = (id: string) => apiFetch(`/api/prospecting/targets/${id}`, z.null(), { method: 'DELETE' });
