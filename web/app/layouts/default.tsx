/** Minimal layout: brand and content. Used by the fatal error screen. */
import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '~/components/shell/brand';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <Box>
      <Box component="header" py="sm">
        <Container size="lg">
          <Brand />
        </Container>
      </Box>
      <Box component="main" id="contenu">
        {children}
      </Box>
    </Box>
  );
}
