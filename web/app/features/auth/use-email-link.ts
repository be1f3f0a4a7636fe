/**
 * A request that e-mails a link for an address (forgotten password, new confirmation link): the
 * address typed, the pending state, and the server's answer — the same for any address — or its
 * French refusal.
 */
import { linkSentResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function useEmailLink(endpoint: string, initialEmail: string, onSent?: () => void) {
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const body = await apiFetch(endpoint, linkSentResponseSchema, { method: 'POST', body: JSON.stringify({ email: email.trim() }) });
      setResult({ ok: true, message: body.message });
      onSent?.();
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.' });
    } finally {
      setPending(false);
    }
  }

  return { email, setEmail, pending, result, submit };
}
