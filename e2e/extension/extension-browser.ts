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

/** The extension's settings page. */
export const optionsUrl = (b: ExtensionBrowser): string => `chrome-extension://${b.extensionId}/src/options/index.html`;

/**
 * Pairs the extension as a person does: « Associer l’extension » on /pro/extension (the page of a
 * signed-in subscriber) shows a new key once; the extension's settings take it with the server's
 * address and check it.
 */
export async function pairExtension(b: ExtensionBrowser, serverUrl: string, email: string): Promise<void> {
  const { page } = b;
  await page.goto(`${serverUrl}/pro/extension`);
  await page.getByRole('button', { name: 'Associer l’extension' }).click();
  const secret = ((await page.getByTestId('pairing-secret').textContent()) ?? '').trim();
  await page.goto(optionsUrl(b));
  await page.getByLabel('Adresse du serveur Immoloupe').fill(serverUrl);
  await page.getByLabel('Clé d’accès personnelle').fill(secret);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(`Clé valide\u00a0: compte ${email}.`).waitFor();
}

/** The panel's box, inside its shadow root (Playwright's CSS locators pierce open shadow roots). */
export const PANEL = '#immoloupe-extension-panel section.panel';

/** The text of the panel's shadow root, once it has left its loading state. */
export async function panelText(page: Page): Promise<string> {
  const panel = page.locator(PANEL);
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

/** The part of `chrome.developerPrivate` (chrome://extensions only, not in @types/chrome) read here. */
interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }, done: () => void): void;
  reload(id: string, options: { failQuietly: boolean; populateErrorForUnpacked: boolean }, done: (error?: { error: string }) => void): void;
  getExtensionsInfo(
    options: object,
    done: (list: { id: string; state: string; installWarnings: string[]; manifestErrors: { message: string }[] }[]) => void,
  ): void;
  onItemStateChanged: { addListener(listener: (e: { event_type: string; item_id: string }) => void): void };
}

export interface ManifestReport {
  /** ENABLED once loaded. */
  state: string;
  /** Chromium's own words: « Permission 'x' is unknown. », « Unrecognized manifest key 'y'. »… */
  warnings: string[];
}

/**
 * What Chromium itself says of an unpacked extension's manifest, as chrome://extensions shows it in
 * developer mode. Chromium records the manifest warnings of an unpacked extension only while its
 * error console is on, that is in developer mode, and an extension given by --load-extension is
 * installed at start-up, before any page can switch that mode on. So the extensions page switches
 * developer mode on, reloads the extension from its folder (as its « Actualiser » button does), waits
 * until Chromium reports it installed again (the warnings are recorded before that event), then
 * reads its install warnings and manifest errors.
 */
export async function manifestReport(context: BrowserContext, extensionId: string): Promise<ManifestReport> {
  const page = await context.newPage();
  try {
    await page.goto('chrome://extensions');
    return await page.evaluate(async (id) => {
      const dp = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate;
      await new Promise<void>((resolve) => dp.updateProfileConfiguration({ inDeveloperMode: true }, resolve));
      const installed = new Promise<void>((resolve) =>
        dp.onItemStateChanged.addListener((e) => {
          if (e.item_id === id && e.event_type === 'INSTALLED') resolve();
        }),
      );
      const failed = await new Promise<{ error: string } | undefined>((resolve) =>
        dp.reload(id, { failQuietly: false, populateErrorForUnpacked: true }, resolve),
      );
      if (failed) return { state: 'LOAD_ERROR', warnings: [failed.error] };
      await installed;
      const list = await new Promise<Parameters<Parameters<DeveloperPrivate['getExtensionsInfo']>[1]>[0]>((resolve) =>
        dp.getExtensionsInfo({ includeDisabled: true, includeTerminated: true }, resolve),
      );
      const info = list.find((e) => e.id === id);
      if (!info) return { state: 'ABSENT', warnings: [] };
      return { state: info.state, warnings: [...info.installWarnings, ...info.manifestErrors.map((e) => e.message)] };
    }, extensionId);
  } finally {
    await page.close();
  }
}
