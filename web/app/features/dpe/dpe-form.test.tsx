/** The DPE filters say what each row of chips filters: a chip « Neuf » alone does not. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DpeFilters } from './dpe-form';
import { dpeFormFromUrl } from './dpe-search.logic';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('DPE filters', () => {
  it('names the groups of chips', () => {
    render(
      <MantineProvider>
        <DpeFilters
          form={dpeFormFromUrl(new URLSearchParams('insee=93010'))}
          onChange={() => undefined}
          onSubmit={() => undefined}
          loading={false}
        />
      </MantineProvider>,
    );
    const types = screen.getByRole('group', { name: 'Type de logement' });
    expect(within(types).getByRole('checkbox', { name: 'Maison' })).toBeTruthy();
    expect(within(types).getByRole('checkbox', { name: 'Appartement' })).toBeTruthy();
    const modeles = screen.getByRole('group', { name: 'Existant ou neuf' });
    expect(within(modeles).getByRole('checkbox', { name: 'Neuf' })).toBeTruthy();
    const classes = screen.getByRole('group', { name: 'Classes énergie' });
    // A to G, and « Passoires (F–G) », their shortcut.
    expect(within(classes).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(classes).getByRole('checkbox', { name: 'A' })).toBeTruthy();
    expect(within(classes).getByRole('checkbox', { name: 'Passoires (F–G)' })).toBeTruthy();
  });
});
