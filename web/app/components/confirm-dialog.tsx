/**
 * An action confirmed in a window of the page rather than the browser's own dialog (which names
 * the site, not the action, and cannot be styled): a title, what will happen, « Annuler » and the
 * action's verb, red when the action destroys or cuts off. The action runs only once confirmed;
 * the window stays open, its button loading, until the action is done.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';

export interface ConfirmRequest {
  title: string;
  /** What will happen, as a question: « Désactiver le compte a@b.fr ? ». */
  message: ReactNode;
  /** A consequence worth saying apart, in smaller type. */
  detail?: ReactNode;
  /** The action button: « Désactiver », « Révoquer »… */
  verb: string;
  destructive?: boolean;
  action: () => unknown;
}

/** `ask(request)` opens the window; `dialog` is rendered once by the component that asks. */
export function useConfirm(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [pending, setPending] = useState(false);
  // The text stays while the window fades out.
  const last = useRef<ConfirmRequest | null>(null);
  if (request) last.current = request;
  const shown = request ?? last.current;

  async function confirm() {
    if (!request) return;
    setPending(true);
    try {
      await request.action();
    } finally {
      setPending(false);
      setRequest(null);
    }
  }

  const dialog = (
    <Modal opened={request !== null} onClose={() => (pending ? undefined : setRequest(null))} title={shown?.title}>
      <Stack>
        <Text>{shown?.message}</Text>
        {shown?.detail ? (
          <Text size="sm" c="dimmed">
            {shown.detail}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRequest(null)} disabled={pending}>
            Annuler
          </Button>
          <Button color={shown?.destructive ? 'red.8' : undefined} loading={pending} onClick={() => void confirm()}>
            {shown?.verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask: setRequest, dialog };
}
