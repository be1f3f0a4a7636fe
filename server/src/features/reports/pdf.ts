/**
 * Server-side PDF of a print route (/pdf/*), rendered by a headless Chromium when one is
 * installed (Debian's `chromium`, driven by playwright-core): the route is loaded from this very
 * server on the loopback interface, with the caller's credentials (session cookie or access key),
 * and printed once the report says it is ready (data, images and charts drawn).
 */

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '@immoloupe/shared/chromium';
import type { Request } from 'express';
import type { BrowserContext, Page } from 'playwright-core';
import { HttpError } from '../../http/errors.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to use: the configured one (CHROMIUM_PATH) if present, else the first one installed. */
export function chromiumPath(configured?: string | undefined): string | null {
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const PDF_UNAVAILABLE =
  'Le téléchargement PDF n’est pas disponible sur ce serveur (Chromium n’y est pas installé)\u00a0: ouvrez la version imprimable, puis «\u00a0Imprimer\u00a0» → «\u00a0Enregistrer au format PDF\u00a0».';

const TIMEOUT_MS = 45_000;

function cookiesOf(header: string | undefined, url: string) {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => {
      const i = part.indexOf('=');
      return { name: part.slice(0, i), value: part.slice(i + 1), url };
    });
}

/** Bounds a step Playwright gives no time-out of its own (`page.pdf`). */
function bounded<T>(step: Promise<T>, what: string, TimeoutError: new (message: string) => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what}: ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `fn` until it succeeds, at most `attempts` times, again only after a time-out (`isTimeout`):
 * any other error is the answer.
 */
export async function retryOnTimeout<T>(fn: () => Promise<T>, isTimeout: (err: unknown) => boolean, attempts = 2): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !isTimeout(err)) throw err;
    }
  }
}

/**
 * Prints with a headless Chromium of its own (a fresh profile, removed after). Every step is
 * bounded, and a render that times out is tried once more in a new Chromium: a Chromium start
 * that hangs now and then is known upstream (Playwright issues 4981, 5228), and one did so once in
 * our browser tests, the download never coming.
 */
async function printWith(
  executablePath: string,
  options: { viewport?: { width: number; height: number }; extraHTTPHeaders?: Record<string, string>; offline?: boolean },
  render: (page: Page) => Promise<void>,
): Promise<Buffer> {
  const { chromium, errors } = await import('playwright-core');
  return retryOnTimeout(
    async () => {
      const profile = mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-'));
      let context: BrowserContext | undefined;
      try {
        context = await chromium.launchPersistentContext(profile, {
          executablePath,
          headless: true,
          args: [...CHROMIUM_ARGS],
          locale: 'fr-FR',
          timezoneId: 'Europe/Paris',
          timeout: TIMEOUT_MS,
          ...options,
        });
        const page = context.pages()[0] ?? (await context.newPage());
        await render(page);
        await page.emulateMedia({ media: 'print' });
        return await bounded(page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }), 'page.pdf', errors.TimeoutError);
      } finally {
        await context?.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      }
    },
    (err) => err instanceof errors.TimeoutError,
  );
}

/** Renders `pathWithQuery` (e.g. `/pdf/printestimationavis?id=…`) of this server to a PDF, as the caller. */
export async function renderPdf(req: Request, pathWithQuery: string, configured?: string | undefined): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  const origin = `http://127.0.0.1:${req.socket.localPort}`;
  const headers = req.headers.authorization ? { extraHTTPHeaders: { authorization: req.headers.authorization } } : {};
  return printWith(executablePath, { viewport: { width: 1024, height: 1400 }, ...headers }, async (page) => {
    await page.context().addCookies(cookiesOf(req.headers.cookie, origin));
    const response = await page.goto(`${origin}${pathWithQuery}`, { waitUntil: 'load', timeout: TIMEOUT_MS });
    if (!response?.ok()) throw new HttpError(502, 'La page du rapport n’a pas pu être ouverte pour le PDF.');
    await page.waitForSelector('[data-report-ready="true"]', { timeout: TIMEOUT_MS });
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-chart]')).every((e) => e.getAttribute('data-chart-ready') === 'true') &&
        Array.from(document.images).every((img) => img.complete),
      undefined,
      { timeout: TIMEOUT_MS },
    );
  });
}

/**
 * A PDF of an HTML document built on the server (the prospecting letters), printed by the same
 * headless Chromium as the reports; the document must be self-contained (inline styles, data: images).
 */
export async function renderHtmlPdf(html: string, configured?: string | undefined): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  // Nothing of the document is fetched from elsewhere.
  return printWith(executablePath, { offline: true }, async (page) => {
    await page.setContent(html, { waitUntil: 'load', timeout: TIMEOUT_MS });
  });
}
