import { describe, expect, it } from 'vitest';
import { LEGAL_FORM_CHOICES, legalFormChoiceKey, legalFormPatterns } from './legal-form-choices.logic.js';
import { legalFormLabel } from './legal-forms.logic.js';

describe('legal forms in words', () => {
  it('offers words, never a bare code', () => {
    for (const c of LEGAL_FORM_CHOICES) expect(c.label, c.key).not.toMatch(/\d{4}/);
    expect(LEGAL_FORM_CHOICES.map((c) => c.label)).toEqual(expect.arrayContaining(['SCI (société civile immobilière)', 'SA d’HLM']));
    expect(new Set(LEGAL_FORM_CHOICES.map((c) => c.key)).size).toBe(LEGAL_FORM_CHOICES.length);
  });

  it('stands for the codes of its forms', () => {
    expect(legalFormPatterns('sci')).toEqual(['6540', '6541', '6542', '6543', '6544']);
    for (const code of ['5546', '5646']) {
      expect(legalFormPatterns('sa-hlm'), code).toContain(code);
      expect(legalFormLabel(code), code).toMatch(/^SA d’HLM/);
    }
    expect(legalFormPatterns('SARL')).toEqual(['54%']);
    // A code is read still (saved searches, the API), anything else is no form.
    expect(legalFormPatterns('6540')).toEqual(['6540']);
    expect(legalFormPatterns('société')).toBeNull();
  });

  it('finds the choice of a saved search’s code', () => {
    expect(legalFormChoiceKey('6541')).toBe('sci');
    expect(legalFormChoiceKey('sa-hlm')).toBe('sa-hlm');
    expect(legalFormChoiceKey('1234')).toBe('');
    expect(legalFormChoiceKey(undefined)).toBe('');
  });
});
