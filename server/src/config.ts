/**
 * The server's configuration, read once from the environment and validated at boot:
 * every invalid variable is listed, then the process exits (fail fast).
 */
import { isIP } from 'node:net';
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { CHROMIUM_EXTENSION_ID } from '@immoloupe/shared/extension/contracts';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The Géoplateforme's Plan IGN vector style (IGN, free, no key). */
export const PLAN_IGN_STYLE_URL = 'https://data.geopf.fr/annexes/ressources/vectorTiles/styles/PLAN.IGN/standard.json';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const releaseDate = optionalString.pipe(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'doit être une date AAAA-MM-JJ')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'date invalide')
    .optional(),
);

const CRON = /^\S+(\s+\S+){4}$/;

/** Express's own names for address ranges (`trust proxy`). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies to trust for X-Forwarded-*: a hop count, or proxy addresses (IP, CIDR or
 * Express's range names), never every hop: with `true` the client's own X-Forwarded-For would be
 * its address, and every per-IP limit could be dodged or turned against a chosen address.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const value = v.toLowerCase();
    if (value === '' || value === 'false' || value === '0' || value === 'no') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'ne peut pas valoir true (tout client choisirait son adresse IP)\u00a0: nombre de proxys devant le serveur (1) ou leurs adresses',
      });
      return z.NEVER;
    }
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((entry) => {
      if (PROXY_RANGES.has(entry)) return false;
      const [ip, bits, ...rest] = entry.split('/');
      const family = isIP(ip ?? '');
      if (family === 0 || rest.length > 0) return true;
      return bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    });
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `adresses de proxy invalides (${bad.join(', ')})\u00a0: IP, plage CIDR, loopback, linklocal ou uniquelocal, séparées par des virgules`,
      });
      return z.NEVER;
    }
    return list;
  });

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
  /** Port of the Prometheus metrics (GET /metrics), apart from the site's; unset: no metrics served. */
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'doit être un numéro de port')
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  /** Interface of the metrics port (loopback by default: open it only to the scraper's network). */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Behind a TLS-terminating proxy: how many hops, or which addresses, to trust for X-Forwarded-*. */
  TRUST_PROXY: trustProxySchema.default(false),
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
  /** Days of free trial a new account gets without a card (decision 1371); 0: none. */
  TRIAL_DAYS: z.coerce
    .number({ error: 'doit être un nombre de jours' })
    .int('doit être un nombre entier de jours')
    .min(0, 'doit être 0 ou plus')
    .max(365, 'doit être 365 au plus')
    .default(14),
  /**
   * Base map style URL for MapLibre; unset: the Géoplateforme Plan IGN vector style (no key);
   * empty: our own base drawn from our data, which browsers also fall back to when the style does
   * not answer.
   */
  MAP_STYLE_URL: z
    .string()
    .trim()
    .default(PLAN_IGN_STYLE_URL)
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().url().optional()),
  /** Chromium used to render report PDFs; unset: /usr/bin/chromium (or chromium-browser) when installed. */
  CHROMIUM_PATH: optionalString,
  /** Limit of one database statement run for an HTTP request (PostgreSQL), and of a request's database work (PGlite), in seconds. */
  DB_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** PDFs rendering at once in one process (pages of its one shared Chromium). */
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** PDFs that may wait for a free page; beyond, the request is refused (503, « file d’attente »). */
  PDF_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(20),
  /** Time limit of one PDF's render, in seconds (tried once more after a time-out). */
  PDF_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(300).default(40),

  // Accounts and sessions (Auth.js)
  /** Signs the session cookies; unset: generated on first start and kept in the database. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'au moins 32 caractères').optional()),
  /** Lifetime of a session without any visit, in days. */
  AUTH_SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Read the session while rendering pages on the server (false: the browser reads it). */
  AUTH_SERVER_SIDE: bool.default(true),
  /** Where a signed-out visitor of a protected page is sent. */
  AUTH_LOGIN_PAGE: z.string().default('/abo/connexion'),
  /** Pass the wanted address to the login page as `redirect`. */
  AUTH_REDIRECT_QUERY: bool.default(true),
  /** Unknown (404) paths are shown without sign-in. */
  AUTH_ALLOW_404_WITHOUT_AUTH: bool.default(true),

  // Card payment (Stripe); without the secret key and price, online payment is disabled.
  STRIPE_SECRET_KEY: optionalString,
  /** Price of the subscription (price_…), recurring. */
  STRIPE_PRICE_ID: optionalString,
  /** Signing secret of the webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Test-only overrides: a local fake of the Stripe API. */
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'doit être un numéro de port')
      .transform(Number)
      .optional(),
  ),
  STRIPE_API_PROTOCOL: optionalString.pipe(z.enum(['http', 'https']).optional()),

  // E-mail (account links); without SMTP_URL or BREVO_API_KEY links are written to the log.
  /** smtp(s)://user:password@host:port */
  SMTP_URL: optionalString.pipe(z.string().url('doit être une URL smtp://…').optional()),
  BREVO_API_KEY: optionalString,
  /** Brevo's API origin (a local fake in tests). */
  BREVO_API_URL: z.string().url().default('https://api.brevo.com'),
  /** Sender of the e-mails: `Nom <adresse>` or an address. */
  MAIL_FROM: z.string().default('Immoloupe <ne-pas-repondre@immoloupe.fr>'),
  /** Secret Brevo must send with its webhook calls (/brevo/webhook?token=… or Authorization: Bearer …); unset: webhook refused. */
  BREVO_WEBHOOK_SECRET: optionalString.pipe(z.string().min(24, 'au moins 24 caractères').optional()),
  /** Newsletter recipients sent per batch (each batch is claimed, sent, then recorded). */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  /** Seconds before a newsletter send that Brevo refused for a passing reason is tried again (doubled at each of 5 retries). */
  NEWSLETTER_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Where contact form messages are e-mailed (with SMTP_URL or BREVO_API_KEY); unset: stored and listed in the admin area only. */
  CONTACT_EMAIL: optionalString.pipe(z.email('doit être une adresse e-mail').optional()),

  // Data dashboard of the administration: the date of the newest official release of each
  // source (YYYY-MM-DD); a source whose last import is older is shown as stale. Unset: not checked.
  DATA_RELEASE_DVF: releaseDate,
  DATA_RELEASE_CADASTRE: releaseDate,
  DATA_RELEASE_DPE: releaseDate,
  DATA_RELEASE_COPRO: releaseDate,
  DATA_RELEASE_BAN: releaseDate,
  /** Chromium ids of the browser extension allowed to call its API (CORS), comma-separated; default: ours. */
  EXTENSION_CHROMIUM_IDS: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().default(CHROMIUM_EXTENSION_ID))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-p]{32}$/, 'identifiants d’extension Chromium (32 lettres a–p) séparés par des virgules'))),

  // Background jobs (pg-boss in the database)
  /** A running job whose process gave no sign of life for this long is run again (seconds). */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),

  // E-mail alerts of saved searches and watched addresses (sent over SMTP_URL; unset: not sent)
  /** Cron (UTC, 5 fields) of the daily alert run. */
  ALERTS_DAILY_CRON: z.string().trim().regex(CRON, 'doit être une expression cron à 5 champs').default('0 6 * * *'),
  /** Cron (UTC, 5 fields) of the weekly alert run. */
  ALERTS_WEEKLY_CRON: z.string().trim().regex(CRON, 'doit être une expression cron à 5 champs').default('0 6 * * 1'),
});

