// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { patchParams } from './url-patch';

describe('patchParams', () => {
  it('sets, replaces and removes keys without touching the others or the original', () => {
    const before = new URLSearchParams('insee=93010&page=3&types=maison');
    const after = patchParams(before, { insee: '93048', page: null, types: '', sort: 'prix' });
    expect(after.toString()).toBe('insee=93048&sort=prix');
    expect(before.toString()).toBe('insee=93010&page=3&types=maison');
  });
});
