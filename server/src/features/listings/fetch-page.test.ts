// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../http/outbound.js';
import { createListingPageFetcher, MAX_PAGE_BYTES } from './fetch-page.js';

/** A transport that plays the portals: each address gets the answer of `routes`, every call is kept. */
function portals(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  const impl = (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    asked.push(url);
    const route = routes[url];
    if (!route) throw new Error(`unexpected ${url}`);
    return route();
  }) as typeof fetch;
  return { asked, fetch: createListingPageFetcher(impl) };
}

const AD = 'https://www.leboncoin.fr/ad/ventes_immobilieres/1';

describe('fetchListingPage', () => {
  it('follows a portal redirecting to its own pages', async () => {
    const p = portals({
      [AD]: () => new Response(null, { status: 301, headers: { location: 'https://www.leboncoin.fr/ad/2' } }),
      'https://www.leboncoin.fr/ad/2': () => new Response('<html>annonce</html>'),
    });
    expect(await p.fetch(AD)).toEqual({ status: 200, html: '<html>annonce</html>' });
  });

  it('never follows a redirect off the portals (cloud metadata, internal hosts)', async () => {
    const p = portals({
      [AD]: () => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
    });
    const err = await p.fetch(AD).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).message).toBe(
      'www.leboncoin.fr redirige vers 169.254.169.254, qui n’est pas autorisé\u00a0: la page n’a pas été suivie.',
    );
    expect(p.asked).toEqual([AD]);
  });

  it('refuses an address that is not a portal before any request', async () => {
    const p = portals({});
    await expect(p.fetch('http://127.0.0.1:5432/')).rejects.toBeInstanceOf(OutboundError);
    expect(p.asked).toEqual([]);
  });

  it('cuts a page past the cap', async () => {
    const big = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1_000_000));
      },
    });
    const p = portals({ [AD]: () => new Response(big) });
    const err = await p.fetch(AD).catch((e: unknown) => e);
    expect((err as OutboundError).reason).toBe('too-large');
    expect(MAX_PAGE_BYTES).toBe(5_000_000);
  });
});
