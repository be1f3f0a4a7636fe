import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordStrengthLabel, weakPasswordMessage } from './password-strength.js';

describe('passwordStrength', () => {
  it('calls short, common or repetitive passwords weak', () => {
    for (const p of [
      '',
      'abc',
      'Abc12!',
      'motdepasse',
      'Motdepasse2024!',
      'azertyuiop',
      'aaaaaaaaaaaaaaaa',
      '0123456789',
      'ababababababab',
    ])
      expect(passwordStrength(p), p).toBe('weak');
  });

  it('calls a long password mixing kinds of characters medium or strong', () => {
    expect(passwordStrength('maisonbleue7')).toBe('medium');
    expect(passwordStrength('Maisonbleue-7')).toBe('strong');
    expect(passwordStrength('le chat dort sur le toit')).toBe('strong');
  });

  it('labels the strengths in French', () => {
    expect(passwordStrengthLabel('weak')).toBe('Faible');
    expect(passwordStrengthLabel('medium')).toBe('Moyen');
    expect(passwordStrengthLabel('strong')).toBe('Fort');
  });

  it('explains in French why a password is refused, with a no-break space before the colon', () => {
    expect(weakPasswordMessage('court')).toMatch(/^Mot de passe trop faible\u00a0:/);
    expect(weakPasswordMessage('Maisonbleue-7')).toBeNull();
    expect(weakPasswordMessage(`Aa1-${'x'.repeat(300)}`)).toContain('trop long');
  });
});
