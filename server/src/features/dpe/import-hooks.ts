/** What the DPE feature derives from an import: each diagnostic placed at its typed street number. */
import { onImportEvent } from '../../importers/refresh.js';
import { placeDpeAtTypedNumbers } from './placement.js';

export function registerDpeImportHooks(): void {
  // New addresses can place DPE whose number BAN did not know before.
  onImportEvent('addressesReplaced', 'dpePlacement', async (tx, { communesSql }) => {
    await placeDpeAtTypedNumbers(tx, { communesSql });
    return undefined;
  });
  onImportEvent('dpeMerged', 'dpePlacement', async (tx, { stage }) => {
    await placeDpeAtTypedNumbers(tx, { stage });
    return undefined;
  });
}
