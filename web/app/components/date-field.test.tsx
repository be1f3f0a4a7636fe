/** The French date field: typed JJ/MM/AAAA, exchanged as ISO, impossible dates refused in French. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DateField } from './date-field';
import { isoToDisplay, outOfBounds, parseTypedDate } from './date-field.logic';

describe('typed dates', () => {
  it('reads JJ/MM/AAAA into an ISO date', () => {
    expect(parseTypedDate('24/11/2024')).toEqual({ ok: true, iso: '2024-11-24' });
    expect(parseTypedDate(' 1/2/2024 ')).toEqual({ ok: true, iso: '2024-02-01' });
    expect(parseTypedDate('01.02.2024')).toEqual({ ok: true, iso: '2024-02-01' });
  });

  it('refuses impossible, American or incomplete dates with a French message', () => {
    expect(parseTypedDate('31/02/2024')).toEqual({ ok: false, message: 'Cette date n’existe pas\u00a0: 31/02/2024' });
    expect(parseTypedDate('11/24/2024')).toMatchObject({ ok: false, message: 'Cette date n’existe pas\u00a0: 11/24/2024' });
    expect(parseTypedDate('2024-11-24')).toMatchObject({ ok: false, message: expect.stringContaining('JJ/MM/AAAA') });
    expect(parseTypedDate('24/11/24')).toMatchObject({ ok: false });
  });

  it('shows ISO dates as JJ/MM/AAAA and checks bounds', () => {
    expect(isoToDisplay('2023-12-27')).toBe('27/12/2023');
    expect(isoToDisplay('pas une date')).toBe('');
    expect(outOfBounds('2024-01-01', '2024-02-01')).toBe('La date doit être au plus tôt le 01/02/2024');
    expect(outOfBounds('2024-03-01', undefined, '2024-02-01')).toBe('La date doit être au plus tard le 01/02/2024');
    expect(outOfBounds('2024-02-01', '2024-01-01', '2024-03-01')).toBeNull();
  });
});

beforeAll(installMantineDomShims);
afterEach(cleanup);

function renderField(value: string | null, onChange = vi.fn()) {
  render(
    <MantineProvider>
      <DateField label="Du" value={value} onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, input: screen.getByLabelText('Du') as HTMLInputElement };
}

describe('the date field', () => {
  it('shows its ISO value as JJ/MM/AAAA', () => {
    const { input } = renderField('2023-12-27');
    expect(input.value).toBe('27/12/2023');
    expect(input.placeholder).toBe('JJ/MM/AAAA');
  });

  it('hands a typed French date over as ISO', () => {
    const { input, onChange } = renderField('2023-12-27');
    fireEvent.change(input, { target: { value: '24/11/2024' } });
    expect(onChange).toHaveBeenCalledWith('2024-11-24');
  });

  it('says in French that a typed date does not exist, and changes nothing', () => {
    const { input, onChange } = renderField('2023-12-27');
    fireEvent.change(input, { target: { value: '31/02/2024' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    // The text matcher folds the no-break space into a plain one.
    expect(screen.getByText('Cette date n’existe pas : 31/02/2024')).toBeTruthy();
  });

  it('opens a calendar with French month names', async () => {
    const { input } = renderField('2023-12-27');
    fireEvent.click(input);
    expect(await screen.findByText('décembre 2023')).toBeTruthy();
    expect(screen.getByLabelText('Mois précédent')).toBeTruthy();
  });
});
