/**
 * Unit and in-process HTTP tests. The server suite runs on PGlite always, and its files that
 * the database engine can reach (server/src/test/engine-files.ts) a second time on a PostgreSQL
 * server when TEST_DATABASE_URL is set (CI sets it). Web and extension files that need no DOM
 * say so (`// @vitest-environment node`) and skip jsdom.
 */
import { availableParallelism, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { engineTestFiles } from './server/src/test/engine-files.js';

const alias = [
  { find: /^@immoloupe\/shared\/(.*)$/, replacement: fileURLToPath(new URL('./shared/src/$1.ts', import.meta.url)) },
  { find: /^~\/(.*)$/, replacement: fileURLToPath(new URL('./web/app/$1', import.meta.url)) },
];

const serverProject = (name: string, engine: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    root: fileURLToPath(new URL('./server', import.meta.url)),
    include: engine === 'postgres' ? engineTestFiles() : ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: [fileURLToPath(new URL(`./server/src/test/global-setup.${engine}.ts`, import.meta.url))],
    // zod in French, as in the app, for tests that parse without building the app.
    setupFiles: [fileURLToPath(new URL('./server/src/test/setup.ts', import.meta.url))],
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

// One file per core, at least two (a file often waits on a child process or on the PostgreSQL
// server), and about 3 GB of memory each, PGlite instances being memory-hungry: 2 on the project's
// 2-core machines, more on a larger runner (decision 1540). TEST_WORKERS overrides it.
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, Math.min(availableParallelism(), Math.floor(totalmem() / 3 / 1024 ** 3)));

export default defineConfig({
  test: {
    maxWorkers: workers,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache), keyed by their
    // content and the config: a run after a small change transforms only what changed.
    experimental: { fsModuleCache: true },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          root: fileURLToPath(new URL('./shared', import.meta.url)),
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          root: fileURLToPath(new URL('./web', import.meta.url)),
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['app/test/setup.ts'],
          // Above the 10 s Testing Library waits (app/test/setup.ts): a slow wait fails as itself, not as a time-out.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'extension',
          root: fileURLToPath(new URL('./extension', import.meta.url)),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
