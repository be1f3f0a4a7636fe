/**
 * Configuration of the open-data features, validated with zod like `config.ts` (every bad variable
 * listed, French messages): where the département files are downloaded from, the Géoplateforme
 * geocoder used as a fallback, and the plausibility bounds of the DVF statistics (METHODOLOGY §1.6).
 * Read by the import command and by the server when it wires the data routes.
 */
import { DEFAULT_BOUNDS, type PlausibilityBounds } from '@immoloupe/shared/market/mutation.logic';
import { z } from 'zod';

export const DEFAULT_URLS = {
  dvf: 'https://files.data.gouv.fr/geo-dvf/latest/csv/{year}/departements/{dep}.csv.gz',
  cadastre: 'https://cadastre.data.gouv.fr/data/etalab-cadastre/latest/geojson/departements/{dep}/cadastre-{dep}-parcelles.json.gz',
  ban: 'https://adresse.data.gouv.fr/data/ban/adresses/latest/csv/adresses-{dep}.csv.gz',
  dpe: 'https://data.ademe.fr/data-fair/api/v1/datasets/dpe03existant/lines?format=csv&size=10000&qs=code_departement_ban:%22{dep}%22',
} as const;

/** An empty variable (as copied from .env.example) means "the default". */
const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const template = (placeholders: string[], fallback: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .url('doit être une URL http(s)://…')
      .refine((u) => placeholders.every((p) => u.includes(p)), `doit contenir ${placeholders.join(' et ')}`)
      .default(fallback),
  );

const range = z.object({ min: z.number().nonnegative(), max: z.number().positive() }).refine((r) => r.min <= r.max, 'min doit être ≤ max');
const boundsSchema = z.object({
  price: range,
  surface: z.object({ appartement: range.nullable(), maison: range.nullable(), local: range.nullable() }),
  pricePerM2: range,
});

const schema = z.object({
  /** URL templates of the département downloads ({dep}, {year}). */
  DATA_URL_DVF: template(['{dep}', '{year}'], DEFAULT_URLS.dvf),
  DATA_URL_CADASTRE: template(['{dep}'], DEFAULT_URLS.cadastre),
  DATA_URL_BAN: template(['{dep}'], DEFAULT_URLS.ban),
  DATA_URL_DPE: template(['{dep}'], DEFAULT_URLS.dpe),
  /**
   * Legal-entity owners (DGFiP personnes morales), non-bâti file of one département ({dep}). The
   * DGFiP publishes zip archives of several départements, not one file per département: no default,
   * the département shortcut skips this source until a mirror URL is set.
   */
  DATA_URL_PERSONNES_MORALES: z.preprocess(
    blankAsUnset,
    z
      .string()
      .url('doit être une URL http(s)://…')
      .refine((u) => u.includes('{dep}'), 'doit contenir {dep}')
      .optional(),
  ),
  /** Géoplateforme geocoding API (e.g. https://data.geopf.fr/geocodage); unset: imported data only. */
  GEOCODER_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v.replace(/\/$/, '')))
    .pipe(z.string().url('doit être une URL http(s)://…').optional())
    .optional(),
  /** Plausibility bounds of the DVF statistics, as JSON (same shape as DEFAULT_BOUNDS). */
  DVF_STATS_BOUNDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || v.trim() === '') return DEFAULT_BOUNDS;
      try {
        return boundsSchema.parse(JSON.parse(v)) as PlausibilityBounds;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'JSON invalide\u00a0: { price, surface: { appartement, maison, local }, pricePerM2 } attendu',
        });
        return z.NEVER;
      }
    }),
});

export interface OpenDataConfig {
  urls: { dvf: string; cadastre: string; ban: string; dpe: string; personnesMorales: string | null };
  geocoderUrl: string | null;
  bounds: PlausibilityBounds;
}

export class OpenDataConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide\u00a0:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadOpenDataConfig(env: NodeJS.ProcessEnv = process.env): OpenDataConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new OpenDataConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}\u00a0: ${i.message}`));
  const d = parsed.data;
  return {
    urls: {
      dvf: d.DATA_URL_DVF,
      cadastre: d.DATA_URL_CADASTRE,
      ban: d.DATA_URL_BAN,
      dpe: d.DATA_URL_DPE,
      personnesMorales: d.DATA_URL_PERSONNES_MORALES ?? null,
    },
    geocoderUrl: d.GEOCODER_URL ?? null,
    bounds: d.DVF_STATS_BOUNDS,
  };
}
