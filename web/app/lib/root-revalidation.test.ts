// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isOwnSearch, noteOwnSearch, OWN_SEARCH_TTL_MS, rootShouldRevalidate } from './root-revalidation';

const url = (path: string) => new URL(path, 'http://localhost');
const nav = (from: string, to: string, extra: { formMethod?: string; actionStatus?: number } = {}) => ({
  currentUrl: url(from),
  nextUrl: url(to),
  ...extra,
});

describe('rootShouldRevalidate', () => {
  it('skips only the page replacing its own search parameters', () => {
    expect(rootShouldRevalidate(nav('/pro/transactions?priceMax=2', '/pro/transactions?priceMax=25'), true)).toBe(false);
    expect(rootShouldRevalidate(nav('/pro/transactions', '/pro/transactions?carte=2.48,48.9,13'), true)).toBe(false);
  });

  it('checks the session on a search change that is not an own replace (a choice, Back, Forward)', () => {
    expect(rootShouldRevalidate(nav('/pro/transactions?priceMax=2', '/pro/transactions?priceMax=25'), false)).toBe(true);
  });

  it('checks the session on every page change, even a noted one', () => {
    expect(rootShouldRevalidate(nav('/pro/transactions?a=1', '/pro/mesrecherches?a=2'), true)).toBe(true);
    expect(rootShouldRevalidate(nav('/pro/transactions', '/pro/mesrecherches'), false)).toBe(true);
  });

  it('checks the session on a form submission and after an action', () => {
    expect(rootShouldRevalidate(nav('/pro/transactions?a=1', '/pro/transactions?a=2', { formMethod: 'GET' }), true)).toBe(true);
    expect(rootShouldRevalidate(nav('/pro/admin', '/pro/admin', { formMethod: 'POST', actionStatus: 200 }), true)).toBe(true);
    expect(rootShouldRevalidate(nav('/pro/admin?a=1', '/pro/admin?a=2', { actionStatus: 200 }), true)).toBe(true);
  });

  it('checks the session on an explicit revalidate() (the same address)', () => {
    expect(rootShouldRevalidate(nav('/pro/transactions?a=1', '/pro/transactions?a=1'), true)).toBe(true);
  });
});

describe('own search notes', () => {
  it('match the noted change of search, however the URL spells it, as often as React Router asks', () => {
    noteOwnSearch('priceMax=2', new URLSearchParams({ priceMax: '25', carte: '2.48,48.9,13' }), 1_000);
    const from = url('/pro/transactions?priceMax=2');
    const to = url('/pro/transactions?priceMax=25&carte=2.48%2C48.9%2C13');
    expect(isOwnSearch(from, to, 1_010)).toBe(true);
    expect(isOwnSearch(from, to, 1_020)).toBe(true);
    expect(isOwnSearch(from, url('/pro/transactions?priceMax=250'), 1_020)).toBe(false);
  });

  it('do not match a Back or Forward between other entries towards the same search', () => {
    noteOwnSearch('from=2021-12-31', 'from=2021-12-31&priceMax=25', 1_000);
    expect(isOwnSearch(url('/pro/transactions?types=maison'), url('/pro/transactions?from=2021-12-31&priceMax=25'), 1_010)).toBe(false);
  });

  it('expire once their navigation is long past', () => {
    noteOwnSearch('', 'priceMax=250', 1_000);
    expect(isOwnSearch(url('/pro/transactions'), url('/pro/transactions?priceMax=250'), 1_000 + OWN_SEARCH_TTL_MS + 1)).toBe(false);
  });
});
