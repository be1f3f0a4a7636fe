/**
 * Brevo's transactional e-mail API (`POST /v3/smtp/email`), one call per recipient so that each
 * carries its own one-click unsubscribe headers (RFC 8058) and fails or succeeds on its own.
 * Decision 1201 says why this rather than Brevo campaigns.
 */

import { parseSender } from '../../auth/mail.js';
import type { Config } from '../../config.js';
import { type OutboundResponse, outboundFetch } from '../../http/outbound.js';

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
  /**
   * Whether Brevo accepted an e-mail tagged `tag` for `to` since `since` (its list of transactional
   * e-mails, `GET /v3/smtp/emails`): how a send cut by a crash learns if the call it was making got through.
   */
  wasSent(to: string, tag: string, since: Date): Promise<boolean>;
}

export class BrevoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Worth a retry later (network, rate limit, Brevo down), as opposed to a refused address or request. */
export function isTransientBrevoError(err: unknown): boolean {
  return !(err instanceof BrevoError) || err.status === 429 || err.status >= 500;
}

const TIMEOUT_MS = 15_000;
/** Brevo's answers are small JSON (500 e-mails listed at most: well under a megabyte). */
const MAX_ANSWER_BYTES = 2_000_000;

const day = (d: Date) => d.toISOString().slice(0, 10);

function brevoFailure(res: OutboundResponse): BrevoError {
  const body = res.text();
  let message = body.slice(0, 300);
  try {
    message = String((JSON.parse(body) as { message?: string }).message ?? message);
  } catch {}
  return new BrevoError(res.status, `Brevo a répondu ${res.status}${message ? `\u00a0: ${message}` : ''}`);
}

/** Null when BREVO_API_KEY is unset: the mailing page then says what to configure. */
export function createBrevoClient(config: Config): BrevoClient | null {
  const apiKey = config.BREVO_API_KEY;
  if (!apiKey) return null;
  const endpoint = new URL('/v3/smtp/email', config.BREVO_API_URL).toString();
  const sender = parseSender(config.MAIL_FROM);
  return {
    async send(email) {
      const res = await outboundFetch(endpoint, {
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
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
      if (!res.ok) throw brevoFailure(res);
    },
    async wasSent(to, tag, since) {
      const url = new URL('/v3/smtp/emails', config.BREVO_API_URL);
      url.searchParams.set('email', to);
      // Brevo filters by whole days (one month at most); the tag tells our e-mail from others.
      url.searchParams.set('startDate', day(since));
      url.searchParams.set('endDate', day(new Date()));
      url.searchParams.set('sort', 'desc');
      url.searchParams.set('limit', '500');
      const res = await outboundFetch(url, {
        headers: { 'api-key': apiKey, accept: 'application/json' },
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
      // 404: no e-mail to this address in that period.
      if (res.status === 404) return false;
      if (!res.ok) throw brevoFailure(res);
      const body = (res.json() ?? {}) as { transactionalEmails?: { tags?: string[] }[] };
      return (body.transactionalEmails ?? []).some((e) => e.tags?.includes(tag));
    },
  };
}
