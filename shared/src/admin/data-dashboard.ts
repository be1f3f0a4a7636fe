/**
 * The data dashboard of /pro/admin (`GET /api/admin/data`): per dataset, the vintage and rows
 * held, the last import, the coverage by département, and whether a newer official release
 * exists than what was imported (the release dates come from the configuration).
 */
import { z } from 'zod';
import { formatDate, NBSP } from '../format.js';

export const DATASETS = ['dvf', 'cadastre', 'dpe', 'copro', 'ban'] as const;
export type Dataset = (typeof DATASETS)[number];

export const DATASET_NAMES: Record<Dataset, string> = {
  dvf: 'Ventes (DVF)',
  cadastre: 'Cadastre (parcelles)',
  dpe: 'Diagnostics énergétiques (DPE)',
  copro: 'Copropriétés (RNIC)',
  ban: 'Adresses (BAN)',
};

/**
 * What each dataset's count counts, singular and plural. Not file lines: a DVF sale (mutation)
 * spans one line per lot or parcel of the file, so the imports tab's « lignes du fichier » are
 * more than the sales held here.
 */
export const DATASET_UNITS: Record<Dataset, { one: string; many: string }> = {
  dvf: { one: 'vente (mutation)', many: 'ventes (mutations)' },
  cadastre: { one: 'parcelle actuelle', many: 'parcelles actuelles' },
  dpe: { one: 'diagnostic', many: 'diagnostics' },
  copro: { one: 'copropriété', many: 'copropriétés' },
  ban: { one: 'adresse', many: 'adresses' },
};

/** The environment variable holding each dataset's newest official release date. */
export const RELEASE_VARIABLES: Record<Dataset, string> = {
  dvf: 'DATA_RELEASE_DVF',
  cadastre: 'DATA_RELEASE_CADASTRE',
  dpe: 'DATA_RELEASE_DPE',
  copro: 'DATA_RELEASE_COPRO',
  ban: 'DATA_RELEASE_BAN',
};

export const freshnessStateSchema = z.enum(['absent', 'stale', 'fresh', 'unchecked']);
export type FreshnessState = z.infer<typeof freshnessStateSchema>;

export const datasetStatusSchema = z.object({
  dataset: z.enum(DATASETS),
  name: z.string(),
  rows: z.number().int(),
  vintage: z.string().nullable(),
  /** Newest dated row held (DVF: last mutation date), `YYYY-MM-DD`. */
  newestData: z.string().nullable(),
  lastImport: z.object({ at: z.string(), by: z.string(), fileName: z.string() }).nullable(),
  release: z.string().nullable(),
  state: freshnessStateSchema,
  /** Why, in French, for the administrator. */
  stateText: z.string(),
  coverage: z.array(z.object({ departement: z.string(), rows: z.number().int() })),
});
export type DatasetStatus = z.infer<typeof datasetStatusSchema>;
export const dataDashboardSchema = z.object({ datasets: z.array(datasetStatusSchema) });
export type DataDashboard = z.infer<typeof dataDashboardSchema>;

/**
 * Fresh when the last successful import finished on or after the newest official release:
 * the release date is a day, so an import on that very day counts as having it.
 */
export function freshnessOf(input: { dataset: Dataset; rows: number; lastImportAt: string | null; release: string | null }): {
  state: FreshnessState;
  stateText: string;
} {
  if (input.rows === 0 || !input.lastImportAt) {
    return { state: 'absent', stateText: `Aucune donnée importée${NBSP}: lancez un import depuis l’onglet Imports de données.` };
  }
  if (!input.release) {
    return {
      state: 'unchecked',
      stateText: `Date de la dernière publication officielle non configurée (${RELEASE_VARIABLES[input.dataset]}).`,
    };
  }
  const importedDay = input.lastImportAt.slice(0, 10);
  if (importedDay < input.release) {
    return {
      state: 'stale',
      stateText: `Périmé${NBSP}: une publication du ${formatDate(input.release)} est plus récente que le dernier import (${formatDate(importedDay)}).`,
    };
  }
  return { state: 'fresh', stateText: `À jour de la publication du ${formatDate(input.release)}.` };
}

/** Département of an INSEE commune code: 3 characters overseas (97x), 2 elsewhere (2A, 2B included). */
export function departementOf(codeCommune: string): string {
  return codeCommune.startsWith('97') ? codeCommune.slice(0, 3) : codeCommune.slice(0, 2);
}

/** Who started an import, as the administration shows it: an administrator's e-mail, or the command line and its system user. */
export function startedByLabel(startedBy: string): string {
  const cli = /^cli:(.+)$/.exec(startedBy);
  return cli ? `ligne de commande (${cli[1]})` : startedBy;
}
