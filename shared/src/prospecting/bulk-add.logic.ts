/**
 * What the page says after several targets were added to a list in one go: how many went in, how
 * many were already there, and which list (the picker preselects the last one: the name shows a
 * wrong choice at once).
 */
import { countOf } from '../format.js';

const quoted = (name: string) => `«\u00a0${name}\u00a0»`;

/** « 12 cibles ajoutées à « Copros Bondy », 3 déjà présentes. » */
export function bulkAddSummary(r: { added: number; alreadyPresent: number; listName: string }): string {
  const list = quoted(r.listName);
  if (r.added === 0)
    return r.alreadyPresent === 1
      ? `Aucune cible ajoutée\u00a0: elle était déjà dans ${list}.`
      : `Aucune cible ajoutée\u00a0: les ${countOf(r.alreadyPresent, 'cible')} étaient déjà dans ${list}.`;
  const added = `${countOf(r.added, 'cible ajoutée', 'cibles ajoutées')} à ${list}`;
  if (r.alreadyPresent === 0) return `${added}.`;
  return `${added}, ${countOf(r.alreadyPresent, 'déjà présente', 'déjà présentes')}.`;
}
