// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dpeFormFromUrl, dpeFormQuery } from './dpe-search.logic';

describe('DPE search URL', () => {
  it('round-trips a search through the URL', () => {
    const url = 'insee=69387&passoires=1&types=appartement&surfaceMin=20&sort=surface&order=asc';
    const form = dpeFormFromUrl(new URLSearchParams(url));
    expect(form.zone).toEqual({ mode: 'insee', text: '69387' });
    expect(form.passoires).toBe(true);
    expect(String(dpeFormQuery(form))).toBe('insee=69387&passoires=1&types=appartement&surfaceMin=20&sort=surface&order=asc');
  });
  it('uses « ma zone » when the URL names no zone, and says when a code is missing', () => {
    const form = dpeFormFromUrl(new URLSearchParams(''));
    expect(String(dpeFormQuery(form))).toBe('zone=mine');
    expect(dpeFormQuery({ ...form, zone: { mode: 'postcode', text: '' } })).toBe('Indiquez au moins un code postal (ex. 69007).');
  });
});
