import { describe, expect, it } from 'vitest';
import { coproFormFromUrl, coproFormQuery } from './copro-search.logic';

describe('co-ownership search URL', () => {
  it('round-trips the mandate filters', () => {
    expect(String(coproFormQuery(coproFormFromUrl(new URLSearchParams('insee=93010&endsWithin=12'))))).toBe('insee=93010&endsWithin=12');
    expect(String(coproFormQuery(coproFormFromUrl(new URLSearchParams('postcode=93140&mandate=termine&syndicTypes=professionnel'))))).toBe(
      'postcode=93140&syndicTypes=professionnel&mandate=termine',
    );
    expect(String(coproFormQuery(coproFormFromUrl(new URLSearchParams(''))))).toBe('zone=mine');
  });
});
