#!/usr/bin/env node
// Zips each built browser folder of dist/ into the package the server offers for download
// (dist/immoloupe-extension-<browser>.zip), manifest.json at the root of the archive as the
// stores and « Charger l'extension non empaquetée » expect.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

function filesOf(dir, prefix = '') {
  const out = {};
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    // crxjs's build metadata is not part of the extension.
    if (prefix === '' && name === '.vite') continue;
    if (statSync(full).isDirectory()) Object.assign(out, filesOf(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(full);
  }
  return out;
}

for (const browser of ['chrome', 'firefox']) {
  const dir = path.join(dist, browser);
  const files = filesOf(dir);
  if (!files['manifest.json']) throw new Error(`${browser}: manifest.json absent du build`);
  // A fixed date keeps the archive identical from one build of the same code to the next.
  const zip = zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  const out = path.join(dist, `immoloupe-extension-${browser}.zip`);
  writeFileSync(out, zip);
  console.info(`${path.relative(process.cwd(), out)} : ${Object.keys(files).length} fichiers, ${Math.round(zip.length / 1024)} Kio`);
}
