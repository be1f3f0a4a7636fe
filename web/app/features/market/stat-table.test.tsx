/** The €/m² statistics table names itself above its rows, and keeps each quartile whole when squeezed. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { StatTable } from './stat-table';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const FLATS = { label: 'Appartements', count: 276, median: 3159, mean: 3324, q1: 2673, q3: 3786 };

describe('StatTable', () => {
  it('puts its caption above the rows, where it names the table and not the chart below', () => {
    render(
      <MantineProvider>
        <StatTable caption="Bondy, ventes simples" rows={[FLATS]} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Bondy, ventes simples' });
    expect(table.style.getPropertyValue('--table-caption-side')).toBe('top');
    expect((table.querySelector('caption') as HTMLElement).style.textAlign).toBe('left');
  });

  it('breaks a quartile range only after its dash', () => {
    render(
      <MantineProvider>
        <StatTable rows={[FLATS]} />
      </MantineProvider>,
    );
    const cell = screen.getByRole('row', { name: /^Appartements/ }).querySelectorAll('td')[2] as HTMLElement;
    const parts = [...cell.querySelectorAll('span')];
    expect(parts.map((p) => [p.textContent, p.style.whiteSpace])).toEqual([
      ['2\u202f673\u00a0–', 'nowrap'],
      ['3\u202f786', 'nowrap'],
    ]);
  });
});
