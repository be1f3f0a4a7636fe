/**
 * Saved searches (`/api/saved-searches`, pages /pro/mesrecherches and /pro/creer_recherche): a
 * search is one tool + that tool's own URL query, validated by the SAME zod schema as the tool's
 * page and API. Registering a tool is one line in `SAVED_SEARCH_TOOLS` (plus, on the server, its
 * result count and the rows its e-mail alert sends: `server/src/features/saved-searches/tools.ts`).
 * Every tool offers an alert: each one's rows are tracked by the import run that first brought
 * them (decision 1010).
 */
import { z } from 'zod';
import { coproFilterSchema } from '../copro/contracts.js';
import { dpeFilterSchema } from '../dpe/contracts.js';
import { listingSearchSchema } from '../listings/search.js';
import { transactionFilterSchema } from '../market/transactions-contracts.js';
import { parcelSearchQuerySchema } from '../opendata/contracts.js';
import { pageQueryFields, pageResponseFields } from '../paging.js';
import { permitSearchQuerySchema } from '../permits/contracts.js';

export interface SavedSearchTool {
  label: string;
  /** The tool's page: the saved query is appended to it. */
  path: string;
  /** The schema the tool's page and API validate their query with. */
  schema: z.ZodType;
}

export const SAVED_SEARCH_TOOLS = {
  transactions: { label: 'Transactions DVF', path: '/pro/transactions', schema: transactionFilterSchema },
  parcelles: { label: 'Recherche de parcelles', path: '/pro/rechercheparcelle', schema: parcelSearchQuerySchema },
  dpe: { label: 'Recherche DPE', path: '/pro/recherchedpe', schema: dpeFilterSchema },
  copros: { label: 'Recherche de copropriétés', path: '/pro/recherchecopro', schema: coproFilterSchema },
  annonces: { label: 'Annonces', path: '/pro/carte_annonces', schema: listingSearchSchema },
  // The permit search is a section of the market analysis (decision 1421).
  permis: { label: 'Permis de construire', path: '/pro/analysemarche', schema: permitSearchQuerySchema },
} as const satisfies Record<string, SavedSearchTool>;

export type SavedSearchToolId = keyof typeof SAVED_SEARCH_TOOLS;
export const SAVED_SEARCH_TOOL_IDS = Object.keys(SAVED_SEARCH_TOOLS) as [SavedSearchToolId, ...SavedSearchToolId[]];

export const ALERT_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  off: 'Pas d’alerte',
  daily: 'Chaque jour',
  weekly: 'Chaque semaine',
};

/** Most saved searches per user. */
export const MAX_SAVED_SEARCHES = 100;

/**
 * Query parameters that only move through the results (page, sort) or the map (`carte`, the
 * position the page writes on every move — with « Vue de la carte », `bbox` is the filter and stays):
 * not part of a search, so a digest's link opens the tool on its filters, not on a stale view.
 */
const VIEW_PARAMS = new Set(['page', 'pageSize', 'sort', 'order', 'format', 'limit', 'offset', 'carte']);

// forEach rather than iterators: the shared build targets a library without DOM iterables.
function pairsOf(params: URLSearchParams): [string, string][] {
  const pairs: [string, string][] = [];
  params.forEach((value, key) => {
    pairs.push([key, value]);
  });
  return pairs;
}

/** The parameters of a query as an object (the last value of a repeated key wins). */
export function queryParams(query: string): Record<string, string> {
  return Object.fromEntries(pairsOf(new URLSearchParams(query)));
}

/** The search part of a tool URL's query, in a stable order (`?` excluded). */
export function normaliseQuery(query: string): string {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const kept = pairsOf(params).filter(([k, v]) => !VIEW_PARAMS.has(k) && v.trim() !== '');
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The tool's own validation of a saved query: the issues in French, or null when valid. */
export function checkToolQuery(tool: SavedSearchToolId, query: string): { path: string; message: string }[] | null {
  const parsed = SAVED_SEARCH_TOOLS[tool].schema.safeParse(queryParams(query));
  if (parsed.success) return null;
  return parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The tool's page with the saved filters applied. */
export function savedSearchUrl(tool: SavedSearchToolId, query: string): string {
  return query ? `${SAVED_SEARCH_TOOLS[tool].path}?${query}` : SAVED_SEARCH_TOOLS[tool].path;
}

const nameSchema = z
  .string({ error: 'Donnez un nom à la recherche.' })
  .trim()
  .min(1, 'Donnez un nom à la recherche.')
  .max(120, 'Nom trop long (120 caractères au plus).');

export const savedSearchCreateSchema = z
  .object({
    tool: z.enum(SAVED_SEARCH_TOOL_IDS, { error: 'Outil inconnu.' }),
    query: z.string().max(4000, 'Recherche trop longue.').transform(normaliseQuery),
    name: nameSchema,
    alert: z.enum(ALERT_FREQUENCIES, { error: 'Fréquence d’alerte inconnue.' }).default('off'),
  })
  .superRefine((v, ctx) => {
    for (const issue of checkToolQuery(v.tool, v.query) ?? [])
      ctx.addIssue({ code: 'custom', path: ['query', ...(issue.path ? [issue.path] : [])], message: issue.message });
  });
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

export const savedSearchUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    alert: z.enum(ALERT_FREQUENCIES, { error: 'Fréquence d’alerte inconnue.' }).optional(),
    /** New filters: the query of the tool's page, checked by the server with the search's own tool. */
    query: z.string().max(4000, 'Recherche trop longue.').transform(normaliseQuery).optional(),
  })
  .refine((v) => v.name !== undefined || v.alert !== undefined || v.query !== undefined, 'Rien à modifier.');
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  tool: z.enum(SAVED_SEARCH_TOOL_IDS),
  name: z.string(),
  query: z.string(),
  url: z.string(),
  alert: z.enum(ALERT_FREQUENCIES),
  /** Results when the search was last counted (at saving, then at each alert run). */
  lastCount: z.number().nullable(),
  lastCountAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** Saved searches per page of /pro/mesrecherches. */
export const SAVED_SEARCHES_PAGE_SIZE = 25;
/** The orders of Mes recherches: date saved, name, last result count (a search never counted comes last both ways). */
export const SAVED_SEARCH_SORTS = ['created', 'name', 'count'] as const;
export type SavedSearchSort = (typeof SAVED_SEARCH_SORTS)[number];

/** `GET /api/saved-searches?page=&sort=&order=`; without `page`, every search of the user (the save button reads them all). */
export const savedSearchPageQuerySchema = z.object(pageQueryFields(SAVED_SEARCH_SORTS, 'created', 'desc'));
export type SavedSearchPageQuery = z.infer<typeof savedSearchPageQuerySchema>;

export const savedSearchListSchema = z.object({
  items: z.array(savedSearchSchema),
  /** Most searches a user may save. */
  max: z.number(),
  ...pageResponseFields(SAVED_SEARCH_SORTS),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;
