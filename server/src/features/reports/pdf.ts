/**
 * Server-side PDF of a print route (/pdf/*), rendered by a headless Chromium when one is
 * installed (Debian's `chromium`, driven by playwright-core): the route is loaded from this very
 * server on the loopback interface, with the caller's credentials (session cookie or access key),
 * and printed once the report says it is ready (data, images and charts drawn).
 */

import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS } from '@immoloupe/shared/chromium';
import type { Request } from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HttpError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { watchPdfPool } from '../../metrics/registry.js';

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

/** How many PDFs render at once in a process, how many may wait, and how long one may take. */
export interface PdfLimits {
  concurrency: number;
  queueMax: number;
  timeoutMs: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = { concurrency: 2, queueMax: 20, timeoutMs: 40_000 };

export const PDF_QUEUE_FULL =
  'Trop de PDF sont en préparation sur le serveur et la file d’attente est pleine\u00a0: réessayez dans une minute.';
const QUEUE_FULL_RETRY_SEC = 60;

interface Options {
  viewport?: { width: number; height: number };
  extraHTTPHeaders?: Record<string, string>;
}

/** One headless Chromium and the renders running in it. */
interface SharedBrowser {
  browser: Promise<Browser>;
  active: number;
  /** Given up (a render timed out in it, or it crashed): closed once its last render ends. */
  retired: boolean;
}

/**
 * The renders of one process share one headless Chromium (decision 0307): at most `concurrency`
 * pages render at once, each in its own browser context (its own cookies), the others wait in a
 * queue of at most `queueMax`, and beyond it the request is refused with a French « file
 * d’attente » answer. One Chromium per request started 80 processes and took 1,5 GiB for 6 PDFs.
 * A render is bounded (`timeoutMs`) and tried once more after a time-out in a fresh Chromium
 * (Chromium hangs now and then, Playwright issues 4981, 5228, 5327); the browser is closed when no
 * PDF has been asked for a while.
 */
export class PdfPool {
  private current: SharedBrowser | null = null;
  private running = 0;
  private readonly waiting: Array<{ start: () => void; signal?: AbortSignal | undefined }> = [];
  private idle: NodeJS.Timeout | undefined;

  constructor(
    readonly executablePath: string,
    readonly limits: PdfLimits,
    private readonly idleMs = 30_000,
  ) {}

  /** Renders waiting for a free page (for tests and logs). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Renders holding a page now (the metrics' gauge). */
  get rendering(): number {
    return this.running;
  }

  async print(options: Options, render: (page: Page) => Promise<void>, log?: PdfLog, signal?: AbortSignal): Promise<Buffer> {
    await this.acquire(signal);
    try {
      const { errors } = await import('playwright-core');
      return await retryOnTimeout(
        (attempt) => this.attempt(attempt, options, render, log),
        (err) => err instanceof errors.TimeoutError,
      );
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    clearTimeout(this.idle);
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queueMax) {
      return Promise.reject(new HttpError(503, PDF_QUEUE_FULL, undefined, { 'Retry-After': String(QUEUE_FULL_RETRY_SEC) }));
    }
    return new Promise<void>((resolve, reject) => {
      const entry = { start: resolve, signal };
      this.waiting.push(entry);
      // A caller that went away leaves the queue: nobody would read its PDF.
      signal?.addEventListener('abort', () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new HttpError(499, 'Demande de PDF abandonnée.'));
      });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes to the next render as it is: `running` does not change.
    if (next) {
      next.start();
      return;
    }
    this.running--;
    if (this.running === 0) {
      this.idle = setTimeout(() => this.closeIdle(), this.idleMs);
      this.idle.unref();
    }
  }

  private closeIdle(): void {
    const shared = this.current;
    if (!shared || this.running > 0) return;
    this.current = null;
    void shared.browser.then((b) => b.close()).catch(() => undefined);
  }

