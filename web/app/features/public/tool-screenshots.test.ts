// @vitest-environment node
/**
 * Every delivered professional tool has its real screenshot (decision 0500): a description for
 * its `alt`, and the files `npm run screenshots` writes in web/public/guide/. When a tool opens in
 * the route table, this test fails until its screenshot is taken and committed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_TOOLS, isToolAvailable, toolScreenshot, toolScreenshotId } from '@immoloupe/shared/public/tool-catalogue';
import { describe, expect, it } from 'vitest';

const GUIDE_DIR = fileURLToPath(new URL('../../../public/guide/', import.meta.url));
const delivered = ALL_TOOLS.filter((t) => isToolAvailable(t.path));
/** JPEG files start with the SOI marker and a segment marker. */
const isJpeg = (file: string) =>
  readFileSync(file)
    .subarray(0, 3)
    .equals(Buffer.from([0xff, 0xd8, 0xff]));

describe('screenshots of the delivered tools', () => {
  it('covers several tools', () => {
    expect(delivered.length).toBeGreaterThan(3);
  });

  it.each(delivered.map((t) => [t.path, t] as const))('%s has a described screenshot and its thumbnail', (_path, tool) => {
    const shot = toolScreenshot(tool);
    expect(shot, `screenshot description of ${tool.path} in tool-catalogue.ts`).toBeDefined();
    expect(shot?.alt).toMatch(/^Capture d’écran /);
    // French typography in the alt text too: a no-break space before the double punctuation.
    expect(shot?.alt.match(/ [:;?!€%]/g) ?? []).toEqual([]);
    const id = toolScreenshotId(tool.path);
    for (const [name, maxBytes] of [
      [`${id}.jpg`, 160 * 1024],
      [`${id}-vignette.jpg`, 40 * 1024],
    ] as const) {
      const file = `${GUIDE_DIR}${name}`;
      expect(existsSync(file), `web/public/guide/${name}: run npm run build then npm run screenshots`).toBe(true);
      expect(isJpeg(file), name).toBe(true);
      expect(statSync(file).size, name).toBeLessThanOrEqual(maxBytes);
    }
  });

  it('offers no screenshot of a tool to come, and keeps no picture of one in web/public/guide/', () => {
    for (const tool of ALL_TOOLS.filter((t) => !isToolAvailable(t.path))) expect(toolScreenshot(tool)).toBeUndefined();
    const expected = new Set(delivered.flatMap((t) => [`${toolScreenshotId(t.path)}.jpg`, `${toolScreenshotId(t.path)}-vignette.jpg`]));
    const files = existsSync(GUIDE_DIR) ? readdirSync(GUIDE_DIR) : [];
    expect(files.filter((f) => !expected.has(f))).toEqual([]);
  });
});
