/**
 * What every rendered component finds above it in the app: Mantine and a query client. Each
 * render gets its own client, made as the root makes it, so no test reads another's answers.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { makeQueryClient } from '~/lib/query-client';

export function TestProviders({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
