/**
 * The one call to Brevo's transactional e-mail API (`POST /v3/smtp/email`) and its list of sent
 * e-mails (`GET /v3/smtp/emails`), shared by the account e-mails and the newsletter.
 */
import { type OutboundResponse, outboundFetch } from '../http/outbound.js';
import { parseSender } from './sender.js';

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

export interface BrevoMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  tags?: string[];
}

export interface BrevoApi {
  send(message: BrevoMessage): Promise<void>;
  /** Whether an e-mail tagged `tag` went to `to` since `since` (Brevo filters by whole days). */
  wasSent(to: string, tag: string, since: Date): Promise<boolean>;
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

export function brevoApi(options: { apiKey: string; baseUrl: string; from: string }): BrevoApi {
  const { apiKey, baseUrl } = options;
  const endpoint = new URL('/v3/smtp/email', baseUrl).toString();
  const sender = parseSender(options.from);
  return {
    async send(message) {
      const res = await outboundFetch(endpoint, {
        method: 'POST',
        headers: { 'api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          sender: sender.name ? { name: sender.name, email: sender.email } : { email: sender.email },
          to: [{ email: message.to }],
          subject: message.subject,
          htmlContent: message.html,
          textContent: message.text,
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.tags ? { tags: message.tags } : {}),
        }),
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
      if (!res.ok) throw brevoFailure(res);
    },
    async wasSent(to, tag, since) {
      const url = new URL('/v3/smtp/emails', baseUrl);
      url.searchParams.set('email', to);
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
