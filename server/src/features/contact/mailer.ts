/**
 * E-mails each contact message to the team through the configured mail transport (SMTP or
 * Brevo, see server/src/mail/). Without a transport, or without CONTACT_EMAIL, messages are only
 * stored and listed in the admin area.
 */
import type { ContactMessage } from '@immoloupe/shared/contact/contact-message';
import type { Mailer, MailMessage } from '../../auth/mail.js';
import type { Config } from '../../config.js';

/** Sends a contact message to the team by e-mail; absent when no mail transport is configured. */
export type ContactMailer = (message: ContactMessage & { id: number }) => Promise<void>;

export function contactMail(to: string, m: ContactMessage & { id: number }): MailMessage {
  return {
    to,
    subject: `[Contact] ${m.subject}`,
    text: [
      `Message n° ${m.id} reçu par le formulaire de contact.`,
      '',
      `De\u00a0: ${m.name} <${m.email}>`,
      `Objet\u00a0: ${m.subject}`,
      '',
      m.message,
      '',
      `Répondre\u00a0: mailto:${m.email}`,
    ].join('\n'),
  };
}

export function contactMailer(config: Pick<Config, 'CONTACT_EMAIL'>, mailer: Mailer): ContactMailer | undefined {
  const to = config.CONTACT_EMAIL;
  if (!to || mailer.kind === 'log') return undefined;
  return async (m) => {
    await mailer.send(contactMail(to, m));
  };
}
