/** The waiting indicator passes axe, which a bare named Mantine `Loader` does not. */
import { Loader, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { Busy } from './busy';

beforeAll(installMantineDomShims);
afterEach(cleanup);

async function ariaFindings(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, { runOnly: { type: 'tag', values: ['cat.aria'] } });
  return result.violations.map((v) => v.id);
}

describe('Busy', () => {
  it('is a status named in French, with no prohibited ARIA attribute', async () => {
    const { container } = render(
      <MantineProvider>
        <Busy label="Analyse en cours" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Analyse en cours' })).toBeTruthy();
    expect(await ariaFindings(container)).toEqual([]);
  });

  it('says « Chargement » when the page gives no name', () => {
    render(
      <MantineProvider>
        <Busy size="xs" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeTruthy();
  });

  // The check itself: the bare named Loader the pages used before is what axe reports.
  it('tells a bare named Loader apart', async () => {
    const { container } = render(
      <MantineProvider>
        <Loader aria-label="Analyse en cours" />
      </MantineProvider>,
    );
    expect(await ariaFindings(container)).toContain('aria-prohibited-attr');
  });
});
