/** A group's name weighs what Mantine gives a field's label (600 in Mantine 9, not a literal 500). */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { GroupLabel } from './group-label';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('GroupLabel', () => {
  it('takes the weight of the theme’s field labels', () => {
    render(
      <MantineProvider>
        <GroupLabel id="type-bien">Type de bien</GroupLabel>
      </MantineProvider>,
    );
    const group = screen.getByText('Type de bien');
    expect(group.id).toBe('type-bien');
    expect(group.style.fontWeight).toBe('var(--mantine-font-weight-medium)');
  });
});
