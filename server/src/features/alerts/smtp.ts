/**
 * The alerts' SMTP sender (nodemailer over SMTP_URL): HTML and text parts, our Message-ID and
 * headers. A run sends one digest per user: the connection is pooled (`pool=true` unless SMTP_URL
 * says otherwise) and closed once no digest has been sent for IDLE_MS.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { SendMail } from './engine.js';

const IDLE_MS = 2_000;

/** SMTP_URL with `pool=true` added when it does not choose. */
export function pooledUrl(smtpUrl: string): string {
  if (/[?&]pool=/.test(smtpUrl)) return smtpUrl;
  return `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`;
}

export function smtpSender(smtpUrl: string | undefined, from: string): SendMail | null {
  if (!smtpUrl) return null;
  let transport: Transporter | null = null;
  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;
  return async (mail) => {
    clearTimeout(idle);
    transport ??= nodemailer.createTransport(pooledUrl(smtpUrl));
    const current = transport;
    inFlight++;
    try {
      await current.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    } finally {
      inFlight--;
      if (inFlight === 0) {
        idle = setTimeout(() => {
          if (inFlight > 0 || transport !== current) return;
          transport = null;
          current.close();
        }, IDLE_MS);
        idle.unref();
      }
    }
  };
}
