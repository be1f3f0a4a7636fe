/**
 * `/api/admin/newsletters` (administrators, from a signed-in browser): the segments and past
 * sends, a test to oneself, and a send to a segment: a job of the durable queue, in batches;
 * `/api/account/marketing` (the signed-in user): give or withdraw the newsletter consent.
 */

import { countOf } from '@immoloupe/shared/format';
import {
  marketingConsentRequestSchema,
  type NewsletterOverview,
  newsletterDraftSchema,
  newsletterSendSchema,
  SEGMENTS,
} from '@immoloupe/shared/newsletter/contracts';
import { newsletterHtml, newsletterText } from '@immoloupe/shared/newsletter/newsletter.logic';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { auditActorOf, recordAudit } from '../audit/index.js';
import { type BrevoClient, BrevoError } from './brevo-client.js';
import { createNewsletter, listNewsletters, segmentCounts, setMarketingConsent } from './queries.js';
import { sanitizeNewsletterHtml } from './sanitize.js';
import type { NewsletterJobs } from './send-job.js';
import { unsubscribeUrl } from './unsubscribe-token.js';

export const BREVO_NOT_CONFIGURED =
  'L’envoi de lettres n’est pas configuré\u00a0: renseignez BREVO_API_KEY (clé d’API Brevo) et MAIL_FROM (expéditeur validé chez Brevo) dans la configuration du serveur, puis redémarrez-le.';

const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.via !== 'session') return next(new HttpError(403, 'Cette action se fait depuis un navigateur connecté.'));
  next();
};

export function newsletterRoutes(deps: {
  db: Db;
  log: Logger;
  brevo: BrevoClient | null;
  jobs: NewsletterJobs | null;
  publicUrl: string;
  secret: () => Promise<string>;
}): Router {
  const { db, brevo } = deps;
  const router = Router();
  router.use('/admin/newsletters', requireAdmin, sessionOnly);

  function draftOf(body: unknown) {
    const draft = newsletterDraftSchema.parse(body);
    const bodyHtml = sanitizeNewsletterHtml(draft.html);
    if (!bodyHtml.replace(/<[^>]*>/g, '').trim())
      throw new HttpError(400, 'La lettre est vide après nettoyage du contenu.', [{ path: 'html', message: 'Contenu requis.' }]);
    return { subject: draft.subject, preheader: draft.preheader, bodyHtml };
  }

  router.get('/admin/newsletters', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      configured: brevo !== null,
      segments: await segmentCounts(db),
      newsletters: await listNewsletters(db),
    } satisfies NewsletterOverview);
  });

  router.get('/admin/newsletters/:id', async (req, res) => {
    const id = z.coerce.number().int().positive().safeParse(req.params.id);
    const [newsletter] = id.success ? await listNewsletters(db, id.data) : [];
    if (!newsletter) throw new HttpError(404, 'Lettre introuvable.');
    res.set('Cache-Control', 'no-store').json(newsletter);
  });

  router.post('/admin/newsletters/test', async (req, res) => {
    const draft = draftOf(req.body);
    if (!brevo) throw new HttpError(503, BREVO_NOT_CONFIGURED);
    const admin = req.user as { id: string; email: string };
    // Everything that can fail comes before the e-mail: once it has left, a failure answered as an
    // error would make the administrator try again, and receive it twice.
    const url = unsubscribeUrl(deps.publicUrl, await deps.secret(), admin.id);
    const mail = {
      to: admin.email,
      subject: `[Test] ${draft.subject}`,
      html: newsletterHtml({ ...draft, unsubscribeUrl: url }),
      text: newsletterText({ bodyHtml: draft.bodyHtml, unsubscribeUrl: url }),
      unsubscribeUrl: url,
      tag: 'newsletter-test',
    };
    const actor = auditActorOf(req);
    try {
      await brevo.send(mail);
    } catch (err) {
      if (err instanceof BrevoError) throw new HttpError(502, `Le test n’est pas parti\u00a0: ${err.message}`);
      throw new HttpError(502, 'Le test n’est pas parti\u00a0: Brevo est injoignable.');
    }
    try {
      await recordAudit(db, actor, 'newsletter.test', admin.email, { subject: draft.subject });
    } catch (err) {
      // The test was sent: say so, and keep what the audit log could not in the server's log.
      deps.log.error('newsletter test sent but not audited', { err, actor: actor.email, subject: draft.subject });
    }
    res.json({ message: `Test envoyé à ${admin.email}.` });
  });

  router.post('/admin/newsletters', async (req, res) => {
    const { segment } = newsletterSendSchema.pick({ segment: true }).parse(req.body ?? {});
    const draft = draftOf(req.body);
    if (!brevo || !deps.jobs) throw new HttpError(503, BREVO_NOT_CONFIGURED);
    const actor = auditActorOf(req);
    const empty = new HttpError(409, `Aucun destinataire dans le segment « ${SEGMENTS[segment]} »\u00a0: rien n’a été envoyé.`);
    // Thrown inside the transaction so that an empty send leaves no newsletter behind.
    const created = await db.transaction(async (tx) => {
      const n = await createNewsletter(tx, { ...draft, segment, adminId: actor.id, adminEmail: actor.email });
      if (n.recipients === 0) throw empty;
      await recordAudit(tx, actor, 'newsletter.send', SEGMENTS[segment], {
        subject: draft.subject,
        recipients: n.recipients,
        campaignId: n.id,
      });
      return n;
    });
    await deps.jobs.start(created.id);
    res
      .status(202)
      .json({ id: created.id, recipients: created.recipients, message: `Envoi lancé à ${countOf(created.recipients, 'destinataire')}.` });
  });

  router.post('/account/marketing', requireUser, sessionOnly, async (req, res) => {
    const { consent } = marketingConsentRequestSchema.parse(req.body ?? {});
    await setMarketingConsent(db, (req.user as { id: string }).id, consent);
    res.json({
      message: consent ? 'Vous recevrez la lettre d’information.' : 'Vous ne recevrez plus la lettre d’information.',
      marketingConsent: consent,
    });
  });

  return router;
}
