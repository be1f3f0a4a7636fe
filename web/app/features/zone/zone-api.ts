/** Calls of « ma zone »: read, save, delete, the dashboard and « seen », the extent of its communes. */

import { baseExtentSchema } from '@immoloupe/shared/map/contracts';
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
/** West, south, east, north of those communes whose cadastre is loaded; null when none is. */
export const fetchCommunesExtent = (codes: readonly string[]) =>
  apiFetch(`/api/tiles/base/extent?insee=${encodeURIComponent(codes.join(','))}`, baseExtentSchema).then((r) => r.bounds);
