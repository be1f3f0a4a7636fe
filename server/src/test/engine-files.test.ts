/**
 * The rule that keeps database-free files to one run (engine-files.ts): every file that can meet
 * PostgreSQL is in the second run, and the rule follows imports of every kind.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineTestFiles, SERVER_ROOT, serverTestFiles } from './engine-files.js';

const all = serverTestFiles();
const engine = new Set(engineTestFiles(all));
const once = all.filter((f) => !engine.has(f));

describe('server test files run on both engines', () => {
  it('are those that reach the test database, directly, through the app or the two-subscriber set-up', () => {
    expect(engine).toContain('src/db/db.test.ts');
    expect(engine).toContain('src/features/listings/localisation.test.ts');
    expect(engine).toContain('src/features/dpe/dpe.test.ts');
    expect(engine).toContain('src/features/extension/extension.test.ts');
    expect(engine).toContain('src/features/saved-addresses/address-migration.test.ts');
    expect(once).toContain('src/importers/csv.test.ts');
    expect(once.length).toBeGreaterThan(0);
  });

  it('leave out no file that opens PostgreSQL or reads the engine by itself', () => {
    const meetsPostgres = /\bopenPostgres\b|\bTEST_(DB_ENGINE|DATABASE_URL)\b|\bpg\.(Client|Pool)\b|\bpg(lite)?Templates\b/;
    expect(once.filter((f) => meetsPostgres.test(readFileSync(path.join(SERVER_ROOT, f), 'utf8')))).toEqual([]);
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-engine-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const helper = (name: string) =>
    path
      .relative(dir, path.join(SERVER_ROOT, 'src', 'test', name))
      .split(path.sep)
      .join('/');

  it('follow dynamic imports, re-exports and local modules, and leave a file that imports none of them', () => {
    const files = {
      'dynamic.test.ts': `it('x', async () => { await import('${helper('db.js')}'); });`,
      'reexport.ts': `export * from '${helper('app.js')}';`,
      'through-local.test.ts': `import { startTestApp } from './reexport.js';`,
      'pure.test.ts': `import { it } from 'vitest';\nimport { hashFiles } from '${helper('source-graph.js')}';`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const tests = ['dynamic.test.ts', 'through-local.test.ts', 'pure.test.ts'].map((f) => path.join(dir, f));
    expect(engineTestFiles(tests).map((f) => path.basename(f))).toEqual(['dynamic.test.ts', 'through-local.test.ts']);
  });
});
