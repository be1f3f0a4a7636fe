// @vitest-environment node
/**
 * The panel's screenshots of /pro/extension (PANEL_SCREENSHOTS): each is a PNG that
 * `npm run screenshots` wrote in web/public/, of the size the page announces, described in French,
 * on two different portals; no other picture lies in web/public/extension/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXTENSION_PORTALS } from '@immoloupe/shared/extension/contracts';
import { PANEL_SCREENSHOTS, PANEL_SCREENSHOTS_NOTE } from '@immoloupe/shared/extension/panel-screenshots';
import { describe, expect, it } from 'vitest';

const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe('screenshots of the extension panel', () => {
  it('shows the panel on two different portals', () => {
    const portals = PANEL_SCREENSHOTS.map((s) => s.portal);
    expect(new Set(portals).size).toBe(2);
    for (const p of portals) expect(EXTENSION_PORTALS).toContain(p);
  });

  it.each(PANEL_SCREENSHOTS.map((s) => [s.src, s] as const))('%s is a PNG of the announced size, described in French', (_src, shot) => {
    const file = `${PUBLIC_DIR}${shot.src}`;
    expect(existsSync(file), `web/public${shot.src}: run npm run build then npm run screenshots -- extension-panneau`).toBe(true);
    const data = readFileSync(file);
    expect(data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(data)).toEqual({ width: shot.width, height: shot.height });
    expect(statSync(file).size).toBeLessThanOrEqual(150 * 1024);
    expect(shot.alt).toMatch(/^Capture d’écran du panneau Immoloupe sur une annonce /);
    // French typography: a no-break space before the double punctuation and the units.
    for (const text of [shot.alt, shot.caption, PANEL_SCREENSHOTS_NOTE]) expect(text.match(/ [:;?!€%]/g) ?? []).toEqual([]);
  });

  it('calls no place « probable » that the panel rates under 1 %', () => {
    // The panel heads such a candidate « Localisation incertaine » (extension/src/panel/panel.logic.ts).
    const weak = PANEL_SCREENSHOTS.filter((s) => /moins de 1\u00a0%/.test(s.alt));
    expect(weak.map((s) => s.portal)).toEqual(['seloger']);
    for (const shot of weak) {
      expect(`${shot.alt} ${shot.caption}`, shot.src).not.toMatch(/probables?\b/i);
      expect(shot.caption, shot.src).toContain('localisation incertaine');
    }
  });

  it('keeps no other picture in web/public/extension/', () => {
    const expected = new Set(PANEL_SCREENSHOTS.map((s) => s.src.replace('/extension/', '')));
    expect(readdirSync(`${PUBLIC_DIR}/extension`).filter((f) => !expected.has(f))).toEqual([]);
  });
});
