// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { externalRedirect } from './redirect';

describe('externalRedirect', () => {
  it('starts a full page load, then waits 60 s', async () => {
    const events: string[] = [];
    await externalRedirect('https://checkout.stripe.com/c/pay/cs_1', {
      assign: (url) => events.push(`assign ${url}`),
      wait: async (ms) => {
        events.push(`wait ${ms}`);
      },
    });
    expect(events).toEqual(['assign https://checkout.stripe.com/c/pay/cs_1', 'wait 60000']);
  });
});
