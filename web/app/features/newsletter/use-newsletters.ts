/** The mailing page's data: Brevo configured or not, segments with their recipients, past sends; polled while one is sending. */
import { messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { type NewsletterOverview, type NewsletterSend, newsletterOverviewSchema } from '@immoloupe/shared/newsletter/contracts';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';

const POLL_MS = 1500;

export function useNewsletters() {
  const [data, setData] = useState<NewsletterOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await apiFetch('/api/admin/newsletters', newsletterOverviewSchema));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Les envois n’ont pas pu être chargés.');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const sending = data?.newsletters.some((n) => n.status === 'sending') ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [sending, load]);

  const sendTest = (draft: Omit<NewsletterSend, 'segment'>) =>
    apiFetch('/api/admin/newsletters/test', messageResponseSchema, { method: 'POST', body: JSON.stringify(draft) });
  const send = async (draft: NewsletterSend) => {
    const res = await apiFetch('/api/admin/newsletters', z.object({ id: z.number(), recipients: z.number(), message: z.string() }), {
      method: 'POST',
      body: JSON.stringify(draft),
    });
    await load();
    return res;
  };
  return { data, error, reload: load, sendTest, send };
}
