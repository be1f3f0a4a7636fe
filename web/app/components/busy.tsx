/**
 * What a page shows while it waits for its data. Mantine's `Loader` is a bare `span`: a name on it
 * alone is an ARIA attribute a span may not carry (axe « aria-prohibited-attr »), and a screen
 * reader would say nothing. As a `status` it is announced, politely, by its French name.
 */
import { Loader, type MantineSize } from '@mantine/core';

export function Busy({ label = 'Chargement', size, ml }: { label?: string; size?: MantineSize; ml?: MantineSize }) {
  return <Loader role="status" aria-label={label} size={size} ml={ml} />;
}
