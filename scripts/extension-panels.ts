/// <reference lib="dom" />
/**
 * The extension's panel for /pro/extension (decisions 0500 and 1100), part of `npm run screenshots`:
 * the built extension (its Chrome zip) in Chromium, paired with the captures' account, on the real
 * sample ads of ../shared/data/listings served under the portals' host names as the browser test
 * does, against the screenshots' server and its real samples only. One PNG of the panel alone per
 * entry of PANEL_SCREENSHOTS, in web/public/extension/.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROME_ZIP, openWithExtension, PANEL, pairExtension, panelText, unpack } from '../e2e/extension/extension-browser.ts';
import { AD_PAGES, startPortals } from '../e2e/extension/portals.ts';
import { signIn } from '../e2e/support/data.ts';
import { REPO_ROOT } from '../e2e/support/server.ts';
import type { ExtensionPortal } from '../shared/src/extension/contracts.ts';
import { PANEL_SCREENSHOTS } from '../shared/src/extension/panel-screenshots.ts';

const PUBLIC_DIR = path.join(REPO_ROOT, 'web', 'public');
/**
 * The sample ad of each portal photographed: the browser test's, except for PAP, whose Villeurbanne
 * ad is in a postcode of the real DPE samples (the Paris 5e one is not).
 */
const PAGES: Partial<Record<ExtensionPortal, readonly [string, string]>> = {
  ...AD_PAGES,
  pap: ['www.pap.fr/annonces/appartement-villeurbanne-69100-r465000001', 'pap/pap_ad-page-body_location_villeurbanne-69100_2024-07.json'],
};

/** Tall enough for the whole panel: its height is capped at the window's, less 96 px. */
const WINDOW = { width: 1280, height: 1600 };

export async function capturePanels(serverUrl: string, account: { email: string; password: string }): Promise<void> {
  if (!existsSync(CHROME_ZIP)) throw new Error('Extension non construite\u00a0: lancez « npm run build » avant « npm run screenshots ».');
  const pages = Object.fromEntries(
    PANEL_SCREENSHOTS.map((s) => {
      const page = PAGES[s.portal];
      if (!page) throw new Error(`Pas de page d’exemple pour ${s.portal} dans scripts/extension-panels.ts.`);
      return page;
    }),
  );
  const portals = await startPortals(pages);
  const dir = unpack(CHROME_ZIP);
  const b = await openWithExtension(dir, portals.hostResolverRules);
  try {
    await signIn(b.page, serverUrl, account, '/pro/extension');
    await pairExtension(b, serverUrl, account.email);
    await b.page.setViewportSize(WINDOW);
    for (const shot of PANEL_SCREENSHOTS) {
      const [url] = PAGES[shot.portal] ?? [];
      await b.page.goto(`https://${url}`);
      await panelText(b.page);
      await b.page.mouse.move(0, 0);
      const panel = b.page.locator(PANEL);
      const png = await panel.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
      const file = path.join(PUBLIC_DIR, shot.src);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, png);
      // The PNG's own size (IHDR), which PANEL_SCREENSHOTS must announce.
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      console.info(
        `${shot.src}\u00a0: ${Math.round(png.length / 1024)} Ko, ${width} × ${height} (PANEL_SCREENSHOTS\u00a0: ${shot.width} × ${shot.height})`,
      );
    }
  } finally {
    await b.close();
    await portals.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
