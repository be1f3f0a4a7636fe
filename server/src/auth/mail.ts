/**
 * Outgoing e-mail: SMTP (nodemailer) or Brevo's transactional API, chosen from the
 * configuration. With neither configured, the message (and its link) is written to the server
 * log instead, and the page that asked for it says so.
 */
import type { MailDelivery } from '@immoloupe/shared/accounts/contracts';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { brevoApi, smtpTransport } from '../mail/index.js';

export { parseSender } from '../mail/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about, logged when no transport is configured. */
  link?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'brevo' | 'log';
  send(message: MailMessage): Promise<MailDelivery>;
}

function html(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<div style="font-family:sans-serif;line-height:1.5">${escaped
    .split('\n')
    .map((line) => line.replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>'))
    .join('<br>')}</div>`;
}

export function createMailer(config: Config, log: Logger): Mailer {
  if (config.SMTP_URL) {
    const send = smtpTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      async send(message) {
        await send({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: html(message.text) });
        return 'sent';
      },
    };
  }
  if (config.BREVO_API_KEY) {
    const brevo = brevoApi({ apiKey: config.BREVO_API_KEY, baseUrl: config.BREVO_API_URL, from: config.MAIL_FROM });
    return {
      kind: 'brevo',
      async send(message) {
        await brevo.send({ to: message.to, subject: message.subject, text: message.text, html: html(message.text) });
        return 'sent';
      },
    };
  }
  return {
    kind: 'log',
    async send(message) {
      log.warn('no mail transport configured: e-mail written to the log', {
        to: message.to,
        subject: message.subject,
        link: message.link,
        text: message.text,
      });
      return 'log';
    },
  };
}

// Messages (French, plain text; the HTML part is derived from it).
const SIGNATURE = '\n\nL’équipe Immoloupe';

export function activationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirmez votre adresse e-mail',
    text: `Bonjour,\n\nPour activer votre compte Immoloupe, ouvrez ce lien (valable 48 heures)\u00a0:\n${link}\n\nSi vous n’avez pas créé de compte, ignorez ce message.${SIGNATURE}`,
    link,
  };
}

/** To an address whose account is confirmed, when someone signs up with it or asks for a new confirmation link. */
export function existingAccountMail(to: string, loginLink: string, resetLink: string, why: 'signup' | 'resend' = 'signup'): MailMessage {
  const what =
    why === 'signup'
      ? 'Quelqu’un (vous, sans doute) a voulu créer un compte Immoloupe avec cette adresse, qui en a déjà un.'
      : 'Quelqu’un (vous, sans doute) a demandé un nouveau lien de confirmation pour cette adresse, dont le compte Immoloupe est déjà confirmé\u00a0: il suffit de vous connecter.';
  return {
    to,
    subject: why === 'signup' ? 'Votre compte Immoloupe existe déjà' : 'Votre compte Immoloupe est déjà confirmé',
    text: `Bonjour,\n\n${what}\n\nPour vous connecter\u00a0: ${loginLink}\nMot de passe oublié\u00a0? ${resetLink}${SIGNATURE}`,
    link: loginLink,
  };
}

export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Réinitialisez votre mot de passe',
    text: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure)\u00a0:\n${link}\n\nSi vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe ne change pas.${SIGNATURE}`,
    link,
  };
}
