// @vitest-environment node
/**
 * The dependency rule of .dependency-cruiser.cjs refuses what it is meant to refuse: a small tree
 * laid out like server/src, cruised with the project's own rules. The check in `npm run check`
 * runs the same rules on the real tree, with what broke them when they were set listed as known.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './source-graph.js';

const config = createRequire(import.meta.url)(path.join(REPO_ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
const root = mkdtempSync(path.join(tmpdir(), 'immoloupe-deps-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path under the tree → source) into a fresh tree and returns the rules they break. */
async function violations(name: string, files: Record<string, string>): Promise<string[]> {
  const base = path.join(root, name);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), source);
  }
  const { output } = await cruise(['server/src'], {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    baseDir: base,
  });
  const summary = (output as ICruiseResult).summary;
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the server dependency rule', () => {
  it('lets a feature use another through its index.ts', async () => {
    expect(
      await violations('index', {
        'server/src/features/alpha/query.ts': "import { beta } from '../beta/index.js';\nexport const alpha = beta;\n",
        'server/src/features/beta/index.ts': "export { beta } from './inner.js';\n",
        'server/src/features/beta/inner.ts': 'export const beta = 1;\n',
      }),
    ).toEqual([]);
  });

  it('refuses a deep import into another feature', async () => {
    expect(
      await violations('deep', {
        'server/src/features/alpha/query.ts': "import { beta } from '../beta/inner.js';\nexport const alpha = beta;\n",
        'server/src/features/beta/inner.ts': 'export const beta = 1;\n',
      }),
    ).toEqual(['feature-through-index: server/src/features/alpha/query.ts → server/src/features/beta/inner.ts']);
  });

  it('refuses a cycle, a router imported by query code, and the import pipeline calling a feature', async () => {
    expect(
      await violations('others', {
        'server/src/db/one.ts': "import { two } from './two.js';\nexport const one = () => two;\n",
        'server/src/db/two.ts': "import { one } from './one.js';\nexport const two = () => one;\n",
        'server/src/features/alpha/query.ts': "import { router } from './routes.js';\nexport const q = router;\n",
        'server/src/features/alpha/routes.ts': 'export const router = 1;\n',
        'server/src/importers/thing.ts': "import { beta } from '../features/beta/index.js';\nexport const t = beta;\n",
        'server/src/features/beta/index.ts': 'export const beta = 1;\n',
      }),
    ).toEqual([
      'importers-not-features: server/src/importers/thing.ts → server/src/features/beta/index.ts',
      'no-cycle: server/src/db/one.ts → server/src/db/two.ts',
      'no-router-import: server/src/features/alpha/query.ts → server/src/features/alpha/routes.ts',
    ]);
  });

  it("lets a feature's feature.ts assemble its own routers, never another feature's", async () => {
    expect(
      await violations('wiring', {
        'server/src/features/alpha/feature.ts':
          "import { router } from './routes.js';\nimport { other } from '../beta/routes.js';\nexport const f = [router, other];\n",
        'server/src/features/alpha/routes.ts': 'export const router = 1;\n',
        'server/src/features/beta/routes.ts': 'export const other = 1;\n',
      }),
    ).toEqual([
      'feature-through-index: server/src/features/alpha/feature.ts → server/src/features/beta/routes.ts',
      'feature-wiring-own-routers: server/src/features/alpha/feature.ts → server/src/features/beta/routes.ts',
    ]);
  });

  it('leaves tests free to reach across features', async () => {
    expect(
      await violations('tests', {
        'server/src/features/alpha/alpha.test.ts': "import { beta } from '../beta/inner.js';\nexport const a = beta;\n",
        'server/src/features/beta/inner.ts': 'export const beta = 1;\n',
      }),
    ).toEqual([]);
  });
});

/** The features that depend on each other's folder, in loops: `a → b` for each edge inside one. */
async function featureLoopsIn(base: string): Promise<string[]> {
  const { output } = await cruise(['server/src'], {
    ...config.options,
    exclude: { path: ['node_modules', '\\.d\\.ts$', '\\.test\\.ts$', '/testing/', '^server/src/test/', '/test-[^/]+\\.ts$'] },
    baseDir: base,
  });
  const featureOf = (p: string) => /^server\/src\/features\/([^/]+)\//.exec(p)?.[1];
  const edges = new Map<string, Set<string>>();
  for (const m of (output as ICruiseResult).modules) {
    const from = featureOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = featureOf(d.resolved);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const reaches = (from: string, target: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const f = stack.pop() as string;
      if (f === target) return true;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(edges.get(f) ?? []));
    }
    return false;
  };
  return [...edges].flatMap(([a, tos]) => [...tos].filter((b) => reaches(b, a)).map((b) => `${a} → ${b}`)).sort();
}

describe('the server features', () => {
  it('are seen in a loop when one reaches back to itself through others', async () => {
    const base = path.join(root, 'loop');
    const files: Record<string, string> = {
      'server/src/features/a/index.ts': "import { b } from '../b/index.js';\nexport const a = () => b;\n",
      'server/src/features/b/index.ts': "import { c } from '../c/index.js';\nexport const b = () => c;\n",
      'server/src/features/c/index.ts': "import { a } from '../a/index.js';\nexport const c = () => a;\n",
      'server/src/features/d/index.ts': "import { a } from '../a/index.js';\nexport const d = () => a;\n",
    };
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      writeFileSync(path.join(base, file), source);
    }
    expect(await featureLoopsIn(base)).toEqual(['a → b', 'b → c', 'c → a']);
  });

  it('form slices: no mutual pair, no loop between their folders (decision 1510)', async () => {
    expect(await featureLoopsIn(REPO_ROOT)).toEqual([]);
  });
});
