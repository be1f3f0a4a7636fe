/**
 * Once per run, before any journey: the base data folder, then every data set a journey file of
 * the run names (`prepared: '<name>'`), two imports at a time (prepared.ts). Removed at the end.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBase, DATA_SET_NAMES, type DataSetName, ensureDataSet, importSlots } from './prepared.js';
import { REPO_ROOT } from './server.js';

/** The data sets the given journey files start their servers on (or copy). */
function dataSetsOf(files: readonly string[]): DataSetName[] {
  const named = new Set<DataSetName>();
  for (const file of files) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/(?:prepared: |copyDataSet\()'([a-z0-9-]+)'/g)) {
      if (!DATA_SET_NAMES.includes(name as DataSetName)) throw new Error(`${file}\u00a0: jeu de données inconnu « ${name} ».`);
      named.add(name as DataSetName);
    }
  }
  return [...named];
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(path.join(REPO_ROOT, 'server', 'dist', 'main.js'))) {
    throw new Error('Serveur non construit\u00a0: lancez « npm run build » avant les tests de bout en bout.');
  }
  const started = Date.now();
  const root = mkdtempSync(path.join(tmpdir(), 'immoloupe-e2e-prepared-'));
  const teardown = () => rmSync(root, { recursive: true, force: true });
  try {
    await buildBase(root);
    // The files of this run only (a one-file run builds its own data set, not all of them). The
    // filters are not part of Vitest's public API: without them, every file is read.
    const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
    const { testFiles } = await project.globTestFiles(filters);
    const names = dataSetsOf(testFiles);
    const slot = importSlots(2);
    await Promise.all(names.map((name) => ensureDataSet(root, name, slot)));
    console.info(`Dossiers de données préparés (${names.length + 1}) en ${Math.round((Date.now() - started) / 1000)}\u00a0s`);
  } catch (err) {
    teardown();
    throw err;
  }
  project.provide('preparedDataRoot', root);
  return teardown;
}
