/**
 * The button that unfolds an « Ajouter … à une liste » form under itself, and that form: the list
 * (one of the user's or a new one), the French error, what the last add did with a link to the
 * list, « Fermer » and the submit button. Unfolded in the flow rather than floating: in the DPE and
 * co-ownership drawers a floating panel covered the details the agent was reading.
 */
import { Alert, Anchor, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListChoiceFields } from './list-choice-fields';
import type { AddToList } from './use-add-to-list';

export interface AddToListPanelProps {
  panel: AddToList;
  /** The text of the button that unfolds the form. */
  action: string;
  actionDisabled?: boolean;
  testId?: string;
  /** The form's accessible name, when its button does not say what it adds. */
  formLabel?: string;
  /** Shown above the list: what is being added. */
  heading?: ReactNode;
  /** What the last add did, and the list « Ouvrir la liste » opens. */
  done: { text: string; listId: string } | null;
  submitLabel: string;
  submitDisabled?: boolean;
}

export function AddToListPanel({
  panel,
  action,
  actionDisabled = false,
  testId,
  formLabel,
  heading,
  done,
  submitLabel,
  submitDisabled = false,
}: AddToListPanelProps) {
  return (
    <Stack gap={6} align="flex-start">
      <Button
        variant="light"
        size="xs"
        disabled={actionDisabled}
        onClick={panel.toggle}
        aria-expanded={panel.opened}
        aria-controls={panel.panelId}
        data-testid={testId}
      >
        {action}
      </Button>
      <Collapse expanded={panel.opened} id={panel.panelId} w="100%" maw={360}>
        <Paper withBorder p="sm" radius="sm">
          <form onSubmit={panel.submit} aria-label={formLabel}>
            <Stack gap="xs">
              {heading}
              <ListChoiceFields choice={panel.choice} />
              {panel.error && (
                <Alert color="red" variant="light" p="xs">
                  {panel.error}
                </Alert>
              )}
              {done && (
                <Text size="sm" c="teal" role="status">
                  {done.text}{' '}
                  <Anchor component={Link} to={`/pro/prospection?liste=${done.listId}`} size="sm">
                    Ouvrir la liste
                  </Anchor>
                </Text>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="subtle" size="xs" onClick={panel.close}>
                  Fermer
                </Button>
                <Button type="submit" size="xs" loading={panel.pending} disabled={panel.choice.lists === null || submitDisabled}>
                  {submitLabel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Collapse>
    </Stack>
  );
}
