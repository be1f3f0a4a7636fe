import { expect, it } from 'vitest';
import { mergeWorkMem } from './run.js';

it('gives a département-sized merge more memory on a PostgreSQL server only', () => {
  expect(mergeWorkMem('postgres', 1_000_000)).toBe('256MB');
  expect(mergeWorkMem('postgres', 200_000)).toBe('256MB');
  expect(mergeWorkMem('postgres', 51_500)).toBe('64MB');
  expect(mergeWorkMem('pglite', 1_000_000)).toBe('64MB');
});