  private browser(): SharedBrowser {
    if (this.current && !this.current.retired) return this.current;
    const shared: SharedBrowser = {
      browser: import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: this.executablePath,
          headless: true,
          // One renderer per rendering page at most, whatever the sites and contexts.
          args: [...CHROMIUM_ARGS, `--renderer-process-limit=${this.limits.concurrency}`],
          timeout: this.limits.timeoutMs,
        }),
      ),
      active: 0,
      retired: false,
    };
    shared.browser.then(
      (b) =>
        b.on('disconnected', () => {
          shared.retired = true;
          if (this.current === shared) this.current = null;
        }),
      () => {
        shared.retired = true;
        if (this.current === shared) this.current = null;
      },
    );
    this.current = shared;
    return shared;
  }

  private async attempt(attempt: number, options: Options, render: (page: Page) => Promise<void>, log?: PdfLog): Promise<Buffer> {
    const { errors } = await import('playwright-core');
    const shared = this.browser();
    shared.active++;
    let context: Promise<BrowserContext> | undefined;
    // Each step's time, and the one under way: a render given up says where it stood.
    const started = Date.now();
    const steps: Record<string, number> = {};
    let step = 'démarrage de Chromium';
    const done = (next: string) => {
      steps[step] = Date.now() - started - Object.values(steps).reduce((a, b) => a + b, 0);
      step = next;
    };
    const run = async () => {
      const browser = await shared.browser;
      done('page');
      context = browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', ...options });
      const page = await (await context).newPage();
      await render(page);
      done('impression');
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      done('fini');
      return pdf;
    };
    try {
      const pdf = await bounded(run(), this.limits.timeoutMs, () => `rendu PDF (${step})`, errors.TimeoutError);
      log?.info('PDF rendered', { attempt, ms: Date.now() - started, steps, queued: this.waiting.length });
      return pdf;
    } catch (err) {
      if (err instanceof errors.TimeoutError) {
        log?.warn('PDF render timed out', { attempt, step, steps, error: err.message });
        // The next render gets a fresh Chromium; this one ends with its last render.
        shared.retired = true;
        if (this.current === shared) this.current = null;
      }
      throw err;
    } finally {
      // Not awaited: the PDF is answered while its context closes.
      if (context) void context.then((c) => c.close()).catch(() => undefined);
      shared.active--;
      if (shared.retired && shared.active === 0) void shared.browser.then((b) => b.close()).catch(() => undefined);
    }
  }
}

const pools = new Map<string, PdfPool>();

/** The process's pool for this Chromium and these limits (one shared browser per process). */
export function pdfPool(executablePath: string, limits: PdfLimits = DEFAULT_PDF_LIMITS): PdfPool {
  const key = `${executablePath}|${limits.concurrency}|${limits.queueMax}|${limits.timeoutMs}`;
  let pool = pools.get(key);
  if (!pool) {
    const created = new PdfPool(executablePath, limits);
    pools.set(key, created);
    watchPdfPool(() => ({ running: created.rendering, queued: created.queued, capacity: limits.concurrency }));
    pool = created;
  }
  return pool;
}

/** Aborted when the client of `req` goes away before its answer is sent. */
function gone(req: Request): AbortSignal {
  const controller = new AbortController();
  req.res?.on('close', () => {
    if (!req.res?.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Renders `pathWithQuery` (e.g. `/pdf/printestimationavis?id=…`) of this server to a PDF, as the caller. */
export async function renderPdf(
  req: Request,
  pathWithQuery: string,
  configured?: string | undefined,
  log?: PdfLog,
  limits?: PdfLimits,
): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  const origin = `http://127.0.0.1:${req.socket.localPort}`;
  const headers = req.headers.authorization ? { extraHTTPHeaders: { authorization: req.headers.authorization } } : {};
  return pdfPool(executablePath, limits).print(
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
    gone(req),
  );
}

/**
 * A PDF of an HTML document built on the server (the prospecting letters), printed by the same
 * headless Chromium as the reports; the document must be self-contained (inline styles, data: images).
 */
export async function renderHtmlPdf(
  html: string,
  configured?: string | undefined,
  log?: PdfLog,
  limits?: PdfLimits,
  signal?: AbortSignal,
): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  // Nothing of the document is fetched: its Content-Security-Policy allows its inline style and
  // data: images only. Not Playwright's offline emulation, on while the letters' renders hung now
  // and then in the browser tests, and never the reports' (decision 0304).
  return pdfPool(executablePath, limits).print(
    {},
    async (page) => {
      await page.setContent(html, { waitUntil: 'load', timeout: TIMEOUT_MS });
    },
    log,
    signal,
  );
}
