/**
 * The server's configuration, read once from the environment and validated at boot:
 * every invalid variable is listed, then the process exits (fail fast).
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PGlite data folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.string().url('doit être une URL postgres://…').optional()),
  /** Public origin of the site (canonical URLs, links in e-mails). */
  PUBLIC_URL: optionalString.pipe(z.string().url('doit être une URL http(s)://…').optional()),
  /** Overrides the build id of the running build (tests, blue-green deploys). */
  BUILD_ID: optionalString,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* (secure cookies, HSTS). */
  TRUST_PROXY: bool.default(false),
  /** Google Analytics measurement id (G-XXXX), loaded only after consent. */
  GA_MEASUREMENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'doit ressembler à G-XXXXXXX')
      .optional(),
  ),
  /** Meta pixel id, loaded only after consent. */
  META_PIXEL_ID: optionalString.pipe(z.string().regex(/^\d+$/, 'doit être un identifiant numérique').optional()),
  /** Comma-separated regular expressions of the paths whose page views the pixel sends (default: all). */
  META_PIXEL_PATHS: z.string().default('.*'),
  /** The subscription offer shown on the public pages and charged by Stripe (TTC, in cents). */
  OFFER_PRICE_CENTS: z.coerce.number().int().positive().default(4900),
  OFFER_INTERVAL: z.enum(['month', 'year']).default('month'),
  /** Base map style URL for MapLibre; unset: the map draws our own data only. */
  MAP_STYLE_URL: optionalString.pipe(z.string().url().optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  metaPixelPaths: RegExp[];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')} : ${issue.message}`);
  }
  const patterns: RegExp[] = [];
  for (const source of (env.META_PIXEL_PATHS ?? '.*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      patterns.push(new RegExp(source));
    } catch {
      problems.push(`META_PIXEL_PATHS : expression invalide « ${source} »`);
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const data = parsed.data;
  return {
    ...data,
    publicUrl: (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, ''),
    metaPixelPaths: patterns,
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    metaPixelId: config.META_PIXEL_ID ?? null,
    metaPixelPaths: config.metaPixelPaths.map((r) => r.source),
    mapStyleUrl: config.MAP_STYLE_URL ?? null,
    offer: { priceCents: config.OFFER_PRICE_CENTS, interval: config.OFFER_INTERVAL },
  };
}
