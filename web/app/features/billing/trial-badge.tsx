/** The days left of the free trial in the pro header, a click away from the offer (decision 1371). */
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { trialDaysLeft, trialDaysLeftLabel } from './trial.logic';

export function TrialBadge({ client }: { client: Parameters<typeof trialDaysLeft>[0] }) {
  const days = trialDaysLeft(client);
  if (days === null) return null;
  return (
    <Button
      component={Link}
      to="/abo/offre"
      variant="light"
      color="teal"
      size="compact-sm"
      data-testid="trial-days-left"
      title="Voir l’offre et s’abonner"
    >
      {trialDaysLeftLabel(days)}
    </Button>
  );
}
