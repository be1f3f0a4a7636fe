// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coproFormFromUrl, coproFormQuery, mandateNote } from './copro-search.logic';

describe('co-ownership search URL', () => {
  it('round-trips the mandate filters', () => {
    expect(String(coproFormQuery(coproFormFromUrl(new URLSearchParams('insee=93010&endsWithin=12'))))).toBe('insee=93010&endsWithin=12');
    expect(String(coproFormQuery(coproFormFromUrl(new URLSearchParams('postcode=93140&mandate=termine&syndicTypes=professionnel'))))).toBe(
      'postcode=93140&syndicTypes=professionnel&mandate=termine',
    );
    expect(String(coproFormQuery(coproFormFromUrl(new URLSearchParams(''))))).toBe('zone=mine');
  });
});

describe('the mandate note of a result', () => {
  const note = (q: string) => mandateNote(new URLSearchParams(q), '2026-01-03', '2026-11-27');

  it('never presents mandates ended by today as ending soon', () => {
    expect(note('zone=mine&endsWithin=6')).toBe(
      ' — mandats comptés depuis le 03/01/2026 (date des données RNIC)\u00a0: fins de mandat du 03/01/2026 au 02/07/2026\u00a0; toutes sont passées au 27/11/2026 (mandats échus, renouvellement non connu au RNIC du 03/01/2026)',
    );
    expect(note('insee=93010&mandate=termine')).toBe(
      ' — mandats comptés depuis le 03/01/2026 (date des données RNIC)\u00a0; ceux échus depuis sont sous «\u00a0Finit dans N mois\u00a0»',
    );
    expect(note('insee=93010')).toBe(' — mandats comptés depuis le 03/01/2026 (date des données RNIC)');
    expect(mandateNote(new URLSearchParams('endsWithin=6'), null, '2026-11-27')).toBe('');
  });
});
