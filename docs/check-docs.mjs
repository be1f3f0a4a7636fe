#!/usr/bin/env node
// Checks the documentation: every decision record has its three sections, every relative link
// of the docs and the README points to a file that exists, and the README's first screen shows
// the two set-up commands.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const docs = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(docs);
const problems = [];

const decisionsDir = path.join(docs, 'decisions');
const records = readdirSync(decisionsDir).filter((f) => f.endsWith('.md') && f !== 'README.md');
for (const f of records) {
  if (!/^\d{4}-[a-z0-9-]+\.md$/.test(f)) problems.push(`decisions/${f} : nom attendu NNNN-titre.md`);
  const text = readFileSync(path.join(decisionsDir, f), 'utf8');
  for (const [en, fr] of [
    ['Context', 'Contexte'],
    ['Decision', 'Décision'],
    ['Consequences', 'Conséquences'],
  ]) {
    if (!new RegExp(`^##\\s+(${en}|${fr})`, 'mi').test(text)) problems.push(`decisions/${f} : section « ${fr} » manquante`);
  }
}

const markdown = [
  path.join(root, 'README.md'),
  ...readdirSync(docs)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(docs, f)),
];
for (const f of records) markdown.push(path.join(decisionsDir, f));
for (const file of markdown) {
  if (!existsSync(file)) {
    problems.push(`${path.relative(root, file)} manquant`);
    continue;
  }
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/.test(target)) continue;
    if (!existsSync(path.resolve(path.dirname(file), target))) problems.push(`${path.relative(root, file)} : lien cassé vers ${target}`);
  }
}

const readme = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').slice(0, 30).join('\n');
for (const cmd of ['npm install && npm start', 'npm install && npm test']) {
  if (!readme.includes(cmd)) problems.push(`README.md : la commande « ${cmd} » doit figurer dans le premier écran`);
}
for (const f of ['architecture.md', 'glossary.md']) if (!existsSync(path.join(docs, f))) problems.push(`docs/${f} manquant`);

if (problems.length) {
  console.error(`Documentation : ${problems.length} problème(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.info(`Documentation : ${records.length} décisions et ${markdown.length} fichiers vérifiés.`);
