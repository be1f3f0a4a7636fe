// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { afterSignInPath, signInErrorMessage } from './messages';

describe('sign-in page messages', () => {
  it('says the same thing for an unknown address and a wrong password', () => {
    expect(signInErrorMessage('CredentialsSignin', 'identifiants')).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(signInErrorMessage('CredentialsSignin', null)).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(signInErrorMessage('CredentialsSignin', 'trop-de-tentatives')).toContain(
      '\u00a0: patientez quelques minutes avant de réessayer',
    );
    expect(signInErrorMessage('SessionRequired', null)).toBe('Connectez-vous pour accéder à cette page.');
    expect(signInErrorMessage(null, null)).toBeNull();
  });

  it('says Auth.js’s own codes in French, never the code itself', () => {
    expect(signInErrorMessage('MissingCSRF', null)).toBe('La page a expiré\u00a0: rechargez-la et réessayez.');
    expect(signInErrorMessage('Configuration', null)).toMatch(/^La connexion est indisponible pour le moment\u00a0:/);
    expect(signInErrorMessage('Verification', null)).toBe(
      'Ce lien de connexion n’est plus valable. Connectez-vous avec votre mot de passe.',
    );
    // `/api/auth/error` without a code redirects with `error=undefined`.
    for (const code of ['undefined', 'Default', 'OAuthSignin'])
      expect(signInErrorMessage(code, null)).toBe('La connexion n’a pas abouti. Réessayez dans un instant.');
  });

  it('goes back to the wanted page of this site only', () => {
    const o = 'https://immoloupe.fr';
    expect(afterSignInPath(new URLSearchParams('redirect=/pro/transactions?x=1'), o)).toBe('/pro/transactions?x=1');
    expect(afterSignInPath(new URLSearchParams('callbackUrl=https://immoloupe.fr/pro/admin'), o)).toBe('/pro/admin');
    expect(afterSignInPath(new URLSearchParams('redirect=https://evil.example/'), o)).toBe('/pro');
    expect(afterSignInPath(new URLSearchParams('redirect=//evil.example/'), o)).toBe('/pro');
    expect(afterSignInPath(new URLSearchParams('redirect=/abo/connexion'), o)).toBe('/pro');
    expect(afterSignInPath(new URLSearchParams(''), o)).toBe('/pro');
  });
});
