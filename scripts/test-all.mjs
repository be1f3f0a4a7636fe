#!/usr/bin/env node
// The whole test suite, as the README's test command runs it: static checks, build, unit and
// in-process HTTP tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser
// journeys in Debian's Chromium against the built server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each Vitest run also writes a JSON report, summed at the end into one plain closing line.
const reports = mkdtempSync(path.join(tmpdir(), 'immoloupe-tests-'));
const json = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`];

const steps = [
  ['Vérifications statiques (lint, types, docs)', 'npm', ['run', 'check']],
  ['Construction', 'npm', ['run', 'build']],
  ['Tests unitaires et HTTP', 'npx', ['vitest', 'run', ...json('unit')]],
  ['Tests de bout en bout (Chromium)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...json('e2e')]],
];

function totals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ['unit', 'e2e']) {
    const file = path.join(reports, `${name}.json`);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  return { passed, failed, skipped };
}

const seconds = (s) => `${s.toFixed(1).replace('.', ',')}\u00a0s`;

/**
 * The time of each step, and the ten test files that took longest (their tests and hooks, from the
 * JSON reports; a server file that runs on both engines counts both runs), so that a slower gate
 * shows the day it slows down.
 */
function printTimes() {
  console.info('\nDurée de chaque étape');
  for (const { label, seconds: s, ok } of timings) console.info(`  ${seconds(s).padStart(9)}  ${label}${ok ? '' : ' (échec)'}`);
  const files = new Map();
  for (const name of ['unit', 'e2e']) {
    const file = path.join(reports, `${name}.json`);
    if (!existsSync(file)) continue;
    for (const r of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      const key = path.relative(process.cwd(), r.name);
      const f = files.get(key) ?? { ms: 0, runs: 0 };
      f.ms += Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0));
      f.runs += 1;
      files.set(key, f);
    }
  }
  if (files.size === 0) return;
  console.info('\nLes dix fichiers de test les plus lents');
  for (const [name, f] of [...files].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10)) {
    console.info(`  ${seconds(f.ms / 1000).padStart(9)}  ${name}${f.runs > 1 ? ` (${f.runs} passages)` : ''}`);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// On a fresh Debian machine run as root, install the browser the journeys need.
if (!existsSync(chromium) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.info('Chromium absent\u00a0: installation par apt-get (paquet Debian « chromium »)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
if (!existsSync(chromium)) {
  console.error(
    `Chromium est introuvable (${chromium}). Installez-le\u00a0: apt-get install -y chromium (Debian), ou indiquez CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.info('TEST_DATABASE_URL non défini\u00a0: les tests serveur tournent sur PGlite seulement.');
}

const started = Date.now();
const timings = [];
for (const [label, cmd, args] of steps) {
  console.info(`\n=== ${label} ===`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = (Date.now() - t) / 1000;
  timings.push({ label, seconds, ok: r.status === 0 });
  console.info(`=== ${label}\u00a0: ${r.status === 0 ? 'OK' : 'ÉCHEC'} en ${Math.round(seconds)} s ===`);
  if (r.status !== 0) {
    printTimes();
    const t = totals();
    console.info(`\nTests: ${t.passed} passed, ${Math.max(t.failed, 1)} failed, ${t.skipped} skipped`);
    process.exit(r.status ?? 1);
  }
}
printTimes();
const t = totals();
if (t.passed === 0) {
  console.error('Aucun test exécuté\u00a0: échec.');
  process.exit(1);
}
console.info(`\nTous les tests sont passés en ${Math.round((Date.now() - started) / 1000)} s.`);
console.info(`Tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
