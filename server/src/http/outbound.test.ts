// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, outboundFetch } from './outbound.js';

/** Two local servers: "a" is the allowed host, "b" another one (same address, another port, so another host). */
let a: Server;
let b: Server;
let aUrl: string;
let bUrl: string;
const bHits: string[] = [];
/** How many bytes the endless route wrote before its client went away. */
let endlessWritten = 0;
let endlessClosed: Promise<void>;

function listen(s: Server): Promise<string> {
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  let closed!: () => void;
  endlessClosed = new Promise((r) => {
    closed = r;
  });
  b = createServer((req, res) => {
    bHits.push(req.url ?? '');
    res.end('secret of the other host');
  });
  bUrl = await listen(b);
  a = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/ok') return void res.end('{"bonjour":"monde"}');
    if (path === '/to-other') return void res.writeHead(302, { location: `${bUrl}/internal` }).end();
    if (path === '/to-self') return void res.writeHead(301, { location: '/ok' }).end();
    if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (path === '/declared-big') {
      res.writeHead(200, { 'content-length': String(10_000_000) });
      return void res.write('x');
    }
    if (path === '/endless') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const timer = setInterval(() => {
        if (res.destroyed) return;
        res.write(chunk);
        endlessWritten += chunk.length;
      }, 1);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
      return;
    }
    if (path === '/slow') {
      const timer = setTimeout(() => res.end('late'), 5000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/slow-body') {
      res.writeHead(200);
      res.write('début');
      const timer = setTimeout(() => res.end('fin'), 5000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(404).end();
  });
  aUrl = await listen(a);
});

afterAll(async () => {
  a.closeAllConnections();
  b.closeAllConnections();
  await Promise.all([new Promise((r) => a.close(r)), new Promise((r) => b.close(r))]);
});

const base = { timeoutMs: 2000, maxBytes: 100_000 };

async function failure(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('outboundFetch', () => {
  it('reads an allowed answer', async () => {
    const res = await outboundFetch(`${aUrl}/ok`, base);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ bonjour: 'monde' });
  });

  it('follows a redirect on the same host', async () => {
    const res = await outboundFetch(`${aUrl}/to-self`, base);
    expect(res.url).toBe(`${aUrl}/ok`);
    expect(res.text()).toBe('{"bonjour":"monde"}');
  });

  it('refuses a redirect to another host, without ever asking it', async () => {
    const err = await failure(outboundFetch(`${aUrl}/to-other`, base));
    expect(err.reason).toBe('host');
    expect(err.message).toMatch(/redirige vers 127\.0\.0\.1:\d+, qui n’est pas autorisé/);
    expect(bHits).toEqual([]);
  });

  it('refuses a first address the caller does not allow', async () => {
    const err = await failure(outboundFetch(`${bUrl}/x`, { ...base, allowUrl: (u) => u.host === new URL(aUrl).host }));
    expect(err.reason).toBe('host');
    expect(bHits).toEqual([]);
  });

  it('stops after the allowed number of redirects', async () => {
    const err = await failure(outboundFetch(`${aUrl}/loop`, { ...base, maxRedirects: 2 }));
    expect(err.reason).toBe('redirects');
    expect(err.message).toBe(`Trop de redirections depuis ${new URL(aUrl).host}.`);
  });

  it('aborts a body past the cap while it streams', async () => {
    const err = await failure(outboundFetch(`${aUrl}/endless`, { ...base, timeoutMs: 10_000, maxBytes: 1_000_000 }));
    expect(err.reason).toBe('too-large');
    expect(err.message).toContain('dépasse 1\u00a0Mo\u00a0: sa lecture a été interrompue');
    // The server sees its client leave soon after the cap, not after ten seconds of writing.
    await endlessClosed;
    expect(endlessWritten).toBeLessThan(20_000_000);
  });

  it('refuses a declared length past the cap before reading', async () => {
    const err = await failure(outboundFetch(`${aUrl}/declared-big`, base));
    expect(err.reason).toBe('too-large');
    expect(err.message).toContain('dépasse 100\u00a0ko\u00a0: elle n’a pas été lue');
  });

  it('times out a server that does not answer', async () => {
    const started = Date.now();
    const err = await failure(outboundFetch(`${aUrl}/slow`, { ...base, timeoutMs: 300 }));
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe(`${new URL(aUrl).host} n’a pas répondu dans le délai de 300\u00a0ms.`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a body that never ends', async () => {
    const err = await failure(outboundFetch(`${aUrl}/slow-body`, { ...base, timeoutMs: 300 }));
    expect(err.reason).toBe('timeout');
  });

  it('says a closed port is unreachable', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((r) => closed.close(r));
    const err = await failure(outboundFetch(url, base));
    expect(err.reason).toBe('network');
    expect(err.message).toContain('est injoignable');
  });
});
