/** The account page's newsletter opt-in: off unless the user turns it on, withdrawn at any time. */
import { Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';

const answerSchema = z.object({ message: z.string(), marketingConsent: z.boolean() });

export function MarketingConsent({ initial }: { initial: boolean }) {
  const [consent, setConsent] = useState(initial);
  const [pending, setPending] = useState(false);
  useEffect(() => setConsent(initial), [initial]);
  async function change(next: boolean) {
    setPending(true);
    try {
      const res = await apiFetch('/api/account/marketing', answerSchema, { method: 'POST', body: JSON.stringify({ consent: next }) });
      setConsent(res.marketingConsent);
      notifications.show({ color: 'teal', message: res.message });
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : 'Le choix n’a pas pu être enregistré.' });
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <Switch
        checked={consent}
        disabled={pending}
        onChange={(e) => void change(e.currentTarget.checked)}
        label="Recevoir la lettre d’information d’Immoloupe"
      />
      <Text size="sm" c="dimmed">
        Nouveautés du service et tendances du marché, une fois par mois au plus. Chaque lettre contient un lien de désinscription.
      </Text>
    </>
  );
}
