import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built server: one file at a time (each starts a server and a
// Chromium), generous time-outs for the 2-core machines. The root is this folder whichever
// directory the run starts from.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
