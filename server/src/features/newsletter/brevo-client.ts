/**
 * Brevo's transactional e-mail API (`POST /v3/smtp/email`), one call per recipient so that each
 * carries its own one-click unsubscribe headers (RFC 8058) and fails or succeeds on its own.
 * Decision 1201 says why this rather than Brevo campaigns.
 */

import { parseSender } from '../../auth/mail.js';
import type { Config } from '../../config.js';

export interface BrevoEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
  tag: string;
}

export interface BrevoClient {
  send(email: BrevoEmail): Promise<void>;
}

export class BrevoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Null when BREVO_API_KEY is unset: the mailing page then says what to configure. */
export function createBrevoClient(config: Config): BrevoClient | null {
  const apiKey = config.BREVO_API_KEY;
  if (!apiKey) return null;
  const endpoint = new URL('/v3/smtp/email', config.BREVO_API_URL).toString();
  const sender = parseSender(config.MAIL_FROM);
  return {
    async send(email) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          sender: sender.name ? { name: sender.name, email: sender.email } : { email: sender.email },
          to: [{ email: email.to }],
          subject: email.subject,
          htmlContent: email.html,
          textContent: email.text,
          headers: { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          tags: [email.tag],
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) {
        const body = await res.text().catch(() => '');
        let message = body.slice(0, 300);
        try {
          message = String((JSON.parse(body) as { message?: string }).message ?? message);
        } catch {}
        throw new BrevoError(res.status, `Brevo a répondu ${res.status}${message ? `\u00a0: ${message}` : ''}`);
      }
    },
  };
}
