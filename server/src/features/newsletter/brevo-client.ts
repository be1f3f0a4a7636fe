/**
 * The newsletter's use of Brevo's transactional e-mail API: one call per recipient so that each
 * carries its own one-click unsubscribe headers (RFC 8058) and fails or succeeds on its own.
 * Decision 1201 says why this rather than Brevo campaigns.
 */
import type { Config } from '../../config.js';
import { brevoApi } from '../../mail/index.js';

export { BrevoError, isTransientBrevoError } from '../../mail/index.js';

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
   * e-mails): how a send cut by a crash learns if the call it was making got through.
   */
  wasSent(to: string, tag: string, since: Date): Promise<boolean>;
}

/** Null when BREVO_API_KEY is unset: the mailing page then says what to configure. */
export function createBrevoClient(config: Config): BrevoClient | null {
  if (!config.BREVO_API_KEY) return null;
  const brevo = brevoApi({ apiKey: config.BREVO_API_KEY, baseUrl: config.BREVO_API_URL, from: config.MAIL_FROM });
  return {
    send: (email) =>
      brevo.send({
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        tags: [email.tag],
      }),
    wasSent: (to, tag, since) => brevo.wasSent(to, tag, since),
  };
}
