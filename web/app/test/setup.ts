/**
 * Component tests share this: Testing Library waits up to 1 s by default for `findBy…` and
 * `waitFor`, which a whole tool rendered on a loaded two-core CI machine can exceed (seen: 7,5 s
 * for a test that takes 3,6 s alone). A real failure still fails, 10 s later.
 * Files without a DOM (`// @vitest-environment node`) render nothing: they skip Testing Library.
 */
import type * as TestingLibrary from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { QueryProvider } from './providers';

// Every render and renderHook gets a query client of its own (decision 1490), unless the test gives its wrapper.
vi.mock('@testing-library/react', async (importOriginal) => {
  const original = await importOriginal<typeof TestingLibrary>();
  const render = (ui: ReactNode, options?: TestingLibrary.RenderOptions) => original.render(ui, { wrapper: QueryProvider, ...options });
  const renderHook = <Result, Props>(callback: (props: Props) => Result, options?: TestingLibrary.RenderHookOptions<Props>) =>
    original.renderHook(callback, { wrapper: QueryProvider, ...options });
  return { ...original, render, renderHook };
});

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
