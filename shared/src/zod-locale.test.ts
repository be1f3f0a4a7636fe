/// <reference types="vite/client" />
/**
 * Every zod schema exported by a shared module, walked with bad values: no message may be English.
 * Schemas are found by walking the exports of every module of shared/src, so a contract added
 * later is checked without registering it anywhere. The routers' own schemas are walked through
 * HTTP by server/src/http/api-messages.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-locale.js';
import { badInputsFor, ENGLISH } from './zod-walk.js';

const modules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true }) as Record<string, Record<string, unknown>>;

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace('./', '')} › ${name}`, schema })),
);

describe('zod messages in French', () => {
  it('finds the schemas of the shared contracts', () => {
    // A floor, so that a broken discovery cannot pass by walking nothing.
    expect(schemas.length).toBeGreaterThan(40);
    expect(schemas.map((s) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^market\/contracts\.ts › /)]));
  });

  it('says nothing in English to bad values of any schema', () => {
    const english: string[] = [];
    let issues = 0;
    for (const { name, schema } of schemas) {
      for (const input of badInputsFor(schema)) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) {
          issues += 1;
          if (ENGLISH.test(issue.message)) english.push(`${name} [${issue.path.join('.')}] ${issue.message}`);
        }
      }
    }
    expect(issues).toBeGreaterThan(1000);
    expect([...new Set(english)]).toEqual([]);
    // Tens of thousands of parses: seconds on a loaded machine.
  }, 60_000);

  it('rewords the frequent cases as French sentences', () => {
    const message = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;
    expect(message(z.number(), Number.POSITIVE_INFINITY)).toBe('Nombre invalide\u00a0: un nombre fini attendu, un nombre infini reçu');
    expect(message(z.number(), Number.NaN)).toBe('Ce n’est pas un nombre\u00a0: écrivez-le en chiffres');
    expect(message(z.object({ a: z.string() }), undefined)).toBe('Valeur manquante\u00a0: un objet attendu');
    expect(message(z.string().max(80), 'x'.repeat(81))).toBe('Trop long\u00a0: 80 caractères au plus');
    expect(message(z.number().max(10000), 20000)).toBe('Trop grand\u00a0: 10\u202f000 au plus');
    expect(message(z.string().min(1), '')).toBe('Valeur requise');
    expect(message(z.email(), 'x')).toBe('adresse e-mail invalide');
    // A message written in the schema wins.
    expect(message(z.string().min(1, 'Tapez au moins un caractère.'), '')).toBe('Tapez au moins un caractère.');
  });
});
