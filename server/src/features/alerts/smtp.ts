/** The alerts' SMTP sender (nodemailer over SMTP_URL): HTML and text parts, our Message-ID and headers. */
import nodemailer from 'nodemailer';
import type { SendMail } from './engine.js';

export function smtpSender(smtpUrl: string | undefined, from: string): SendMail | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.headers,
    });
  };
}
