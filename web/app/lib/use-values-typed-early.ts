/**
 * Keeps what was typed, or filled by a password manager, into a server-rendered form before the
 * page became interactive: React's state starts empty at hydration while the fields show the text,
 * so a submit button enabled by that state would stay greyed out over filled fields.
 */
import { type RefObject, useEffect } from 'react';

export function useValuesTypedEarly(form: RefObject<HTMLFormElement | null>, fields: Record<string, (value: string) => void>): void {
  // Once, on mount: afterwards the fields' own change handlers keep the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once after hydration, by design
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    for (const [name, set] of Object.entries(fields)) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.value !== '') set(input.value);
    }
  }, []);
}
