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

/** Renders `pathWithQuery` (e.g. `/pdf/printestimationavis?id=…`) of this server to a PDF, as the caller. */
export async function renderPdf(req: Request, pathWithQuery: string, configured?: string | undefined): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  const origin = `http://127.0.0.1:${req.socket.localPort}`;
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1024, height: 1400 },
    ...(req.headers.authorization ? { extraHTTPHeaders: { authorization: req.headers.authorization } } : {}),
  });
  try {
    await context.addCookies(cookiesOf(req.headers.cookie, origin));
    const page = context.pages()[0] ?? (await context.newPage());
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
    await page.emulateMedia({ media: 'print' });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * A PDF of an HTML document built on the server (the prospecting letters), printed by the same
 * headless Chromium as the reports; the document must be self-contained (inline styles, data: images).
 */
export async function renderHtmlPdf(html: string, configured?: string | undefined): Promise<Buffer> {
  const executablePath = chromiumPath(configured);
  if (!executablePath) throw new HttpError(503, PDF_UNAVAILABLE);
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'immoloupe-pdf-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Nothing of the document is fetched from elsewhere.
    offline: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setContent(html, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.emulateMedia({ media: 'print' });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}
