/**
 * The alerts' sender: the shared SMTP transport with our Message-ID and headers, HTML and text
 * parts. A run sends one digest per user over the transport's pooled connection.
 */
import { smtpTransport } from '../../mail/index.js';
import type { SendMail } from './engine.js';

export function smtpSender(smtpUrl: string | undefined, from: string): SendMail | null {
  if (!smtpUrl) return null;
  const send = smtpTransport(smtpUrl);
  return (mail) =>
    send({
      from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.headers,
    });
}
