/**
 * The one date field of the app: a Mantine date picker in French, typed as JJ/MM/AAAA whatever the
 * browser's language (a native date input follows the browser and shows 11/24/2024 in an English
 * Chromium). Values go in and out as ISO AAAA-MM-JJ strings, so URL and API schemas stay as they are.
 */
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { DATE_DISPLAY_FORMAT, DATE_PLACEHOLDER, outOfBounds, parseTypedDate } from './date-field.logic';
import '~/lib/dayjs';

const FRENCH_ARIA_LABELS = {
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: 'Choisir l’année',
  nextMonth: 'Mois suivant',
  previousMonth: 'Mois précédent',
  nextYear: 'Année suivante',
  previousYear: 'Année précédente',
  nextDecade: 'Décennie suivante',
  previousDecade: 'Décennie précédente',
};

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'locale'
> & {
  /** ISO date (AAAA-MM-JJ), or '' / null when empty. */
  value: string | null;
  /** Called with an ISO date, or null when the field is emptied (only when `clearable`). */
  onChange: (iso: string | null) => void;
  minDate?: string;
  maxDate?: string;
};

export function DateField({ value, onChange, minDate, maxDate, error, onBlur, clearable, ...rest }: DateFieldProps) {
  const [typedError, setTypedError] = useState<string | null>(null);
  return (
    <DateInput
      locale="fr"
      valueFormat={DATE_DISPLAY_FORMAT}
      placeholder={DATE_PLACEHOLDER}
      value={value || null}
      minDate={minDate}
      maxDate={maxDate}
      clearable={clearable}
      // Keep what was typed on blur, so that the error below stays next to the text it is about.
      fixOnBlur={false}
      dateParser={(text) => {
        const parsed = parseTypedDate(text);
        return parsed.ok ? parsed.iso : null;
      }}
      onChange={(next) => {
        setTypedError(null);
        if (next || clearable) onChange(next ? String(next).slice(0, 10) : null);
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value;
        if (text.trim() === '') setTypedError(clearable ? null : 'Saisissez une date au format JJ/MM/AAAA');
        else {
          const parsed = parseTypedDate(text);
          setTypedError(parsed.ok ? outOfBounds(parsed.iso, minDate, maxDate) : parsed.message);
        }
        onBlur?.(event);
      }}
      ariaLabels={FRENCH_ARIA_LABELS}
      nextLabel="Suivant"
      previousLabel="Précédent"
      clearButtonProps={{ 'aria-label': 'Effacer la date' }}
      error={typedError ?? error}
      {...rest}
    />
  );
}
