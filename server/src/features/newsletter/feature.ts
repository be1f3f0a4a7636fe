/** The mailing feature wired once per app: Brevo client, background sends, admin API, and /brevo/*. */
import type { Router } from 'express';
import { resolveAuthSecret } from '../../auth/secret.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { createBrevoClient } from './brevo-client.js';
import { brevoRoutes } from './brevo-routes.js';
import { newsletterRoutes } from './routes.js';
import { NewsletterJobs } from './send-job.js';

export interface NewsletterFeature {
  /** Mounted in the /api router. */
  api: Router;
  /** Mounted at /brevo, before the pages. */
  brevo: Router;
  jobs: NewsletterJobs | null;
}

export function newsletterFeature(deps: { config: Config; db: Db; log: Logger }): NewsletterFeature {
  const { config, db, log } = deps;
  let secretPromise: Promise<string> | undefined;
  // The server's own secret (the one that signs sessions) signs the unsubscribe links.
  const secret = () => {
    secretPromise ??= resolveAuthSecret(db, config.AUTH_SECRET).catch((err) => {
      secretPromise = undefined;
      throw err;
    });
    return secretPromise;
  };
  const brevo = createBrevoClient(config);
  const jobs = brevo
    ? new NewsletterJobs({ db, log, brevo, publicUrl: config.publicUrl, secret, batchSize: config.NEWSLETTER_BATCH_SIZE })
    : null;
  jobs?.resume().catch((err) => log.error('newsletter sends could not be resumed', { err }));
  return {
    api: newsletterRoutes({ db, log, brevo, jobs, publicUrl: config.publicUrl, secret }),
    brevo: brevoRoutes({ db, log, webhookSecret: config.BREVO_WEBHOOK_SECRET, secret }),
    jobs,
  };
}
