/**
 * Every request the server makes to a third party (portals, Géoplateforme, API Recherche
 * d'entreprises, Brevo) goes through `outboundFetch`: redirects are followed by hand so that each
 * hop's host is checked again (a portal that redirects to an internal address is refused), the
 * body is read as a stream and cut off past a byte cap (a huge or endless page cannot fill the
 * memory), and the whole exchange, body included, has one deadline. What trips says so in French.
 */
import { formatInteger } from '@immoloupe/shared/format';

export type OutboundFailure = 'host' | 'redirects' | 'too-large' | 'timeout' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Deadline of the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Bytes of body read at most; past them the transfer is aborted. */
  maxBytes: number;
  /** Whether a hop may be fetched; by default only the first address's host (and http/https). */
  allowUrl?: (url: URL) => boolean;
  /** Redirects followed at most (each one checked by `allowUrl`); 0 refuses any. */
  maxRedirects?: number;
  /** The `fetch` to call (tests of a client inject theirs). */
  fetch?: typeof fetch;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The address that answered, after redirects. */
  url: string;
  bytes: Buffer;
  text(): string;
  /** The body as JSON; null when it is not JSON. */
  json(): unknown;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const size = (bytes: number) =>
  bytes >= 1_000_000 ? `${formatInteger(bytes / 1_000_000)}\u00a0Mo` : `${formatInteger(Math.max(1, bytes / 1000))}\u00a0ko`;
const delay = (ms: number) => (ms >= 1000 ? `${formatInteger(ms / 1000)}\u00a0s` : `${formatInteger(ms)}\u00a0ms`);

function sameHost(first: URL): (url: URL) => boolean {
  return (url) => (url.protocol === 'https:' || url.protocol === 'http:') && url.host === first.host;
}

async function readCapped(res: Response, maxBytes: number, host: string): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body.cancel().catch(() => {});
    throw new OutboundError('too-large', `La réponse de ${host} dépasse ${size(maxBytes)}\u00a0: elle n’a pas été lue.`);
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new OutboundError('too-large', `La réponse de ${host} dépasse ${size(maxBytes)}\u00a0: sa lecture a été interrompue.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function outboundFetch(address: string | URL, options: OutboundOptions): Promise<OutboundResponse> {
  const first = new URL(address);
  const allowUrl = options.allowUrl ?? sameHost(first);
  const maxRedirects = options.maxRedirects ?? 3;
  const fetchImpl = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = (cause: unknown) =>
    new OutboundError('timeout', `${first.host} n’a pas répondu dans le délai de ${delay(options.timeoutMs)}.`, { cause });
  let url = first;
  let method = options.method ?? 'GET';
  let body = options.body;
  for (let hop = 0; ; hop++) {
    if (!allowUrl(url)) {
      throw new OutboundError(
        'host',
        hop === 0
          ? `L’adresse ${url.host} n’est pas autorisée.`
          : `${first.host} redirige vers ${url.host}, qui n’est pas autorisé\u00a0: la page n’a pas été suivie.`,
      );
    }
    let res: Response;
    try {
      res = await fetchImpl(url, { method, headers: options.headers, body, redirect: 'manual', signal });
    } catch (error) {
      if (signal.aborted) throw timedOut(error);
      throw new OutboundError('network', `${url.host} est injoignable.`, { cause: error });
    }
    const location = res.headers.get('location');
    if (REDIRECTS.has(res.status) && location) {
      await res.body?.cancel().catch(() => {});
      if (hop >= maxRedirects) throw new OutboundError('redirects', `Trop de redirections depuis ${first.host}.`);
      url = new URL(location, url);
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(res, options.maxBytes, url.host);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (signal.aborted) throw timedOut(error);
      throw new OutboundError('network', `La réponse de ${url.host} a été interrompue.`, { cause: error });
    }
    return {
      status: res.status,
      ok: res.ok,
      headers: res.headers,
      url: url.href,
      bytes,
      text: () => bytes.toString('utf8'),
      json: () => {
        try {
          return JSON.parse(bytes.toString('utf8')) as unknown;
        } catch {
          return null;
        }
      },
    };
  }
}
