/**
 * A test worker process for newsletter sends: opens the database of DATABASE_URL (or the PGlite
 * folder DATA_DIR), migrates, starts the job queue and registers the newsletter worker against the
 * Brevo of BREVO_API_URL. Env: CREATE=n adds n consenting users and a newsletter to « tous », and
 * enqueues its send; ENQUEUE_ID=id enqueues the send of that newsletter again; EXIT_WHEN_DONE=1
 * exits once no newsletter is sending and no send job is left. Prints READY and NEWSLETTER <id>.
 */
import { loadConfig } from '../../../config.js';
import { openDb } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import { startJobQueue } from '../../../jobs/queue.js';
import { createLogger } from '../../../logger.js';
import { registerNewsletterJobs } from '../feature.js';
import { createNewsletter } from '../queries.js';

const env = process.env;
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'secret-de-test-des-processus-0123456789',
  BREVO_API_KEY: 'cle-brevo-test',
  BREVO_API_URL: env.BREVO_API_URL ?? '',
  NEWSLETTER_BATCH_SIZE: env.NEWSLETTER_BATCH_SIZE ?? '4',
  NEWSLETTER_RETRY_DELAY_SECONDS: '0',
});
const db = await openDb({ DATABASE_URL: env.DATABASE_URL || undefined, DATA_DIR: env.DATA_DIR ?? './data' });
await migrate(db);
const log = createLogger('silent');
const queue = await startJobQueue({ db, log, leaseSeconds: 2, pollingSeconds: 0.5 });
const jobs = await registerNewsletterJobs(queue, { config, db, log });
if (!jobs) throw new Error('Brevo not configured');

const create = Number(env.CREATE ?? 0);
if (create > 0) {
  for (let i = 0; i < create; i++) {
    await db.query(
      `INSERT INTO users (email, password_hash, email_verified_at, marketing_consent) VALUES ($1, 'sans-mot-de-passe', now(), true)`,
      [`lecteur${String(i).padStart(2, '0')}@exemple.fr`],
    );
  }
  const n = await createNewsletter(db, {
    subject: 'Les prix de décembre',
    preheader: '',
    bodyHtml: '<p>Bonjour</p>',
    segment: 'tous',
    adminId: null,
    adminEmail: 'admin@exemple.fr',
  });
  await jobs.start(n.id);
  process.stdout.write(`NEWSLETTER ${n.id}\n`);
}
if (env.ENQUEUE_ID) await jobs.start(Number(env.ENQUEUE_ID));
process.stdout.write('READY\n');

if (env.EXIT_WHEN_DONE === '1') {
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const [row] = await db.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM newsletters WHERE status = 'sending')
            + (SELECT count(*)::int FROM pgboss.job WHERE name = 'newsletter.send' AND state < 'completed') AS n`,
    );
    if (row?.n === 0) break;
  }
  await queue.stop();
  await db.close();
  process.exit(0);
}
