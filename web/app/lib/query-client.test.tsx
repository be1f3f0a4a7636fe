/** The query client's rules: which failures are tried again, the French message, and answers kept per account. */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorText, isTransient, makeQueryClient, useCacheOwnedBy } from './query-client';

afterEach(cleanup);

let reads = 0;
// The session cookie: the server answers for whoever it names, the query's key does not say.
let signedIn = 'a@example.fr';

function Page({ owner }: { owner: string | null }) {
  useCacheOwnedBy(owner);
  const q = useQuery({ queryKey: ['mine'], queryFn: async () => `lu pour ${signedIn} (${++reads})` });
  return <p>{q.data ?? 'chargement'}</p>;
}

describe('query client', () => {
  it('tries again only when the server was unreachable or unavailable, never after a refusal', () => {
    expect(isTransient(new ApiError(0, 'injoignable'))).toBe(true);
    expect(isTransient(new ApiError(503, 'indisponible'))).toBe(true);
    expect(isTransient(new ApiError(500, 'erreur'))).toBe(false);
    expect(isTransient(new ApiError(404, 'introuvable'))).toBe(false);
    expect(isTransient(new ApiError(403, 'refusé'))).toBe(false);
    expect(isTransient(new Error('contrat'))).toBe(false);
  });

  it('shows the server’s French message, or the hook’s own when the failure is not an answer', () => {
    expect(errorText(new ApiError(404, 'Commune inconnue.'), 'Échec.')).toBe('Commune inconnue.');
    expect(errorText(new TypeError('x'), 'Les données n’ont pas pu être lues.')).toBe('Les données n’ont pas pu être lues.');
    expect(errorText(null, 'Échec.')).toBeNull();
  });

  it('drops what one account read when another signs in on the same tab', async () => {
    const client = makeQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Page owner="a@example.fr" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('lu pour a@example.fr (1)')).toBeTruthy();
    signedIn = 'b@example.fr';
    await act(async () =>
      rerender(
        <QueryClientProvider client={client}>
          <Page owner="b@example.fr" />
        </QueryClientProvider>,
      ),
    );
    expect(await screen.findByText('lu pour b@example.fr (2)')).toBeTruthy();
    expect(screen.queryByText(/a@example\.fr/)).toBeNull();
  });
});
