import { describe, expect, it } from 'vitest';
import { formatInteger } from '../format.js';
import { bulkAddSummary } from './bulk-add.logic.js';

describe('bulkAddSummary', () => {
  it('counts what went in and what was already there, naming the list', () => {
    expect(bulkAddSummary({ added: 12, alreadyPresent: 3, listName: 'Copros Bondy' })).toBe(
      '12\u00a0cibles ajoutées à «\u00a0Copros Bondy\u00a0», 3\u00a0déjà présentes.',
    );
    expect(bulkAddSummary({ added: 1, alreadyPresent: 1, listName: 'Flers' })).toBe(
      '1\u00a0cible ajoutée à «\u00a0Flers\u00a0», 1\u00a0déjà présente.',
    );
    expect(bulkAddSummary({ added: 1234, alreadyPresent: 0, listName: 'Flers' })).toBe(
      `${formatInteger(1234)}\u00a0cibles ajoutées à «\u00a0Flers\u00a0».`,
    );
  });

  it('says when nothing was added', () => {
    expect(bulkAddSummary({ added: 0, alreadyPresent: 1, listName: 'Flers' })).toBe(
      'Aucune cible ajoutée\u00a0: elle était déjà dans «\u00a0Flers\u00a0».',
    );
    expect(bulkAddSummary({ added: 0, alreadyPresent: 4, listName: 'Flers' })).toBe(
      'Aucune cible ajoutée\u00a0: les 4\u00a0cibles étaient déjà dans «\u00a0Flers\u00a0».',
    );
  });
});
