/**
 * Outgoing e-mail, one module for every sender (account e-mails, contact form, alerts, newsletter):
 * one SMTP transport, one Brevo client, one reading of the sender setting.
 */
export { type BrevoApi, BrevoError, type BrevoMessage, brevoApi, isTransientBrevoError } from './brevo.js';
export { parseSender } from './sender.js';
export { pooledUrl, type SmtpSend, smtpTransport } from './smtp.js';
