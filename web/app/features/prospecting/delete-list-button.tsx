/**
 * « Supprimer la liste », confirmed in a window of the page rather than the browser's own dialog
 * (which names the site, not the action, and cannot be styled), with the count said in French.
 */
import { countOf } from '@immoloupe/shared/format';
import type { ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

/** « … et ses 12 cibles », « … et sa cible », or nothing to lose for an empty list. */
export function deleteListQuestion(list: Pick<ProspectingList, 'name' | 'targets'>): string {
  const name = `la liste «\u00a0${list.name}\u00a0»`;
  if (list.targets === 0) return `Supprimer ${name}\u00a0? Elle ne contient aucune cible.`;
  if (list.targets === 1) return `Supprimer ${name} et sa cible\u00a0?`;
  return `Supprimer ${name} et ses ${countOf(list.targets, 'cible')}\u00a0?`;
}

export function DeleteListButton({ list, onDelete }: { list: ProspectingList; onDelete: () => Promise<boolean> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [pending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    await onDelete();
    setPending(false);
    close();
  }
  return (
    <>
      <Button variant="subtle" color="red" onClick={open}>
        Supprimer la liste
      </Button>
      <Modal opened={opened} onClose={close} title="Supprimer la liste">
        <Stack>
          <Text>{deleteListQuestion(list)}</Text>
          {list.targets > 0 ? (
            <Text size="sm" c="dimmed">
              Leurs statuts, dates et notes sont supprimés avec elle.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button color="red.8" loading={pending} onClick={confirm}>
              Supprimer
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
