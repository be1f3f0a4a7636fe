/**
 * Server rendering: streams the page, with the CSP nonce on React's inline scripts. For
 * search-engine and link-preview crawlers an error page is not rendered: the error is logged
 * and the status answered with an empty body (SEED-SPEC §8).
 */
import { PassThrough } from 'node:stream';
import type { AppContext } from '@immoloupe/shared/app-context';
import { isCrawler } from '@immoloupe/shared/crawler';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const ctx = loadContext as unknown as AppContext;
  const userAgent = request.headers.get('user-agent');
  // Bots get the whole page at once (no streaming); only real crawlers skip error pages.
  const crawler = isbot(userAgent);
  if (isCrawler(userAgent) && responseStatusCode >= 400) {
    const url = new URL(request.url);
    ctx.logError('error page not rendered for a crawler', { status: responseStatusCode, path: url.pathname, userAgent });
    return new Response(null, { status: responseStatusCode, headers: { 'Cache-Control': 'no-store' } });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyEvent = crawler || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={ctx.cspNonce} />, {
      nonce: ctx.cspNonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) ctx.logError('render error', { error: error instanceof Error ? error.message : String(error) });
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as unknown as AppContext | undefined;
  const fields = { path: new URL(request.url).pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  if (ctx?.logError) ctx.logError('route error', fields);
  else console.error(JSON.stringify({ level: 'error', msg: 'route error', ...fields }));
};
