/**
 * Sending a newsletter is a job of the durable queue (`newsletter.send`, one per newsletter;
 * decision 1210): the request answers at once, any process works the job, batch after batch,
 * and each recipient's row is the checkpoint. A run cut by a crash is retried by the queue; the
 * new run sends what was never called, and asks Brevo about the calls that were in flight, so that
 * nobody gets the letter twice.
 */
import { newsletterHtml, newsletterText } from '@immoloupe/shared/newsletter/newsletter.logic';
import type { Db } from '../../db/client.js';
import type { JobContext, JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../logger.js';
import { type BrevoClient, isTransientBrevoError } from './brevo-client.js';
import {
  claimBatch,
  finishIfDone,
  markRecipient,
  markSending,
  newsletterById,
  recipientsLeftByDeadRun,
  releaseRecipient,
  unfinishedNewsletters,
} from './queries.js';
import { unsubscribeUrl } from './unsubscribe-token.js';

export const NEWSLETTER_QUEUE = 'newsletter.send';

export interface SendDeps {
  db: Db;
  log: Logger;
  brevo: BrevoClient;
  publicUrl: string;
  secret: () => Promise<string>;
  batchSize: number;
}

/** Parallel calls to Brevo within a batch: enough to be quick, few enough to stay under its rate limit. */
const CONCURRENCY = 5;

export const IN_DOUBT =
  'Envoi interrompu pendant l’appel à Brevo et Brevo n’a pas pu confirmer s’il est parti\u00a0: non renvoyé, pour ne pas l’envoyer deux fois.';

export class BrevoUnavailable extends Error {}

const tagOf = (newsletterId: number) => `newsletter-${newsletterId}`;

/**
 * Runs (or resumes) the send of one newsletter. `lastTry`: the queue will not retry after this run,
 * so a recipient Brevo could not take for a passing reason is reported failed instead of kept for later.
 * Throws `BrevoUnavailable` when some calls failed for a passing reason: the queue retries with back-off.
 */
export async function sendNewsletter(deps: SendDeps, newsletterId: number, options: { lastTry?: boolean } = {}): Promise<void> {
  const newsletter = await newsletterById(deps.db, newsletterId);
  if (newsletter?.status !== 'sending') return;
  const tag = tagOf(newsletterId);

  for (const r of await recipientsLeftByDeadRun(deps.db, newsletterId)) {
    try {
      if (await deps.brevo.wasSent(r.email, tag, newsletter.created_at)) await markRecipient(deps.db, newsletterId, r.user_id, null);
      else await releaseRecipient(deps.db, newsletterId, r.user_id);
    } catch (err) {
      // Better one letter missing than two received: the report says which and why.
      deps.log.warn('newsletter recipient left in doubt', { newsletterId, err });
      await markRecipient(deps.db, newsletterId, r.user_id, IN_DOUBT);
    }
  }

  const secret = await deps.secret();
  let postponed = 0;
  for (;;) {
    const batch = await claimBatch(deps.db, newsletterId, deps.batchSize);
    if (batch.length === 0) break;
    for (let i = 0; i < batch.length; i += CONCURRENCY) {
      const chunk = batch.slice(i, i + CONCURRENCY);
      await markSending(
        deps.db,
        newsletterId,
        chunk.map((r) => r.user_id),
      );
      await Promise.all(
        chunk.map(async (r) => {
          const url = unsubscribeUrl(deps.publicUrl, secret, r.user_id);
          try {
            await deps.brevo.send({
              to: r.email,
              subject: newsletter.subject,
              html: newsletterHtml({
                subject: newsletter.subject,
                preheader: newsletter.preheader,
                bodyHtml: newsletter.body_html,
                unsubscribeUrl: url,
              }),
              text: newsletterText({ bodyHtml: newsletter.body_html, unsubscribeUrl: url }),
              unsubscribeUrl: url,
              tag,
            });
            await markRecipient(deps.db, newsletterId, r.user_id, null);
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            deps.log.warn('newsletter e-mail failed', { newsletterId, error: message });
            if (isTransientBrevoError(err) && !options.lastTry) {
              postponed++;
              await releaseRecipient(deps.db, newsletterId, r.user_id);
            } else {
              await markRecipient(deps.db, newsletterId, r.user_id, message.slice(0, 500));
            }
          }
        }),
      );
    }
    // Brevo is down or limiting us: stop here rather than walk the whole list into errors.
    if (postponed > 0) throw new BrevoUnavailable(`${postponed} envoi(s) refusé(s) temporairement par Brevo\u00a0: nouvel essai prévu.`);
  }
  if (await finishIfDone(deps.db, newsletterId)) deps.log.info('newsletter sent', { newsletterId });
}

export interface NewsletterJobsOptions {
  /** Retries after the first run (default 5), with a doubling delay from `retryDelaySeconds` (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** The newsletter worker of this process on the job queue, and how a send is started. */
export class NewsletterJobs {
  private readonly retryLimit: number;
  private readonly retryDelaySeconds: number;
  constructor(
    private readonly queue: JobQueue,
    private readonly deps: SendDeps,
    options: NewsletterJobsOptions = {},
  ) {
    this.retryLimit = options.retryLimit ?? 5;
    this.retryDelaySeconds = options.retryDelaySeconds ?? 30;
  }

  async init(): Promise<this> {
    await this.queue.register<{ newsletterId: number }>(NEWSLETTER_QUEUE, (payload, ctx) => this.run(payload.newsletterId, ctx), {
      // One run per newsletter at a time, across processes (the singleton key is the newsletter).
      policy: 'singleton',
      retryLimit: this.retryLimit,
      retryDelaySeconds: this.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 6 * 3600,
    });
    // Sends left without a job (started before the queue, or the process died between the
    // newsletter's creation and its enqueue) get one. A second job would do no harm (it finds
    // nothing left to send) but would blur the queue's history.
    const unfinished = await unfinishedNewsletters(this.deps.db);
    if (unfinished.length > 0) {
      const queued = new Set(
        (await this.queue.list(NEWSLETTER_QUEUE, 500))
          .filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active')
          .map((j) => (j.data as { newsletterId: number }).newsletterId),
      );
      for (const id of unfinished) if (!queued.has(id)) await this.start(id);
    }
    return this;
  }

  async start(newsletterId: number): Promise<void> {
    await this.queue.enqueue(NEWSLETTER_QUEUE, { newsletterId }, { singletonKey: tagOf(newsletterId) });
  }

  private async run(newsletterId: number, ctx: JobContext): Promise<{ newsletterId: number }> {
    await sendNewsletter(this.deps, newsletterId, { lastTry: ctx.retryCount >= this.retryLimit });
    return { newsletterId };
  }
}
