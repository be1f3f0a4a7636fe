/**
 * The pieces shared by the DPE and co-ownership searches: the pager (hidden on one page, French
 * labels, the page asked), the range fields (which bound changed), a drawer section (its content or
 * the sentence saying there is none), the sales table (French money) and the error with its way
 * to « ma zone ».
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DetailSection, Pager, RangeFields, SalesTable, SearchError } from './search-parts';

beforeAll(installMantineDomShims);
afterEach(cleanup);

function show(node: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: <MantineProvider>{node}</MantineProvider> }]);
  return render(<RouterProvider router={router} />);
}

describe('search parts', () => {
  it('pages forwards and backwards, and hides itself on a single page', () => {
    const onPage = vi.fn();
    show(<Pager page={2} total={120} pageSize={50} onPage={onPage} feminine />);
    expect(screen.getByText('Page 2 sur 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Précédentes' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    cleanup();
    show(<Pager page={1} total={50} pageSize={50} onPage={onPage} />);
    expect(screen.queryByRole('button', { name: 'Suivants' })).toBeNull();
  });

  it('says which bound of a range changed', () => {
    const onChange = vi.fn();
    show(<RangeFields min={{ label: 'Lots min.', value: '' }} max={{ label: 'Lots max.', value: '9' }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Lots min.'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Lots max.'), { target: { value: '12' } });
    expect(onChange.mock.calls).toEqual([
      ['min', '3'],
      ['max', '12'],
    ]);
  });

  it('shows a section’s content, or why it has none', () => {
    show(
      <>
        <DetailSection title="Parcelles" empty="Aucune référence cadastrale dans le registre.">
          <p>jamais montré</p>
        </DetailSection>
        <DetailSection title="Ventes" empty={null}>
          <SalesTable
            label="Ventes sur la parcelle"
            sales={[{ id: 'm1', date: '2022-01-03', what: 'Appartement', price: 188000, pricePerM2: 3481.48 }]}
          />
        </DetailSection>
      </>,
    );
    expect(screen.getByText('Aucune référence cadastrale dans le registre.')).toBeTruthy();
    expect(screen.queryByText('jamais montré')).toBeNull();
    const row = screen.getByRole('table', { name: 'Ventes sur la parcelle' }).textContent ?? '';
    expect(row).toContain('03/01/2022');
    expect(row.replace(/\s/g, ' ')).toContain('188 000 €');
  });

  it('links to « ma zone » when the search says it is missing', () => {
    show(<SearchError error="Vous n’avez pas encore défini « ma zone »." />);
    expect(screen.getByRole('link', { name: 'Définir ma zone' }).getAttribute('href')).toBe('/pro/mazone');
    cleanup();
    show(<SearchError error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
