/**
 * The whole HTTP surface of Immoloupe, in one readable list: security headers, static files,
 * the JSON API under /api, and the React Router app (SSR) for every other path.
 * `buildApp` builds without listening (tests drive it in process); `main.ts` listens.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '@immoloupe/shared/app-context';
// zod answers in French in every 400 of the API (and of the pages' loaders).
import '@immoloupe/shared/zod-locale';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';
import { ACCOUNT_DATA } from './account-data.js';
import { accountRoutes } from './auth/account-routes.js';
import { createAccounts, navigationOptions } from './auth/accounts.js';
import { sessionReloadRoutes } from './auth/session-reload-routes.js';
import { billingRoutes } from './billing/routes.js';
import { type Config, pdfLimits, publicConfig } from './config.js';
import type { Db } from './db/client.js';
import { requestScope } from './db/request-scope.js';
import { adminUserRoutes } from './features/admin-users/routes.js';
import { alertDeps, alertRoutes, registerAlertJobs } from './features/alerts/feature.js';
import { auditRoutes } from './features/audit/routes.js';
import { CompanyRegistry } from './features/companies/registry.js';
import { contactMailer } from './features/contact/mailer.js';
import { contactRoutes } from './features/contact/routes.js';
import { coproRoutes } from './features/copro/routes.js';
import { dataDashboardRoutes } from './features/data-dashboard/routes.js';
import { dpeRoutes } from './features/dpe/routes.js';
import { estimateRoutes } from './features/estimates/routes.js';
import { extensionCors, extensionRoutes } from './features/extension/routes.js';
import { geocodeRoutes } from './features/geocode/routes.js';
import { iconRoutes } from './features/icons/routes.js';
import { ImportJobs } from './features/imports/jobs.js';
import { importRoutes } from './features/imports/routes.js';
import { keyRoutes } from './features/keys/routes.js';
import { listingRoutes } from './features/listings/routes.js';
import { map3dRoutes } from './features/map3d/routes.js';
import { addressRoutes } from './features/market/address-routes.js';
import { marketRoutes } from './features/market/routes.js';
import { newsletterFeature, registerNewsletterJobs } from './features/newsletter/feature.js';
import type { NewsletterJobs } from './features/newsletter/send-job.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { parcelRoutes } from './features/parcels/routes.js';
import { prospectingRoutes } from './features/prospecting/routes.js';
import { rentRoutes } from './features/rents/routes.js';
import { reportRoutes } from './features/reports/routes.js';
import { riskRoutes } from './features/risks/routes.js';
import { savedAddressRoutes } from './features/saved-addresses/routes.js';
import { savedSearchRoutes } from './features/saved-searches/routes.js';
import { tileRoutes } from './features/tiles/routes.js';
import { transactionRoutes } from './features/transactions/routes.js';
import { urbanismRoutes } from './features/urbanism/routes.js';
import { versionRoutes } from './features/version/routes.js';
import { zoneRoutes } from './features/zone/routes.js';
import { issueCsrfCookie, requireCsrf } from './http/csrf.js';
import { errorHandler, notFoundApi } from './http/errors.js';
import { refuseUnsafeText } from './http/input-hygiene.js';
import { requestLog } from './http/request-log.js';
import { isNoindexPath, ROBOTS_TXT, securityHeaders } from './http/security.js';
import { registerImportHooks } from './import-hooks.js';
import { loadOpenDataConfig } from './importers/open-data-config.js';
import type { JobQueue } from './jobs/queue.js';
import type { Logger } from './logger.js';
import { httpMetrics } from './metrics/http.js';
import { openApiRoutes } from './openapi.js';

const require = createRequire(import.meta.url);

export const WEB_BUILD_DIR = fileURLToPath(new URL('../../web/build/', import.meta.url));

export interface AppDeps {
  config: Config;
  db: Db;
  log: Logger;
  buildId: string;
  /** The React Router server build; absent, only the API answers (some unit tests). */
  web?: ServerBuild;
  /** Folder of the browser assets of that build. */
  webClientDir?: string;
  /** The background job queue (main.ts starts it; tests that need it pass their own). */
  jobs?: JobQueue;
  /** The admin imports' worker on that queue (`registerJobs`). */
  imports?: ImportJobs;
  /** The newsletter sends' worker on that queue (null: Brevo not configured). */
  newsletters?: NewsletterJobs | null;
}

/**
 * Registers every feature's background jobs on the queue (each process works them all); called
 * once by main.ts and by the tests that run jobs, before buildApp.
 */
export async function registerJobs(
  jobs: JobQueue,
  deps: { config: Config; db: Db; log: Logger },
): Promise<{ imports: ImportJobs; newsletters: NewsletterJobs | null }> {
  // What the features derive from the imports this process runs.
  registerImportHooks();
  const imports = await new ImportJobs({
    queue: jobs,
    db: deps.db,
    log: deps.log,
    openData: loadOpenDataConfig(),
    cacheDir: path.join(deps.config.DATA_DIR, 'telechargements'),
  }).init();
  await registerAlertJobs(jobs, alertDeps(deps), { daily: deps.config.ALERTS_DAILY_CRON, weekly: deps.config.ALERTS_WEEKLY_CRON });
  const newsletters = await registerNewsletterJobs(jobs, deps);
  return { imports, newsletters };
}

