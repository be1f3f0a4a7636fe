/** Quick periods end at the newest sale imported, and say which one is in force. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { PeriodPresets } from './period-presets';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const show = (props: Parameters<typeof PeriodPresets>[0]) =>
  render(
    <MantineProvider>
      <PeriodPresets {...props} />
    </MantineProvider>,
  );

describe('PeriodPresets', () => {
  it('gives the last year of data, not of the calendar, and marks the period in force', () => {
    const onChange = vi.fn();
    show({ from: '2021-12-28', to: '2023-12-27', newest: '2023-12-27', onChange });
    const group = screen.getByRole('group', { name: 'Période' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: '2 ans' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Toutes les ventes' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '1 an' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2022-12-28', to: '2023-12-27' });
    fireEvent.click(screen.getByRole('button', { name: 'Toutes les ventes' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: null, to: null });
  });

  it('offers only « Toutes les ventes » before any DVF import', () => {
    show({ from: null, to: null, newest: null, onChange: () => undefined });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Toutes les ventes']);
  });
});
