import { describe, expect, it } from 'vitest';
import '../zod-locale.js';
import { dpeFilterSchema } from './contracts.js';

describe('DPE search filters', () => {
  it('refuses a construction year no DPE can have, in French, and takes this year’s new builds', () => {
    const next = new Date().getUTCFullYear() + 1;
    expect(dpeFilterSchema.safeParse({ yearMin: String(next) }).success).toBe(true);
    const far = dpeFilterSchema.safeParse({ yearMin: '2100' });
    expect(far.success).toBe(false);
    expect(far.error?.issues[0]?.message).toMatch(/^Année de construction\u00a0: \d{4} au plus tard\.$/);
  });
});
