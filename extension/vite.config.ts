/**
 * Builds the extension with Vite and @crxjs/vite-plugin (decision 1100): `--mode chrome` or
 * `--mode firefox`, each into its own folder of `dist/`, zipped afterwards by scripts/package.mjs.
 */
import { fileURLToPath } from 'node:url';
import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import { manifestFor } from './src/manifest';

export default defineConfig(({ mode }) => {
  const browser = mode === 'firefox' ? 'firefox' : 'chrome';
  return {
    resolve: {
      alias: [
        // The shared package is consumed from source, as the web build does.
        { find: /^@immoloupe\/shared\/(.*)$/, replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)) },
      ],
    },
    plugins: [crx({ manifest: manifestFor(browser), browser })],
    build: {
      outDir: `dist/${browser}`,
      emptyOutDir: true,
      // No source maps in the package: the stores want the code as it runs, and it stays small.
      sourcemap: false,
      target: browser === 'chrome' ? 'chrome120' : 'firefox128',
    },
    // No dev server: the extension is always loaded from a build.
    server: { hmr: false },
  };
});
