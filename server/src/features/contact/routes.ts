/**
 * The contact form's API: `POST /api/contact` (public, CSRF-checked like every state-changing
 * call, rate-limited per IP in the database, honeypot against bots) and
 * `GET /api/contact/messages` (administrators) for the admin area.
 */
import {
  CONTACT_RATE_LIMIT,
  contactFieldErrors,
  contactMessageInputSchema,
  HONEYPOT_FIELD,
} from '@immoloupe/shared/contact/contact-message';
import { Router } from 'express';
import { z } from 'zod';
import { requireAdmin } from '../../auth/guards.js';
import { ipKey, LIMITS, takeAttempt } from '../../auth/rate-limit.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import type { ContactMailer } from './mailer.js';
import { insertContactMessage, listContactMessages, markContactMessageMailed } from './queries.js';

export interface ContactDeps {
  db: Db;
  log: Logger;
  mailer?: ContactMailer | undefined;
}

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export function contactRoutes({ db, log, mailer }: ContactDeps): Router {
  const router = Router();

  router.post('/contact', async (req, res) => {
    const parsed = contactMessageInputSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const fields = contactFieldErrors(parsed.error);
      throw new HttpError(
        400,
        'Le message n’a pas été envoyé : corrigez les champs signalés.',
        Object.entries(fields).map(([path, message]) => ({ path, message: message as string })),
      );
    }
    const input = parsed.data;
    const ip = ipKey(req.ip ?? req.socket.remoteAddress);
    const id = await db.transaction(async (tx) => {
      const allowed = await takeAttempt(tx, LIMITS.contactIp, ip);
      if (!allowed) return 'limited' as const;
      // A bot filled the hidden field: counted against its IP, answered as a success, not stored.
      if (input[HONEYPOT_FIELD] !== '') return null;
      return insertContactMessage(tx, input);
    });
    if (id === 'limited') {
      res.setHeader('Retry-After', String(CONTACT_RATE_LIMIT.windowMinutes * 60));
      throw new HttpError(429, 'Trop de messages envoyés depuis votre connexion : réessayez dans une heure.');
    }
    if (id === null) {
      log.warn('contact honeypot filled', { ip });
    } else if (mailer) {
      try {
        await mailer({ ...input, id });
        await markContactMessageMailed(db, id);
      } catch (err) {
        // The message is stored and listed in the admin area: a mail failure must not lose it.
        log.error('contact mail failed', { err, contactMessageId: id });
      }
    }
    res.status(201).json({ ok: true });
  });

  router.get('/contact/messages', requireAdmin, async (req, res) => {
    const { limit, offset } = listQuery.parse(req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listContactMessages(db, limit, offset));
  });

  return router;
}
