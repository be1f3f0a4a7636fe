/**
 * Every request the server makes to a third party (portals, Géoplateforme, API Recherche
 * d'entreprises, Brevo) goes through `outboundFetch`: redirects are followed by hand so that each
 * hop's host is checked again (a portal that redirects to an internal address is refused), the
 * body is read as a stream and cut off past a byte cap (a huge or endless page cannot fill the
 * memory), and the whole exchange, body included, has one deadline. What trips says so in French.
 * The open-data downloads, files of hundreds of megabytes, use `outboundStream`: the same checked
 * redirects and byte cap, the body streamed to disk, a deadline for the headers and one for each
 * silence of the transfer instead of a total one.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import { formatInteger } from '@immoloupe/shared/format';

export type OutboundFailure = 'host' | 'redirects' | 'too-large' | 'timeout' | 'network';

export class OutboundError extends Error {
  /** The host that failed (for a caller that words the failure its own way). */
  readonly host?: string;
  /** The cap that a too large answer went over. */
  readonly maxBytes?: number;
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    options?: { cause?: unknown; host?: string; maxBytes?: number },
  ) {
    super(message, options);
    this.name = 'OutboundError';
    this.host = options?.host;
    this.maxBytes = options?.maxBytes;
  }
}

/** What a hop of an outbound request is made of, whatever the reading of its body. */
export interface OutboundHopOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Whether a hop may be fetched; by default only the first address's host (and http/https). */
  allowUrl?: (url: URL) => boolean | Promise<boolean>;
  /** Redirects followed at most (each one checked by `allowUrl`); 0 refuses any. */
  maxRedirects?: number;
  /** The `fetch` to call (tests of a client inject theirs). */
  fetch?: typeof fetch;
}

