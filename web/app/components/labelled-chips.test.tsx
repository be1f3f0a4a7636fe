/** A row of chips is a group named by its label, and a click gives the new choice. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { LabelledChips } from './labelled-chips';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('LabelledChips', () => {
  it('is a named group whose chips add to the choice', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <LabelledChips
          label="Type de syndic"
          options={['professionnel', 'benevole'] as const}
          labels={{ professionnel: 'Professionnel', benevole: 'Bénévole' }}
          value={['professionnel']}
          onChange={onChange}
        />
      </MantineProvider>,
    );
    const group = screen.getByRole('group', { name: 'Type de syndic' });
    expect((within(group).getByRole('checkbox', { name: 'Professionnel' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Bénévole' }));
    expect(onChange).toHaveBeenCalledWith(['professionnel', 'benevole']);
  });
});
