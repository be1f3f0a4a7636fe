/**
 * A local HTTP server that plays Brevo's transactional API for the tests: it records every
 * `POST /v3/smtp/email` (path, headers, JSON body) and answers 201, 400 for the addresses told to
 * fail, 503 while `unavailable` is above zero, or never (`holdAfter`: the calls after the n-th are
 * recorded, as Brevo would have accepted them, but get no answer, for kill tests).
 * `GET /v3/smtp/emails?email=` lists the e-mails recorded for an address with their tags, as Brevo does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrevoCall {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    to: { email: string }[];
    subject: string;
    htmlContent: string;
    textContent: string;
    headers: Record<string, string>;
    tags: string[];
    sender: { email: string; name?: string };
  };
}

export async function startFakeBrevo() {
  const calls: BrevoCall[] = [];
  const failFor = new Set<string>();
  const state = { unavailable: 0, holdAfter: Number.POSITIVE_INFINITY, delayMs: 0 };
  const lookups: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/v3/smtp/emails')) {
      const email = new URL(req.url, 'http://fake').searchParams.get('email') ?? '';
      lookups.push(email);
      const sent = calls.filter((c) => c.body.to?.[0]?.email === email && !failFor.has(email));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          count: sent.length,
          transactionalEmails: sent.map((c, i) => ({ email, subject: c.body.subject, messageId: `<${i}@fake-brevo>`, tags: c.body.tags })),
        }),
      );
      return;
    }
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as BrevoCall['body'];
      if (state.unavailable > 0) {
        state.unavailable--;
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Service temporarily unavailable' }));
        return;
      }
      calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (calls.length > state.holdAfter) return;
      const to = body.to?.[0]?.email ?? '';
      if (failFor.has(to)) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'invalid_parameter', message: 'email is not valid' }));
        return;
      }
      const n = calls.length;
      setTimeout(
        () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ messageId: `<${n}@fake-brevo>` })),
        state.delayMs,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failFor,
    /** `unavailable`: next calls answered 503; `holdAfter`: calls after this many get no answer; `delayMs` before each 201. */
    state,
    /** Addresses looked up with GET /v3/smtp/emails. */
    lookups,
    /** Calls carrying this tag (newsletter-<id>, newsletter-test). */
    tagged: (tag: string) => calls.filter((c) => c.body.tags?.includes(tag)),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
