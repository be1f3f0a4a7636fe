import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built server, generous time-outs for the 2-core machines. The
// global set-up builds the prepared data folders once per run; each file then starts its server
// on its own copy and shares one Chromium between its tests (support/setup.ts). One file at a
// time: each keeps a server and a Chromium busy. The root is this folder whichever directory the
// run starts from.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
