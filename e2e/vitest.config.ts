import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built server, generous time-outs for the 2-core machines. The
// global set-up builds the prepared data folders once per run; each file then starts its server
// on its own copy and shares one Chromium between its tests (support/setup.ts). A file keeps a
// server and a Chromium busy, about two cores: one file at a time on the project's 2-core machines,
// one per two cores on a larger runner (decision 1540); TEST_E2E_WORKERS overrides it. The root is
// this folder whichever directory the run starts from.
const workers = Number(process.env.TEST_E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