export type Env = z.infer<typeof envSchema>;

/** Names of every variable the configuration reads (documented once each in `.env.example`). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends Env {
  publicUrl: string;
  metaPixelPaths: RegExp[];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide\u00a0:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}\u00a0: ${issue.message}`);
  }
  const patterns: RegExp[] = [];
  for (const source of (env.META_PIXEL_PATHS ?? '.*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      patterns.push(new RegExp(source));
    } catch {
      problems.push(`META_PIXEL_PATHS\u00a0: expression invalide « ${source} »`);
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

/** The PDF pool's limits (features/reports/pdf.ts). */
export function pdfLimits(config: Config): { concurrency: number; queueMax: number; timeoutMs: number } {
  return { concurrency: config.PDF_CONCURRENCY, queueMax: config.PDF_QUEUE_MAX, timeoutMs: config.PDF_TIMEOUT_SECONDS * 1000 };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    metaPixelId: config.META_PIXEL_ID ?? null,
    metaPixelPaths: config.metaPixelPaths.map((r) => r.source),
    mapStyleUrl: config.MAP_STYLE_URL ?? null,
    offer: { priceCents: config.OFFER_PRICE_CENTS, interval: config.OFFER_INTERVAL },
    accounts: {
      serverSideAuth: config.AUTH_SERVER_SIDE,
      loginPage: config.AUTH_LOGIN_PAGE,
      addRedirectQuery: config.AUTH_REDIRECT_QUERY,
      allow404WithoutAuth: config.AUTH_ALLOW_404_WITHOUT_AUTH,
      refreshTokenMaxAgeSec: config.AUTH_SESSION_MAX_AGE_DAYS * 86_400,
      paymentConfigured: stripeConfigured(config),
    },
  };
}

/** Online payment needs the secret key and the price; the webhook secret keeps it in sync. */
export function stripeConfigured(config: Config): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ID);
}

/** For entry points (server, command-line tools): the configuration, or every problem listed and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
