/** The mailing page's data: Brevo configured or not, segments with their recipients, past sends; polled while one is sending. */
import { messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { type NewsletterSend, newsletterOverviewSchema } from '@immoloupe/shared/newsletter/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

const POLL_MS = 1500;
const NEWSLETTERS = ['newsletters'] as const;

export function useNewsletters() {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: NEWSLETTERS,
    queryFn: ({ signal }) => apiFetch('/api/admin/newsletters', newsletterOverviewSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.newsletters.some((n) => n.status === 'sending') ? POLL_MS : false),
  });

  const sendTest = (draft: Omit<NewsletterSend, 'segment'>) =>
    apiFetch('/api/admin/newsletters/test', messageResponseSchema, { method: 'POST', body: JSON.stringify(draft) });
  const send = async (draft: NewsletterSend) => {
    const res = await apiFetch('/api/admin/newsletters', z.object({ id: z.number(), recipients: z.number(), message: z.string() }), {
      method: 'POST',
      body: JSON.stringify(draft),
    });
    // The new send is listed, as « en cours », which starts the polling.
    await client.invalidateQueries({ queryKey: NEWSLETTERS });
    return res;
  };
  return { data: q.data ?? null, error: errorText(q.error, 'Les envois n’ont pas pu être chargés.'), sendTest, send };
}
