/** The mailing feature wired once per app: Brevo client, background sends, admin API, and /brevo/*. */
import type { Router } from 'express';
import { resolveAuthSecret } from '../../auth/secret.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
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
}

type Deps = { config: Config; db: Db; log: Logger };

/** The server's own secret (the one that signs sessions) signs the unsubscribe links. */
function serverSecret({ config, db }: Deps): () => Promise<string> {
  let secretPromise: Promise<string> | undefined;
  return () => {
    secretPromise ??= resolveAuthSecret(db, config.AUTH_SECRET).catch((err) => {
      secretPromise = undefined;
      throw err;
    });
    return secretPromise;
  };
}

/** The send worker of this process on the queue; null when Brevo is not configured. */
export async function registerNewsletterJobs(queue: JobQueue, deps: Deps): Promise<NewsletterJobs | null> {
  const { config, db, log } = deps;
  const brevo = createBrevoClient(config);
  if (!brevo) return null;
  return new NewsletterJobs(
    queue,
    { db, log, brevo, publicUrl: config.publicUrl, secret: serverSecret(deps), batchSize: config.NEWSLETTER_BATCH_SIZE },
    { retryDelaySeconds: config.NEWSLETTER_RETRY_DELAY_SECONDS },
  ).init();
}

/** `jobs`: the worker registered by `registerNewsletterJobs`; without it a send is refused (503). */
export function newsletterFeature(deps: Deps & { jobs: NewsletterJobs | null }): NewsletterFeature {
  const { config, db, log } = deps;
  const secret = serverSecret(deps);
  return {
    api: newsletterRoutes({ db, log, brevo: createBrevoClient(config), jobs: deps.jobs, publicUrl: config.publicUrl, secret }),
    brevo: brevoRoutes({ db, log, webhookSecret: config.BREVO_WEBHOOK_SECRET, secret }),
  };
}
