/**
 * Under the period fields of a market tool: how the period was chosen (the default ends at the
 * zone's newest sale, since DVF is published months late), or, for a chosen period that runs past
 * the newest sale, that the last months hold no data yet — with a way back to the default.
 */
import { formatDate } from '@immoloupe/shared/format';
import { defaultPeriodNote } from '@immoloupe/shared/market/period.logic';
import { Button, Group, Text } from '@mantine/core';
import { ImportHint } from '~/components/import-hint';

interface PeriodData {
  from: string;
  to: string;
  defaultPeriod: boolean;
  freshness: { lastMutationDate: string | null };
}

export function PeriodNote({ data, onReset }: { data: PeriodData; onReset: () => void }) {
  const newest = data.freshness.lastMutationDate;
  if (data.defaultPeriod) {
    return (
      <Text size="sm" c="dimmed" data-testid="period-note">
        {defaultPeriodNote(data, newest)}
        {newest ? null : (
          <>
            {' '}
            <ImportHint source="dvf" />
          </>
        )}
      </Text>
    );
  }
  const pastNewest = newest !== null && data.to > newest;
  return (
    <Group gap="xs" data-testid="period-note">
      <Text size="sm" c="dimmed">
        {pastNewest
          ? `Période choisie. Aucune vente importée pour cette zone après le ${formatDate(newest)}\u00a0: les derniers mois de la période sont vides.`
          : 'Période choisie.'}
      </Text>
      <Button size="compact-sm" variant="subtle" onClick={onReset}>
        Revenir à la période par défaut
      </Button>
    </Group>
  );
}
