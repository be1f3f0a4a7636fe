/**
 * Bad inputs for a zod schema, for the tests that check every message a person can see is French
 * (the shared contracts directly, the API through HTTP). Kept with the locale it checks.
 */
import { z } from 'zod';

/** Words of zod's English messages (« Invalid input: expected number, received Infinity »). */
export const ENGLISH =
  /\b(invalid|expected|received|required|too (big|small)|must|should|unrecognized|characters?|items?|greater|less than|input|string|number|object|array)\b/i;

const HUGE = 'x'.repeat(100_000);

/** Values that no well-written schema should accept, and that break naive ones. */
export const BAD_VALUES: unknown[] = [
  undefined,
  null,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.NaN,
  -1,
  1e308,
  1.5,
  '',
  ' ',
  'abc',
  'Infinity',
  'NaN',
  '1e999',
  '-1',
  '2024-13-45',
  '31/02/2024',
  HUGE,
  true,
  [],
  [Number.NaN],
  {},
];

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current: unknown = schema;
  // Optional, nullable, default and pipe wrappers hide the object underneath.
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    const def = (current as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    current = def?.innerType ?? def?.in ?? def?.schema;
  }
  return null;
}

/** The bad values themselves, then an object with one bad field at a time, one level deep. */
export function badInputsFor(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [...BAD_VALUES];
  const shape = objectShape(schema);
  if (!shape) return inputs;
  for (const [key, field] of Object.entries(shape)) {
    for (const value of BAD_VALUES) inputs.push({ [key]: value });
    const inner = objectShape(field);
    if (inner) for (const innerKey of Object.keys(inner)) for (const value of BAD_VALUES) inputs.push({ [key]: { [innerKey]: value } });
  }
  return inputs;
}
