/** Contact messages e-mailed to the team: through the configured transport, never through the log fallback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../auth/mail.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { contactMail, contactMailer } from './mailer.js';

const message = {
  id: 7,
  name: 'Camille Martin',
  email: 'camille@exemple.fr',
  subject: 'Démonstration',
  message: 'Bonjour.\nÀ bientôt.',
  website: '',
};

describe('contactMailer', () => {
  const recording = (kind: Mailer['kind']) => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind,
      async send(m) {
        sent.push(m);
        return 'sent';
      },
    };
    return { mailer, sent };
  };

  it('sends to CONTACT_EMAIL through a real transport', async () => {
    const { mailer, sent } = recording('smtp');
    await contactMailer({ CONTACT_EMAIL: 'equipe@exemple.fr' }, mailer)?.(message);
    expect(sent).toEqual([contactMail('equipe@exemple.fr', message)]);
    expect(sent[0]?.subject).toBe('[Contact] Démonstration');
    expect(sent[0]?.text).toContain('De\u00a0: Camille Martin <camille@exemple.fr>');
    expect(sent[0]?.text).toContain('Bonjour.\nÀ bientôt.');
  });

  it('is off without a transport or without a recipient', () => {
    expect(contactMailer({ CONTACT_EMAIL: 'equipe@exemple.fr' }, recording('log').mailer)).toBeUndefined();
    expect(contactMailer({ CONTACT_EMAIL: undefined }, recording('brevo').mailer)).toBeUndefined();
  });
});

describe('POST /api/contact with Brevo configured', () => {
  let brevo: Server;
  const received: { path: string; apiKey: string | undefined; body: { to: { email: string }[]; subject: string; textContent: string } }[] =
    [];
  let app: TestApp;

  beforeAll(async () => {
    // A local stand-in for Brevo's transactional API that records what it receives.
    brevo = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', apiKey: req.headers['api-key'] as string | undefined, body: JSON.parse(data) });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"messageId":"x"}');
      });
    });
    await new Promise<void>((r) => brevo.listen(0, '127.0.0.1', r));
    const port = (brevo.address() as AddressInfo).port;
    app = await startTestApp({
      env: { BREVO_API_KEY: 'cle-de-test', BREVO_API_URL: `http://127.0.0.1:${port}`, CONTACT_EMAIL: 'equipe@exemple.fr' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((r) => brevo?.close(r));
  });

  it('e-mails the stored message to the team and records it as sent', async () => {
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'immoloupe.csrf=t', 'x-csrf-token': 't' },
      body: JSON.stringify({
        name: 'Camille Martin',
        email: 'camille@exemple.fr',
        subject: 'Démonstration',
        message: 'Bonjour, une démonstration ?',
      }),
    });
    expect(res.status).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/v3/smtp/email');
    expect(received[0]?.apiKey).toBe('cle-de-test');
    expect(received[0]?.body.to).toEqual([{ email: 'equipe@exemple.fr' }]);
    expect(received[0]?.body.subject).toBe('[Contact] Démonstration');
    expect(received[0]?.body.textContent).toContain('camille@exemple.fr');
    const rows = await app.db.query<{ mailed_at: Date | null }>('SELECT mailed_at FROM contact_messages');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.mailed_at).toBeInstanceOf(Date);
  });
});
