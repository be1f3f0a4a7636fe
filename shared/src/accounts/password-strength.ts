/**
 * Password strength, the same on the sign-up meter (Faible / Moyen / Fort) and on the server,
 * which refuses a weak password. Length counts most; variety of characters next; a password
 * built on a well-known word or a run of one character is weak whatever its length.
 */
import { UI_LABELS } from '../ui-labels.js';

export type PasswordStrength = 'weak' | 'medium' | 'strong';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

// The most used passwords in France and elsewhere; a password that is one of them plus digits
// or symbols is still guessed first by any attacker.
const COMMON = [
  'password',
  'motdepasse',
  'azerty',
  'qwerty',
  'soleil',
  'bonjour',
  'doudou',
  'loulou',
  'marseille',
  'immoloupe',
  'admin',
  'welcome',
  'iloveyou',
  'football',
  'chouchou',
  'letmein',
  'abcdef',
  'princesse',
];

function classes(password: string): number {
  let n = 0;
  if (/[a-zà-ÿ]/.test(password)) n++;
  if (/[A-ZÀ-Ý]/.test(password)) n++;
  if (/\d/.test(password)) n++;
  if (/[^\p{L}\d]/u.test(password)) n++;
  return n;
}

function isTrivial(password: string): boolean {
  const lower = password.toLowerCase();
  const letters = lower.replace(/[^a-z]/g, '');
  if (COMMON.some((w) => letters === w || (letters.startsWith(w) && letters.length - w.length < 4))) return true;
  if (/^(.)\1+$/.test(password)) return true;
  if (new Set(password).size <= 3) return true;
  // Keyboard or counting sequences: 0123456789, abcdefgh…
  if (/^\d+$/.test(password) && '01234567890123456789'.includes(password)) return true;
  return false;
}

export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH || isTrivial(password)) return 'weak';
  const variety = classes(password);
  if (password.length >= 16 && variety >= 2) return 'strong';
  if (password.length >= 12 && variety >= 3) return 'strong';
  if (variety >= 2 || password.length >= 14) return 'medium';
  return 'weak';
}

export function passwordStrengthLabel(strength: PasswordStrength): string {
  return UI_LABELS.passwordStrength[strength];
}

/** The rule, said once on the sign-up form and again in the refusal. */
export const PASSWORD_RULE = `au moins ${PASSWORD_MIN_LENGTH} caractères, en mêlant lettres, chiffres ou symboles, sans mot courant`;

/** Why a password is refused, in French; null when it is accepted (medium or strong). */
export function weakPasswordMessage(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return `Le mot de passe est trop long (${PASSWORD_MAX_LENGTH} caractères au plus).`;
  if (passwordStrength(password) !== 'weak') return null;
  return `Mot de passe trop faible\u00a0: ${PASSWORD_RULE}.`;
}
