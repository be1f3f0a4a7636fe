/**
 * A number field written the French way (« 69,7 »). Mantine's NumberInput turns a point typed on
 * its own into the comma, but a value arriving in one input event — pasted, filled in by the
 * browser or by an extension — kept its point as a stray character and lost it: « 69.7 » became
 * 697. Such a value is read here first: one point is the decimal comma, several are the thousands
 * of « 1.234.567 ».
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

/** The field's text with its points read as a French reader would have written them; null when it has none to read. */
export function frenchDecimalText(text: string): string | null {
  if (!text.includes('.') || text.includes(',')) return null;
  const points = text.split('.').length - 1;
  return points === 1 ? text.replace('.', ',') : text.replaceAll('.', '');
}

export function DecimalInput({ onInput, decimalSeparator = ',', ...props }: NumberInputProps) {
  // React runs onInput before onChange for the same event: the number format then reads the comma.
  const read = (e: Parameters<NonNullable<NumberInputProps['onInput']>>[0]) => {
    const input = e.currentTarget;
    const text = decimalSeparator === ',' ? frenchDecimalText(input.value) : null;
    if (text !== null) input.value = text;
    onInput?.(e);
  };
  return <NumberInput {...props} decimalSeparator={decimalSeparator} onInput={read} />;
}
