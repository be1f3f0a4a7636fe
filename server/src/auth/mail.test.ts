/**
 * The e-mail transports against local servers that record what they receive: Brevo's API
 * (headers and JSON body) and an SMTP server (the message nodemailer delivers).
 */
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { createMailer, parseSender } from './mail.js';
import { TestBrowser } from './testing/browser.js';

const log = createLogger('silent');

/** Brevo's transactional e-mail endpoint, recording each call. */
async function fakeBrevo() {
  const calls: { path: string; headers: Record<string, unknown>; body: Record<string, unknown> }[] = [];
  const server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      calls.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"messageId":"<1@brevo>"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise((r) => server.close(r)) };
}

/** The smallest SMTP server nodemailer talks to: accepts one message per connection, keeps its data. */
async function fakeSmtp() {
  const messages: string[] = [];
  const server = createTcpServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (data) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        messages.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        data = false;
        socket.write('250 OK queued\r\n');
      }
      let i = buffer.indexOf('\r\n');
      while (!data && i !== -1) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 end with .\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
        i = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, messages, close: () => new Promise((r) => server.close(r)) };
}

describe('mail transports', () => {
  let brevo: Awaited<ReturnType<typeof fakeBrevo>>;
  let app: TestApp;
  beforeAll(async () => {
    brevo = await fakeBrevo();
    app = await startTestApp({
      env: { BREVO_API_KEY: 'xkeysib-test', BREVO_API_URL: brevo.url, MAIL_FROM: 'Immoloupe <bonjour@immoloupe.fr>' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await brevo?.close();
  });

  it('sends the activation link through Brevo’s API, and the page does not mention the log', async () => {
    const b = new TestBrowser(app.url);
    const res = await b.api('/api/account/signup', { method: 'POST', body: { email: 'brevo@exemple.fr', password: 'Maison-bleue-2026' } });
    const body = await res.json();
    expect(body.mailDelivery).toBe('sent');
    expect(body.message).not.toContain('journal');
    await expect.poll(() => brevo.calls.length).toBe(1);
    const call = brevo.calls[0];
    expect(call?.path).toBe('/v3/smtp/email');
    expect(call?.headers['api-key']).toBe('xkeysib-test');
    expect(call?.body).toMatchObject({
      sender: { name: 'Immoloupe', email: 'bonjour@immoloupe.fr' },
      to: [{ email: 'brevo@exemple.fr' }],
      subject: 'Confirmez votre adresse e-mail',
    });
    expect(String(call?.body.textContent)).toMatch(/http:\/\/localhost:3000\/abo\/activate\?token=[A-Za-z0-9_-]{43}/);
  });

  it('delivers through SMTP with nodemailer', async () => {
    const smtp = await fakeSmtp();
    try {
      const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Immoloupe <bonjour@immoloupe.fr>' });
      const mailer = createMailer(config, log);
      expect(mailer.kind).toBe('smtp');
      expect(await mailer.send({ to: 'smtp@exemple.fr', subject: 'Réinitialisez votre mot de passe', text: 'Lien : https://x/y' })).toBe(
        'sent',
      );
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('To: smtp@exemple.fr');
      expect(smtp.messages[0]).toContain('Immoloupe <bonjour@immoloupe.fr>');
    } finally {
      await smtp.close();
    }
  });

  it('reads the sender setting', () => {
    expect(parseSender('Immoloupe <a@b.fr>')).toEqual({ name: 'Immoloupe', email: 'a@b.fr' });
    expect(parseSender('a@b.fr')).toEqual({ name: undefined, email: 'a@b.fr' });
  });
});
