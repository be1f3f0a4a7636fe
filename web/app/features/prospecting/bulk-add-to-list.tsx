/**
 * « Ajouter la sélection à une liste (N) »: the rows ticked in a tool's results go to one list, an
 * existing one or a new one, in a single call; the page then says how many went in, how many were
 * already there, and in which list.
 */
import { bulkAddSummary } from '@immoloupe/shared/prospecting/bulk-add.logic';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { AddToListPanel } from './add-to-list-panel';
import { addTargets } from './prospecting-api';
import { useAddToList } from './use-add-to-list';

export function BulkAddToList({ targets, onAdded }: { targets: readonly TargetInput[]; onAdded: () => void }) {
  const panel = useAddToList(async (destination) => {
    const r = await addTargets({ targets: [...targets], ...destination });
    onAdded();
    return { done: { text: bulkAddSummary({ ...r, listName: r.list.name }), listId: r.list.id }, list: r.list };
  });
  return (
    <AddToListPanel
      panel={panel}
      action={`Ajouter la sélection à une liste (${targets.length})`}
      actionDisabled={targets.length === 0 && !panel.opened}
      formLabel="Ajouter la sélection à une liste de prospection"
      done={panel.done}
      submitLabel={targets.length > 1 ? `Ajouter ces ${targets.length} cibles` : targets.length === 1 ? 'Ajouter cette cible' : 'Ajouter'}
      submitDisabled={targets.length === 0}
    />
  );
}
