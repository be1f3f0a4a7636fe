/**
 * The query client every rendered component finds above it, as in the app: `setup.ts` makes it
 * Testing Library's default wrapper, so that a test rendering a tool (whatever hooks read inside
 * it) needs no wrapper of its own. Each render gets its own client, made as the root makes it, so
 * no test reads another's answers.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { makeQueryClient } from '~/lib/query-client';

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
