/**
 * Debian's Chromium with the built extension loaded from its zip (as a person installs it), the
 * portals' host names resolved to the local portal server.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../shared/src/chromium.ts';
import { CHROMIUM_PATH } from '../support/browser.js';
import { REPO_ROOT } from '../support/server.js';

export const CHROME_ZIP = path.join(REPO_ROOT, 'extension', 'dist', 'immoloupe-extension-chrome.zip');

/** Unzips the package the server hands out into a fresh folder. */
export function unpack(zipFile: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-extension-'));
  for (const [name, data] of Object.entries(unzipSync(readFileSync(zipFile)))) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    if (!name.endsWith('/')) writeFileSync(file, data);
  }
  return dir;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  page: Page;
  extensionId: string;
  close(): Promise<void>;
}

export async function openWithExtension(extensionDir: string, hostResolverRules: string): Promise<ExtensionBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'immoloupe-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--host-resolver-rules=${hostResolverRules}`,
      // The local portal server's certificate is made for the run.
      '--ignore-certificate-errors',
    ],
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    extensionId,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The text of the panel's shadow root, once it has left its loading state. */
export async function panelText(page: Page): Promise<string> {
  const panel = page.locator('#immoloupe-extension-panel section.panel');
  await panel.waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => {
      const text = document.getElementById('immoloupe-extension-panel')?.shadowRoot?.textContent ?? '';
      return text.includes('Immoloupe') && !text.includes('Analyse de l’annonce…');
    },
    undefined,
    { timeout: 20_000 },
  );
  return (await panel.innerText()).replace(/[ \t\r\n]+/g, ' ');
}
