/** Calls of « ma zone »: read, save, delete, the dashboard and « seen ». */
import {
  type TerritoryChanges,
  type TerritoryInput,
  territoryChangesSchema,
  territoryResponseSchema,
} from '@immoloupe/shared/zone/contracts';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

export const fetchTerritory = () => apiFetch('/api/zone/mine', territoryResponseSchema).then((r) => r.territory);
export const saveTerritory = (t: TerritoryInput) =>
  apiFetch('/api/zone/mine', territoryResponseSchema, { method: 'PUT', body: JSON.stringify(t) }).then((r) => r.territory);
export const deleteTerritory = () => apiFetch('/api/zone/mine', z.null(), { method: 'DELETE' });
export const fetchChanges = (): Promise<TerritoryChanges> => apiFetch('/api/zone/mine/changes', territoryChangesSchema);
export const markSeen = () => apiFetch('/api/zone/mine/seen', z.null(), { method: 'POST' });
