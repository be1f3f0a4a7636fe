/** « 69.7 » arriving in one input event is 69,7 m², not 697. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DecimalInput, frenchDecimalText } from './decimal-input';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('DecimalInput', () => {
  it('reads a value pasted with a point as a decimal, and thousands points as thousands', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <DecimalInput label="Surface (m²)" onChange={onChange} allowDecimal />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Surface (m²)') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '69.7' } });
    expect(onChange).toHaveBeenLastCalledWith(69.7);
    expect(input.value).toBe('69,7');
    fireEvent.input(input, { target: { value: '1.234.567' } });
    expect(onChange).toHaveBeenLastCalledWith(1234567);
    fireEvent.input(input, { target: { value: '54,77' } });
    expect(onChange).toHaveBeenLastCalledWith(54.77);
  });

  it('leaves a text with a comma, or without a point, as it is', () => {
    expect(frenchDecimalText('69,7')).toBeNull();
    expect(frenchDecimalText('697')).toBeNull();
    expect(frenchDecimalText('69.7')).toBe('69,7');
    expect(frenchDecimalText('1.234.567')).toBe('1234567');
  });
});
