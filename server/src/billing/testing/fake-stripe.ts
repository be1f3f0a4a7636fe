/**
 * A local stand-in for the Stripe API in tests: it records every request (method, path,
 * form-encoded parameters) and answers with the objects a test gives it, nothing computed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeStripe {
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Answer `METHOD /v1/path` with this body (status 200). */
  reply(method: string, path: string, body: unknown): void;
  close(): Promise<void>;
}

export const WEBHOOK_SECRET = 'whsec_test_immoloupe';

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      requests.push({ method: req.method ?? '', path: url.pathname, params, headers: req.headers });
      const body = replies.get(`${req.method} ${url.pathname}`);
      res.setHeader('content-type', 'application/json');
      if (body === undefined) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No fake reply for ${req.method} ${url.pathname}` } }));
        return;
      }
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_immoloupe',
      STRIPE_PRICE_ID: 'price_abo_mensuel',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    requests,
    reply: (method, path, body) => replies.set(`${method} ${path}`, body),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
