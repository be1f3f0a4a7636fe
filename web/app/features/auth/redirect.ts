/**
 * A redirect to another site: a full page load, then wait (60 s, SEED-SPEC §9) so that nothing
 * else happens in the page while the browser leaves it.
 */
import { SESSION } from '@immoloupe/shared/constants';

export async function externalRedirect(
  to: string,
  deps: { assign: (url: string) => void; wait: (ms: number) => Promise<void> } = {
    assign: (url) => window.location.assign(url),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
): Promise<void> {
  deps.assign(to);
  await deps.wait(SESSION.externalRedirectWaitMs);
}
