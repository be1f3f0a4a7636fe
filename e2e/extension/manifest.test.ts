/**
 * « The built zip loads in Chromium with no manifest warning », checked by Chromium itself: the
 * extensions page's own report (install warnings and manifest errors, developer mode) on the package
 * the server offers, and the same procedure on a copy of it spoiled with an unknown permission and
 * an unknown manifest key, which must be reported (so that the check cannot pass for want of looking).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_EXTENSION_ID } from '../../shared/src/extension/contracts.ts';
import { CHROME_ZIP, type ExtensionBrowser, manifestReport, openWithExtension, unpack } from './extension-browser.js';

let browser: ExtensionBrowser | undefined;
let dir: string | undefined;

afterEach(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  browser = undefined;
  dir = undefined;
});

/** Loads `dir` alone in a fresh profile and returns what Chromium says of its manifest. */
async function reportOf(extensionDir: string) {
  browser = await openWithExtension(extensionDir, '');
  expect(browser.extensionId).toBe(CHROMIUM_EXTENSION_ID);
  return manifestReport(browser.context, browser.extensionId);
}

describe('manifest of the built extension, as Chromium reports it', () => {
  it('reports an unknown permission and an unknown key in a spoiled copy of the package', async () => {
    dir = unpack(CHROME_ZIP);
    const file = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { permissions: string[] } & Record<string, unknown>;
    manifest.permissions.push('accesAuxDonneesDuVoisin');
    manifest.cle_inconnue = true;
    writeFileSync(file, JSON.stringify(manifest));

    const report = await reportOf(dir);
    expect(report.state).toBe('ENABLED');
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining("'accesAuxDonneesDuVoisin'"),
        expect.stringMatching(/Unrecognized manifest key 'cle_inconnue'/),
      ]),
    );
  });

  it('reports nothing on the package the server offers', async () => {
    dir = unpack(CHROME_ZIP);
    expect(await reportOf(dir)).toEqual({ state: 'ENABLED', warnings: [] });
  });
});
