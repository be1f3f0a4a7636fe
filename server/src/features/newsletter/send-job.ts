/**
 * Sending a newsletter: batch after batch until no recipient is left. `sendNewsletter` is the
 * one handler a durable job queue calls (one job per newsletter); until the queue is on main,
 * `NewsletterJobs` runs it in the process and resumes unfinished sends at start-up.
 */
import { newsletterHtml, newsletterText } from '@immoloupe/shared/newsletter/newsletter.logic';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import type { BrevoClient } from './brevo-client.js';
import { claimBatch, finishIfDone, markRecipient, newsletterById, unfinishedNewsletters } from './queries.js';
import { unsubscribeUrl } from './unsubscribe-token.js';

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

export async function sendNewsletter(deps: SendDeps, newsletterId: number): Promise<void> {
  const newsletter = await newsletterById(deps.db, newsletterId);
  if (!newsletter) return;
  const secret = await deps.secret();
  for (;;) {
    const batch = await claimBatch(deps.db, newsletterId, deps.batchSize);
    if (batch.length === 0) break;
    for (let i = 0; i < batch.length; i += CONCURRENCY) {
      await Promise.all(
        batch.slice(i, i + CONCURRENCY).map(async (r) => {
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
              tag: `newsletter-${newsletterId}`,
            });
            await markRecipient(deps.db, newsletterId, r.user_id, null);
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            deps.log.warn('newsletter e-mail failed', { newsletterId, error: message });
            await markRecipient(deps.db, newsletterId, r.user_id, message.slice(0, 500));
          }
        }),
      );
    }
  }
  if (await finishIfDone(deps.db, newsletterId)) deps.log.info('newsletter sent', { newsletterId });
}

export class NewsletterJobs {
  private readonly running = new Map<number, Promise<void>>();
  constructor(private readonly deps: SendDeps) {}

  start(newsletterId: number): void {
    if (this.running.has(newsletterId)) return;
    const job = sendNewsletter(this.deps, newsletterId)
      .catch((err) => this.deps.log.error('newsletter send failed', { newsletterId, err }))
      .finally(() => this.running.delete(newsletterId));
    this.running.set(newsletterId, job);
  }

  /** Sends stopped by a restart: recipients claimed more than 10 minutes ago are sent again. */
  async resume(): Promise<void> {
    for (const id of await unfinishedNewsletters(this.deps.db, 10)) this.start(id);
  }

  /** Resolves when every send started here has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }
}
