/**
 * A local HTTP server that plays Brevo's transactional API for the tests: it records every
 * request (path, headers, JSON body) and answers 201, or 400 for the addresses told to fail.
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
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as BrevoCall['body'];
      calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const to = body.to?.[0]?.email ?? '';
      if (failFor.has(to)) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'invalid_parameter', message: 'email is not valid' }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ messageId: `<${calls.length}@fake-brevo>` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failFor,
    /** Calls carrying this tag (newsletter-<id>, newsletter-test). */
    tagged: (tag: string) => calls.filter((c) => c.body.tags?.includes(tag)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
