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
import type { Logger } from '../../logger.js';

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

/** Rejects with a time-out when `step` has not settled within `ms`; `what` names what was under way then. */
function bounded<T>(step: Promise<T>, ms: number, what: () => string, TimeoutError: new (message: string) => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what()}\u00a0: plus de ${ms} ms`)), ms);
  });
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `fn` until it succeeds, at most `attempts` times, again only after a time-out (`isTimeout`):
 * any other error is the answer.
 */
export async function retryOnTimeout<T>(
  fn: (attempt: number) => Promise<T>,
  isTimeout: (err: unknown) => boolean,
  attempts = 2,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= attempts || !isTimeout(err)) throw err;
    }
  }
}

/** Where the renders go in the logs: each one's steps and times, each attempt given up. */
export type PdfLog = Pick<Logger, 'info' | 'warn'>;

/** Time for a whole render in one Chromium: its start, the page, the markers and the print. */
const ATTEMPT_MS = 40_000;

/**
 * Prints with a headless Chromium of its own (a fresh profile, removed after). A render that does
 * not end within ATTEMPT_MS is tried once more in a new Chromium, and the PDF is answered without
 * waiting for the browser to exit: Chromium starts and exits that hang now and then are known
 * upstream (Playwright issues 4981, 5228, 5327), and in our browser tests a letters download once
 * never came.
 */
async function printWith(
  executablePath: string,
  options: { viewport?: { width: number; height: number }; extraHTTPHeaders?: Record<string, string> },
  render: (page: Page) => Promise<void>,
  log?: PdfLog,
): Promise<Buffer> {
  const { chromium, errors } = await import('playwright-core');
  return retryOnTimeout(
    async (attempt) => {
      const profile = mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-'));
      let launched: Promise<BrowserContext> | undefined;
      // Each step's time, and the one under way: a render given up says where it stood.
      const started = Date.now();
      const steps: Record<string, number> = {};
      let step = 'démarrage de Chromium';
      const done = (next: string) => {
        steps[step] = Date.now() - started - Object.values(steps).reduce((a, b) => a + b, 0);
        step = next;
      };
      const run = async () => {
        launched = chromium.launchPersistentContext(profile, {
          executablePath,
          headless: true,
          args: [...CHROMIUM_ARGS],
          locale: 'fr-FR',
          timezoneId: 'Europe/Paris',
          timeout: ATTEMPT_MS,
          ...options,
        });
        const context = await launched;
        done('page');
        const page = context.pages()[0] ?? (await context.newPage());
        await render(page);
        done('impression');
        await page.emulateMedia({ media: 'print' });
        const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        done('fini');
        return pdf;
      };
      try {
        const pdf = await bounded(run(), ATTEMPT_MS, () => `rendu PDF (${step})`, errors.TimeoutError);
        log?.info('PDF rendered', { attempt, ms: Date.now() - started, steps });
        return pdf;
      } catch (err) {
        if (err instanceof errors.TimeoutError) log?.warn('PDF render timed out', { attempt, step, steps, error: err.message });
        throw err;
      } finally {
        // Not awaited: the PDF is answered while the browser exits; a browser that starts after
        // its attempt was given up is closed too.
        const removeProfile = () => rmSync(profile, { recursive: true, force: true });
        if (launched) void launched.then((context) => context.close()).then(removeProfile, removeProfile);
        else removeProfile();
      }
    },
    (err) => err instanceof errors.TimeoutError,
  );
}

/** Renders `pathWithQuery` (e.g. `/pdf/printestimationavis?id=…`) of this server to a PDF, as the caller. */
export async function renderPdf(req: Request, pathWithQuery: string, configured?: string | undefined, log?: PdfLog): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  const origin = `http://127.0.0.1:${req.socket.localPort}`;
  const headers = req.headers.authorization ? { extraHTTPHeaders: { authorization: req.headers.authorization } } : {};
  return printWith(
    executablePath,
    { viewport: { width: 1024, height: 1400 }, ...headers },
    async (page) => {
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
    },
    log,
  );
}

/**
 * A PDF of an HTML document built on the server (the prospecting letters), printed by the same
 * headless Chromium as the reports; the document must be self-contained (inline styles, data: images).
 */
export async function renderHtmlPdf(html: string, configured?: string | undefined, log?: PdfLog): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  // Nothing of the document is fetched: its Content-Security-Policy allows its inline style and
  // data: images only. Not Playwright's offline emulation, on while the letters' renders hung now
  // and then in the browser tests, and never the reports' (decision 0304).
  return printWith(
    executablePath,
    {},
    async (page) => {
      await page.setContent(html, { waitUntil: 'load', timeout: TIMEOUT_MS });
    },
    log,
  );
}
