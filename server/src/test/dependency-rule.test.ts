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
