// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyMessage } from './select';

describe('empty states of the selects', () => {
  it('says there is nothing to choose from, or that the filter matches nothing', () => {
    expect(emptyMessage([])).toBe('Aucune option disponible');
    expect(emptyMessage(undefined)).toBe('Aucune option disponible');
    expect(emptyMessage(['Bondy'])).toBe('Aucun résultat');
  });
});
