/**
 * Component tests share this: Testing Library waits up to 1 s by default for `findBy…` and
 * `waitFor`, which a whole tool rendered on a loaded two-core CI machine can exceed (seen: 7,5 s
 * for a test that takes 3,6 s alone). A real failure still fails, 10 s later.
 * Files without a DOM (`// @vitest-environment node`) render nothing: they skip Testing Library.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
