// The React components stay under 300 lines (STYLE: data hooks, state and view in separate files):
// a component that grows past it is split before it lands, not after it has doubled.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINES = 300;
const FOLDERS = ['web/app', 'extension/src'];

function* components(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* components(full);
    else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) yield full;
  }
}

const tooLong = [];
let count = 0;
for (const folder of FOLDERS) {
  for (const file of components(path.join(ROOT, folder))) {
    count++;
    const lines = readFileSync(file, 'utf8').split('\n').length;
    if (lines > MAX_LINES) tooLong.push(`${path.relative(ROOT, file)}\u00a0: ${lines} lignes`);
  }
}
if (tooLong.length > 0) {
  console.error(`Composants de plus de ${MAX_LINES} lignes (séparez l’état, les données et la vue)\u00a0:\n  ${tooLong.join('\n  ')}`);
  process.exit(1);
}
console.log(`Composants\u00a0: ${count} fichiers de ${MAX_LINES} lignes au plus.`);
