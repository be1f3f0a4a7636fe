/**
 * Debian's Chromium driven by playwright-core, headless, with the flags that work on machines
 * without network or GPU (ARCHITECTURE.md). Each `openBrowser()` is a new browser context (its own
 * cookies, storage and cache, like a fresh profile); in the journeys they share one Chromium per
 * file (`shareChromiumPerFile`, called by setup.ts), elsewhere each has its own.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, onTestFailed } from 'vitest';
import { CHROMIUM_ARGS } from '../../shared/src/chromium.ts';
import { REPO_ROOT } from './server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

// The interface language is a launch flag: one Chromium per language asked for.
const launch = (locale: string): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, `--lang=${locale}`] });

let shared: Map<string, Promise<Browser>> | null = null;

/**
 * From here on, the file's browsers are contexts of one Chromium, closed after its last test:
 * a Chromium start costs more than many of the tests that used to pay it.
 */
export function shareChromiumPerFile(): void {
  const browsers = new Map<string, Promise<Browser>>();
  shared = browsers;
  afterAll(async () => {
    shared = null;
    await Promise.all([...browsers.values()].map(async (b) => (await b).close()));
  });
}

export async function openBrowser(
  options: {
    viewport?: { width: number; height: number };
    baseURL?: string;
    /** Language of the browser (French by default); `en-US` shows what an English browser does to the pages. */
    locale?: string;
  } = {},
): Promise<OpenBrowser> {
  const locale = options.locale ?? 'fr-FR';
  let browser: Browser;
  if (shared) {
    let once = shared.get(locale);
    if (!once) {
      once = launch(locale);
      shared.set(locale, once);
    }
    browser = await once;
  } else {
    browser = await launch(locale);
  }
  const own = !shared;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale,
    timezoneId: 'Europe/Paris',
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  const page = await context.newPage();
  return {
    context,
    page,
    async close() {
      await context.close();
      if (own) await browser.close();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Records every request the page makes, and blocks those leaving the machine (no internet here). */
export async function recordRequests(context: BrowserContext, origin: string): Promise<{ all: string[]; external: () => string[] }> {
  const all: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    all.push(url);
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    return route.abort('blockedbyclient');
  });
  return { all, external: () => all.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) };
}

/**
 * What to read in CI's log when the current test fails: the page's API requests with their
 * answers and times, its console errors, and the end of the server's output (a download that
 * never came left no other trace).
 */
export function traceOnFailure(page: Page, server: { output: () => string }): void {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
  const api = (url: string) => url.includes('/api/');
  page.on('request', (r) => {
    if (api(r.url())) lines.push(`${at()} → ${r.method()} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (api(r.url())) lines.push(`${at()} ← ${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => lines.push(`${at()} ✗ ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error') lines.push(`${at()} console : ${m.text()}`);
  });
  onTestFailed(() => {
    console.error(`Requêtes de la page :\n${lines.join('\n')}`);
    console.error(`Fin de la sortie du serveur :\n${server.output().split('\n').slice(-40).join('\n')}`);
  });
}

/**
 * Clicks `trigger` and returns the download it starts. A refusal of the server (the request whose
 * address matches `answer`) fails at once with its status and message, not after the time-out
 * with no reason: a refused letters download once looked like a hung render.
 */
export async function downloadFrom(page: Page, trigger: Locator, answer: RegExp, timeoutMs = 90_000): Promise<Download> {
  const downloaded = page.waitForEvent('download', { timeout: timeoutMs });
  const answered = page.waitForResponse((r) => answer.test(r.url()), { timeout: timeoutMs });
  // Whichever is not awaited below must not reject unhandled.
  downloaded.catch(() => undefined);
  answered.catch(() => undefined);
  await trigger.click();
  const res = await answered;
  if (!res.ok()) throw new Error(`${res.status()} ${res.url()}\u00a0: ${await res.text()}`);
  return downloaded;
}
