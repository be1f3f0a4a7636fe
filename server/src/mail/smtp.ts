/**
 * The one SMTP transport (nodemailer over SMTP_URL) every sender uses. It is pooled (`pool=true`
 * unless SMTP_URL says otherwise), created on the first message and closed once none has been sent
 * for `idleMs`: an alert run sends one digest per user over one connection, and a process that
 * sends one activation e-mail an hour keeps no idle socket open.
 */
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

const IDLE_MS = 2_000;

/** SMTP_URL with `pool=true` added when it does not choose. */
export function pooledUrl(smtpUrl: string): string {
  if (/[?&]pool=/.test(smtpUrl)) return smtpUrl;
  return `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`;
}

export type SmtpSend = (message: SendMailOptions) => Promise<void>;

export function smtpTransport(smtpUrl: string, idleMs = IDLE_MS): SmtpSend {
  let transport: Transporter | null = null;
  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;
  return async (message) => {
    clearTimeout(idle);
    transport ??= nodemailer.createTransport(pooledUrl(smtpUrl));
    const current = transport;
    inFlight++;
    try {
      await current.sendMail(message);
    } finally {
      inFlight--;
      if (inFlight === 0) {
        idle = setTimeout(() => {
          if (inFlight > 0 || transport !== current) return;
          transport = null;
          current.close();
        }, idleMs);
        idle.unref();
      }
    }
  };
}
