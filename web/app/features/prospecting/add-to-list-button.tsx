/**
 * « Ajouter à une liste de prospection »: a button any tool puts next to a DPE, a co-ownership, a
 * parcel or an address. It unfolds, under itself, a small form to pick one of the user's lists or
 * name a new one, and tells where the target went (a target already in the list is not added twice).
 */
import type { TargetKind } from '@immoloupe/shared/prospecting/contracts';
import { Text } from '@mantine/core';
import { AddToListPanel } from './add-to-list-panel';
import { addTarget } from './prospecting-api';
import { useAddToList } from './use-add-to-list';

export interface AddToListButtonProps {
  kind: TargetKind;
  /** Reference of the target in its source: DPE number, RNIC number, parcel id, BAN id or address. */
  refId: string;
  label: string;
  address: string;
  /** A legal entity's name when the tool knows it (never a private person's). */
  ownerName?: string | null;
}

export function AddToListButton({ kind, refId, label, address, ownerName = null }: AddToListButtonProps) {
  const panel = useAddToList(async (destination) => {
    const r = await addTarget({ kind, ref: refId, label, address, ownerName, ...destination });
    // The list is named: the last one used is preselected, a wrong one shows at once.
    const text = r.created ? `Ajoutée à «\u00a0${r.list.name}\u00a0».` : `Déjà dans «\u00a0${r.list.name}\u00a0».`;
    return { done: { text, listId: r.list.id }, list: r.list };
  });
  return (
    <AddToListPanel
      panel={panel}
      action="Ajouter à une liste de prospection"
      testId="add-to-list"
      heading={
        <Text size="sm" fw={600} lineClamp={2}>
          {label}
        </Text>
      }
      // « Ouvrir la liste » opens the list the target went to, even if another is picked afterwards
      // (or a new one was named: the form's choice is then no list id at all).
      done={panel.done}
      submitLabel="Ajouter"
    />
  );
}