export function buildApp(deps: AppDeps): express.Express {
  const { config, log, buildId } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // First, so that every answer (static files and errors included) has its id, its line and its duration.
  app.use(requestLog(log));
  app.use(httpMetrics);
  app.use(compression());
  // The configured basemap's style, tiles, sprites and glyphs come from its host.
  app.use(securityHeaders({ extraConnect: config.MAP_STYLE_URL ? [new URL(config.MAP_STYLE_URL).origin] : [] }));
  app.use((req, res, next) => {
    if (isNoindexPath(req.path)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });

  // Every database statement of a request bounded, and cancelled when its client leaves (decision 0308).
  app.use(requestScope(config.DB_REQUEST_TIMEOUT_SECONDS * 1000));
  app.use(issueCsrfCookie);
  // No path or query string with a NUL reaches a route (decision 1300); bodies are read after their parsers.
  app.use(refuseUnsafeText);

  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(`${ROBOTS_TXT}Sitemap: ${config.publicUrl}/sitemap.xml\n`);
  });

  // Static files: hashed build assets are immutable; tarteaucitron loads its lang/ and css/
  // files relative to its own URL, so its folder is served as it is.
  if (deps.webClientDir) {
    app.use('/assets', express.static(path.join(deps.webClientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(deps.webClientDir, { index: false, maxAge: '1h' }));
  }
  const tarteaucitronDir = path.dirname(require.resolve('tarteaucitronjs/tarteaucitron.js'));
  app.use('/vendor/tarteaucitron', express.static(tarteaucitronDir, { index: false, maxAge: '1d' }));

  // Accounts: Auth.js under /api/auth (it checks its own CSRF token, so it sits before the API's
  // double-submit check), the Stripe webhook (signed raw body), then who is signed in (req.user)
  // for every later route, API and pages.
  const accounts = createAccounts({ config, db: deps.db, log });
  app.use('/api/auth', accounts.authJs);
  app.post('/api/stripe/webhook', accounts.stripeWebhook);
  app.use('/api', extensionCors({ chromiumIds: config.EXTENSION_CHROMIUM_IDS }));
  app.use(accounts.sessionReader);
  const alerts = alertRoutes(alertDeps({ config, db: deps.db, log }));
  app.use('/brevo/alertes', alerts.pages);
  const newsletter = newsletterFeature({ config, db: deps.db, log, jobs: deps.newsletters ?? null });
  app.use('/brevo', newsletter.brevo);

  // JSON API
  const openData = loadOpenDataConfig();
  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(refuseUnsafeText);
  api.use(requireCsrf);
  api.use(versionRoutes(buildId));
  api.use(iconRoutes());
  api.use(contactRoutes({ db: deps.db, log, mailer: contactMailer(config, accounts.mailer) }));
  api.use(geocodeRoutes({ db: deps.db, log, geocoderUrl: openData.geocoderUrl }));
  api.use(importRoutes({ db: deps.db, log, imports: deps.imports }));
  api.use(parcelRoutes({ db: deps.db }));
  api.use(accountRoutes({ config, db: deps.db, log, mailer: accounts.mailer, stripe: accounts.stripe, accountData: ACCOUNT_DATA }));
  api.use(keyRoutes({ db: deps.db }));
  api.use(billingRoutes({ config, db: deps.db, log, stripe: accounts.stripe }));
  api.use(adminUserRoutes({ db: deps.db, log, stripe: accounts.stripe }));
  api.use(sessionReloadRoutes({ log, navigation: navigationOptions(config) }));
  api.use(auditRoutes({ db: deps.db }));
  api.use(dataDashboardRoutes({ db: deps.db, config }));
  api.use(newsletter.api);
  api.use(map3dRoutes({ db: deps.db }));
  api.use(openApiRoutes({ publicUrl: config.publicUrl }));
  api.use(marketRoutes({ db: deps.db }));
  api.use(addressRoutes({ db: deps.db }));
  api.use(rentRoutes({ db: deps.db }));
  api.use(riskRoutes({ db: deps.db }));
  api.use(urbanismRoutes({ db: deps.db }));
  api.use(savedAddressRoutes({ db: deps.db }));
  api.use(transactionRoutes({ db: deps.db }));
  api.use(savedSearchRoutes({ db: deps.db, log }));
  api.use(alerts.api);
  api.use(notificationRoutes({ db: deps.db }));
  api.use(estimateRoutes({ db: deps.db }));
  api.use(extensionRoutes({ db: deps.db }));
  api.use(tileRoutes({ db: deps.db, buildId }));
  api.use(reportRoutes({ db: deps.db, chromiumPath: config.CHROMIUM_PATH, log, pdfLimits: pdfLimits(config) }));
  api.use(
    prospectingRoutes({
      db: deps.db,
      chromiumPath: config.CHROMIUM_PATH,
      log,
      pdfLimits: pdfLimits(config),
      companies: new CompanyRegistry(),
    }),
  );
  api.use(zoneRoutes({ db: deps.db }));
  api.use(dpeRoutes({ db: deps.db }));
  api.use(coproRoutes({ db: deps.db }));
  api.use(listingRoutes({ db: deps.db }));
  api.use(notFoundApi);
  api.use(errorHandler(log));
  app.use('/api', api);

  // Pages
  if (deps.web) {
    const pub = publicConfig(config);
    app.all(
      '/{*splat}',
      createRequestHandler({
        build: deps.web,
        mode: config.NODE_ENV === 'development' ? 'development' : 'production',
        getLoadContext: (req, res): AppContext => ({
          buildId,
          cspNonce: String(res.locals.cspNonce),
          publicUrl: config.publicUrl,
          publicConfig: pub,
          getSessionUser: async () => accounts.sessionUser(req),
          logError: (msg, fields) => log.error(msg, fields),
        }),
      }),
    );
  }
  app.use(errorHandler(log));
  return app;
}
