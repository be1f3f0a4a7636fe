/** The note under the price map when some sections have no outline (their commune's cadastre not imported). */
import type { MarketAnalysis } from '@immoloupe/shared/market/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { UnoutlinedNote } from './market-analysis-map';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const section = (code: string, outlined: boolean): MarketAnalysis['sections'][number] => ({
  code,
  section: code.slice(8),
  lon: -1.77,
  lat: 43.37,
  outlined,
  count: 12,
  median: 4800,
  q1: 3900,
  q3: 5900,
  mean: 5000,
});

function renderNote(sections: MarketAnalysis['sections']) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ user: null }),
        element: (
          <MantineProvider>
            <UnoutlinedNote sections={sections} />
          </MantineProvider>
        ),
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: { user: null } } } },
  );
  return render(<RouterProvider router={router} />);
}

it('says that the sections of a commune without cadastre are discs, and how to import it', () => {
  const { container } = renderNote([section('64260000AB', false), section('64260000AC', false)]);
  expect(container.querySelector('p')?.textContent).toMatch(
    /^Contours des sections inconnus\u00a0: le cadastre de leur commune n’est pas importé\. Leur prix/,
  );
  expect(screen.getByTestId('import-hint').textContent).toMatch(/cadastre/);
});

it('counts them when only some sections lack an outline, and says nothing when none does', () => {
  const some = renderNote([section('64260000AB', false), section('93010000AS', true), section('93010000AT', true)]);
  expect(some.container.querySelector('p')?.textContent).toMatch(/^Contours inconnus pour 1\u00a0section sur 3\u00a0:/);
  cleanup();
  const none = renderNote([section('93010000AS', true)]);
  expect(none.container.querySelector('p')).toBeNull();
});
