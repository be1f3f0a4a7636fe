/// <reference lib="dom" />
/** Browser-test helpers of the public site: axe, the consent banner, hydration. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Serious and critical violations of WCAG 2.1 A/AA and axe's best practices on the current page. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) does not apply to it.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
}

/** Dismisses the consent banner ("Tout refuser") so that it does not cover the page in screenshots. */
export async function denyConsent(page: Page): Promise<void> {
  const deny = page.locator('#tarteaucitronAllDenied2');
  try {
    await deny.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    return; // already chosen in this profile
  }
  for (let i = 0; i < 40; i++) {
    if (await deny.isVisible()) await deny.click();
    if ((await page.context().cookies()).some((c) => c.name === 'tarteaucitron')) break;
    await page.waitForTimeout(250);
  }
  await page.locator('#tarteaucitronAlertBig').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Forms and tabs only work once React has hydrated the page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = document.querySelector('#app');
    return Boolean(app && Object.keys(app).some((k) => k.startsWith('__reactProps')));
  });
}
