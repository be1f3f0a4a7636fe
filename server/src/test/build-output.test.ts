// @vitest-environment node
/**
 * The production build holds no test double: every file the build compiles (server/tsconfig.build.json)
 * is one the server's entry points can load, so fakes, captures and test support stay out of
 * server/dist. Read from the configuration rather than from server/dist, which the unit step may
 * run before; a built server/dist is checked too when it is there.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importGraph, REPO_ROOT } from './source-graph.js';

const SERVER = path.join(REPO_ROOT, 'server');
const SRC = path.join(SERVER, 'src');
const DIST = path.join(SERVER, 'dist');

function buildInputs(): string[] {
  const configPath = path.join(SERVER, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, SERVER);
  // Declaration files (a package's missing types) emit nothing.
  return parsed.fileNames.map((f) => path.resolve(f)).filter((f) => f.startsWith(SRC + path.sep) && !f.endsWith('.d.ts'));
}

/** Loaded by URL, not imported: the listing parser's worker thread (parse-thread.ts). */
const WORKER_ENTRIES = ['features/listings/parse-worker.ts'];

/** main.ts, the command-line tools and the worker threads are what a deployment runs. */
function productionEntries(): string[] {
  const cli = readdirSync(path.join(SRC, 'cli'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(SRC, 'cli', f));
  return [path.join(SRC, 'main.ts'), ...cli, ...WORKER_ENTRIES.map((f) => path.join(SRC, f))];
}

const rel = (f: string) => path.relative(SERVER, f).split(path.sep).join('/');

describe('production build', () => {
  const inputs = buildInputs();
  const reachable = new Set(importGraph(productionEntries()).filter((f) => f.startsWith(SRC + path.sep)));

  it('compiles only what the entry points load', () => {
    expect(inputs.length).toBeGreaterThan(100);
    expect(inputs.filter((f) => !reachable.has(f)).map(rel)).toEqual([]);
  });

  it('leaves the test doubles out, and no production module imports one', () => {
    const isDouble = (f: string) => /[/\\](testing|test)[/\\]|[/\\]test-[^/\\]+$|fake-|\.test\.ts$/.test(rel(f));
    expect(inputs.filter(isDouble).map(rel)).toEqual([]);
    // tsc compiles what an included file imports even when the configuration excludes it.
    expect([...reachable].filter(isDouble).map(rel)).toEqual([]);
  });

  it.runIf(existsSync(DIST))('has no test double in a built server/dist', () => {
    const files = (readdirSync(DIST, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'));
    expect(files.filter((f) => /(^|\/)(testing|test)\/|(^|\/)test-[^/]+$|fake-|\.test\.js/.test(f))).toEqual([]);
  });
});
