// Module resolution hook for child processes started by the importer tests (`child-register.mjs`):
// `@immoloupe/shared/<file>` resolves to the TypeScript source, which tsx then loads, so the child
// runs the same code as the test process without a prior build.
import { pathToFileURL } from 'node:url';

const sharedSrc = new URL('../../../shared/src/', import.meta.url);

export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@immoloupe/shared/')) {
    return next(pathToFileURL(new URL(`${specifier.slice('@immoloupe/shared/'.length)}.ts`, sharedSrc).pathname).href, context);
  }
  return next(specifier, context);
}
