/** The French note shown next to an alert choice when this site sends no e-mail (no SMTP configured). */
import type { AlertStatus } from '@immoloupe/shared/alerts/contracts';
import { Text } from '@mantine/core';

export function AlertsNotSent({ status }: { status: AlertStatus | null }) {
  if (!status?.message) return null;
  return (
    <Text size="sm" c="orange" role="note" data-testid="alerts-not-sent">
      {status.message}
    </Text>
  );
}
