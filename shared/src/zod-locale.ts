/**
 * zod speaks French, once for the whole process: every message a person can see is French, and a
 * 400 answer must never read « Invalid input: expected number, received Infinity ». Imported for
 * its effect by the server app, the server test set-up and the web root; custom messages written
 * in the schemas still win over these (zod's precedence).
 *
 * zod's own French locale is the base; the most frequent cases are reworded so that they read as
 * sentences (« 80 caractères au plus » rather than « doit avoir <=80 caractères ») and say what
 * was wrong with a non-finite number or a missing value.
 */
import { z } from 'zod';
import { formatInteger, NBSP } from './format.js';

const base = z.locales.fr().localeError;

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  boolean: 'vrai ou faux',
  bigint: 'un nombre entier',
  date: 'une date',
  array: 'une liste',
  object: 'un objet',
  tuple: 'une liste',
  record: 'un objet',
  null: 'null',
};

function described(input: unknown): string {
  if (input === undefined) return 'rien';
  if (input === null) return 'null';
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return 'une valeur qui n’est pas un nombre';
    if (!Number.isFinite(input)) return 'un nombre infini';
    return 'un nombre';
  }
  if (typeof input === 'string') return 'un texte';
  if (typeof input === 'boolean') return 'vrai ou faux';
  if (Array.isArray(input)) return 'une liste';
  if (input instanceof Date) return 'une date';
  if (typeof input === 'object') return 'un objet';
  return 'une valeur d’un autre type';
}

function amount(n: number | bigint): string {
  return typeof n === 'bigint' ? formatInteger(Number(n)) : formatInteger(n);
}

type Issue = Parameters<typeof base>[0];

function sized(origin: string, bound: number | bigint, atMost: boolean, inclusive: boolean): string | null {
  const n = Number(bound);
  const limit = amount(bound);
  if (origin === 'string')
    return atMost
      ? `Trop long${NBSP}: ${limit} caractère${n > 1 ? 's' : ''} au plus`
      : n <= 1
        ? 'Valeur requise'
        : `Trop court${NBSP}: ${limit} caractères au moins`;
  if (origin === 'array' || origin === 'set')
    return atMost ? `Trop d’éléments${NBSP}: ${limit} au plus` : `Pas assez d’éléments${NBSP}: ${limit} au moins`;
  if (origin === 'number' || origin === 'bigint' || origin === 'int') {
    if (atMost) return inclusive ? `Trop grand${NBSP}: ${limit} au plus` : `Trop grand${NBSP}: moins de ${limit} attendu`;
    return inclusive ? `Trop petit${NBSP}: ${limit} au moins` : `Trop petit${NBSP}: plus de ${limit} attendu`;
  }
  return null;
}

export function frenchZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (issue.input === undefined) return `Valeur manquante${NBSP}: ${expected} attendu`;
      // A number field that got letters (coerced to NaN) or an endless number: said as a person
      // would, not as a type system would.
      if (issue.expected === 'number' && typeof issue.input === 'number') {
        return Number.isNaN(issue.input)
          ? `Ce n’est pas un nombre${NBSP}: écrivez-le en chiffres`
          : `Nombre invalide${NBSP}: un nombre fini attendu, ${described(issue.input)} reçu`;
      }
      return `Valeur invalide${NBSP}: ${expected} attendu, ${described(issue.input)} reçu`;
    }
    case 'too_big': {
      const message = sized(issue.origin, issue.maximum, true, issue.inclusive ?? true);
      if (message) return message;
      break;
    }
    case 'too_small': {
      const message = sized(issue.origin, issue.minimum, false, issue.inclusive ?? true);
      if (message) return message;
      break;
    }
    case 'invalid_value':
      if (issue.values.length > 1)
        return `Valeur invalide${NBSP}: une valeur parmi ${issue.values.map((v) => String(v)).join(', ')} attendue`;
      break;
    case 'invalid_union':
      return 'Valeur invalide';
    default:
      break;
  }
  const message = base(issue);
  const text = typeof message === 'string' ? message : (message?.message ?? 'Valeur invalide');
  // zod's French locale puts a plain space before the colon; French typography wants a no-break one.
  return text.replace(/ :/g, `${NBSP}:`);
}

z.config({ localeError: frenchZodMessage });