export interface OutboundOptions extends OutboundHopOptions {
  /** Deadline of the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Bytes of body read at most; past them the transfer is aborted. */
  maxBytes: number;
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

export const formatBytes = (bytes: number) =>
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
    throw new OutboundError('too-large', `La réponse de ${host} dépasse ${formatBytes(maxBytes)}\u00a0: elle n’a pas été lue.`);
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
      throw new OutboundError('too-large', `La réponse de ${host} dépasse ${formatBytes(maxBytes)}\u00a0: sa lecture a été interrompue.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Follows the redirects by hand, each hop checked by `allowUrl`; returns the final answer, body unread. */
async function follow(first: URL, options: OutboundHopOptions, signal: AbortSignal, timedOut: (cause: unknown) => OutboundError) {
  const allowUrl = options.allowUrl ?? sameHost(first);
  const maxRedirects = options.maxRedirects ?? 3;
  const fetchImpl = options.fetch ?? fetch;
  let url = first;
  let method = options.method ?? 'GET';
  let body = options.body;
  for (let hop = 0; ; hop++) {
    if (!(await allowUrl(url))) {
      throw new OutboundError(
        'host',
        hop === 0
          ? `L’adresse ${url.host} n’est pas autorisée.`
          : `${first.host} redirige vers ${url.host}, qui n’est pas autorisé\u00a0: la page n’a pas été suivie.`,
        { host: url.host },
      );
    }
    let res: Response;
    try {
      res = await fetchImpl(url, { method, headers: options.headers, body, redirect: 'manual', signal });
    } catch (error) {
      if (signal.aborted) throw timedOut(error);
      throw new OutboundError('network', `${url.host} est injoignable.`, { cause: error, host: url.host });
    }
    const location = res.headers.get('location');
    if (REDIRECTS.has(res.status) && location) {
      await res.body?.cancel().catch(() => {});
      if (hop >= maxRedirects) throw new OutboundError('redirects', `Trop de redirections depuis ${first.host}.`, { host: first.host });
      url = new URL(location, url);
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    return { res, url };
  }
}

export async function outboundFetch(address: string | URL, options: OutboundOptions): Promise<OutboundResponse> {
  const first = new URL(address);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = (cause: unknown) =>
    new OutboundError('timeout', `${first.host} n’a pas répondu dans le délai de ${delay(options.timeoutMs)}.`, {
      cause,
      host: first.host,
    });
  const { res, url } = await follow(first, options, signal, timedOut);
  let bytes: Buffer;
  try {
    bytes = await readCapped(res, options.maxBytes, url.host);
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (signal.aborted) throw timedOut(error);
    throw new OutboundError('network', `La réponse de ${url.host} a été interrompue.`, { cause: error, host: url.host });
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

export interface OutboundStreamOptions extends OutboundHopOptions {
  /** Deadline until the answer's headers (redirects included). */
  timeoutMs: number;
  /**
   * Longest silence while the body streams: a large file has no fixed total deadline, but a
   * transfer that stalls is cut.
   */
  idleTimeoutMs: number;
  /** Bytes of body read at most; past them the stream fails with a `too-large` `OutboundError`. */
  maxBytes: number;
}

export interface OutboundStream {
  status: number;
  ok: boolean;
  headers: Headers;
  url: string;
  /** The body, counted and cut as it flows; its errors are `OutboundError`s. Null without body. */
  body: Readable | null;
  /** Drops the body unread. */
  cancel(): Promise<void>;
}

/**
 * `outboundFetch` for files too large to hold in memory (the open-data downloads): the same
 * checked redirects, then the body as a stream that fails past `maxBytes` (or at once when the
 * announced length is over it) and when it stays silent longer than `idleTimeoutMs`.
 */
export async function outboundStream(address: string | URL, options: OutboundStreamOptions): Promise<OutboundStream> {
  const first = new URL(address);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let phase: 'headers' | 'body' = 'headers';
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), ms);
  };
  const disarm = () => clearTimeout(timer);
  const timedOut = (cause: unknown) =>
    new OutboundError(
      'timeout',
      phase === 'headers'
        ? `${first.host} n’a pas répondu dans le délai de ${delay(options.timeoutMs)}.`
        : `${first.host} n’a rien envoyé pendant ${delay(options.idleTimeoutMs)}\u00a0: le transfert a été interrompu.`,
      { cause, host: first.host },
    );
  arm(options.timeoutMs);
  let followed: Awaited<ReturnType<typeof follow>>;
  try {
    followed = await follow(first, options, controller.signal, timedOut);
  } catch (error) {
    disarm();
    throw error;
  }
  const { res, url } = followed;
  disarm();
  const host = url.host;
  const declared = Number(res.headers.get('content-length'));
  if (res.body && res.ok && Number.isFinite(declared) && declared > options.maxBytes) {
    await res.body.cancel().catch(() => {});
    throw new OutboundError(
      'too-large',
      `Le fichier de ${host} dépasse ${formatBytes(options.maxBytes)}\u00a0: il n’a pas été téléchargé.`,
      {
        host,
        maxBytes: options.maxBytes,
      },
    );
  }
  const source = res.body;
  async function* counted(): AsyncGenerator<Uint8Array> {
    if (!source) return;
    phase = 'body';
    const reader = source.getReader();
    let total = 0;
    try {
      for (;;) {
        arm(options.idleTimeoutMs);
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (controller.signal.aborted) throw timedOut(error);
          throw new OutboundError('network', `La réponse de ${host} a été interrompue.`, { cause: error, host });
        }
        if (chunk.done) return;
        total += chunk.value.byteLength;
        if (total > options.maxBytes) {
          throw new OutboundError(
            'too-large',
            `Le fichier de ${host} dépasse ${formatBytes(options.maxBytes)}\u00a0: le téléchargement a été interrompu.`,
            { host, maxBytes: options.maxBytes },
          );
        }
        yield chunk.value;
      }
    } finally {
      disarm();
      await reader.cancel().catch(() => {});
    }
  }
  return {
    status: res.status,
    ok: res.ok,
    headers: res.headers,
    url: url.href,
    body: source ? Readable.from(counted(), { objectMode: false }) : null,
    cancel: async () => {
      disarm();
      await source?.cancel().catch(() => {});
    },
  };
}

const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are matched by the IPv4 ranges (BlockList does it). */
function privateAddress(address: string): boolean {
  return PRIVATE_RANGES.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The hop rule of configured downloads (an administrator chose the first address, the file
 * servers redirect to their storage hosts): the first address's host, or a public host over
 * http(s). A redirect to a loopback, private or link-local address (the cloud metadata service,
 * a database port) is refused, after resolving the name; a name that does not resolve is left to
 * the fetch, which fails on it.
 */
export function firstOrPublicHost(first: URL, resolve: typeof lookup = lookup): (url: URL) => Promise<boolean> {
  return async (url) => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (url.host === first.host) return true;
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(hostname)) return !privateAddress(hostname);
    let addresses: { address: string }[];
    try {
      addresses = await resolve(hostname, { all: true });
    } catch {
      return true;
    }
    return addresses.every((a) => !privateAddress(a.address));
  };
}
