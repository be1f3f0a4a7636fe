#!/usr/bin/env node
// Checks the documentation: every decision record has its three sections and stays short, every
// relative link and every backticked repository path of the docs and the README points to a file
// that exists, and the README's first screen shows the two set-up commands.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A record is one decision: past this, it has become a notebook, its history belongs to git. */
export const MAX_RECORD_LINES = 200;

/** Top-level folders of the repository: a backticked token starting with one is a path. */
const TOP_FOLDERS = ['shared', 'server', 'web', 'extension', 'e2e', 'bench', 'docs', 'scripts', '.ci'];

/**
 * Where a short path is looked for: the docs write `features/tiles/` or `routes/pro.tsx` for
 * `server/src/features/tiles/` or `web/app/routes/pro.tsx`, as the code's own imports read.
 */
const BASES = [
  '',
  'server/src',
  'server',
  'web/app',
  'web',
  'shared/src',
  'shared',
  'extension/src',
  'extension',
  'e2e',
  'bench',
  'docs',
  'server/src/features',
  'web/app/features',
];

/** Built or local folders: cited by the docs, absent from a fresh clone. */
const GENERATED = new Set(['node_modules', 'dist', 'build', 'data', '.react-router', 'test-results', 'coverage', 'artifacts', 'results']);

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (the feature tables group sibling files this way). */
export function expandBraces(token) {
  const m = /\{([^{}]*)\}/.exec(token);
  if (!m) return [token];
  return m[1].split(',').flatMap((alt) => expandBraces(token.slice(0, m.index) + alt + token.slice(m.index + m[0].length)));
}

/** Whether a backticked token is meant as a repository path (and not a URL, a type or a glob). */
export function looksLikeRepoPath(token) {
  if (!token.includes('/') || /[\s*<>…$|:=?#@\\[\]()'"]/.test(token)) return false;
  if (token.startsWith('/') || token.startsWith('../')) return false;
  const first = token.replace(/^\.\//, '').split('/')[0];
  if (TOP_FOLDERS.includes(first)) return true;
  const last = token.replace(/\/$/, '').split('/').pop() ?? '';
  return /^[\w.-]*\.[a-z][a-z0-9]{0,4}$/i.test(last) && !/^\d/.test(last);
}

/** Backticked tokens outside fenced code blocks. */
function backticked(text) {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
}

function pathExists(root, docDir, token) {
  const clean = token.replace(/^\.\//, '').replace(/\/$/, '');
  if (clean.split('/').some((segment) => GENERATED.has(segment))) return true;
  if (existsSync(path.resolve(docDir, clean))) return true;
  return BASES.some((base) => existsSync(path.join(root, base, clean)));
}

/** Every problem of the documentation under `root` (a repository checkout), in French. */
export function checkDocs(root) {
  const docs = path.join(root, 'docs');
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
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_RECORD_LINES) {
      problems.push(`decisions/${f} : ${lines} lignes, plus de ${MAX_RECORD_LINES} (une décision par fiche ; l’historique reste dans git)`);
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
    const where = path.relative(root, file);
    for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/.test(target)) continue;
      if (!existsSync(path.resolve(path.dirname(file), target))) problems.push(`${where} : lien cassé vers ${target}`);
    }
    const missing = new Set();
    for (const token of backticked(text)) {
      for (const candidate of expandBraces(token)) {
        if (looksLikeRepoPath(candidate) && !pathExists(root, path.dirname(file), candidate)) missing.add(candidate);
      }
    }
    for (const candidate of missing) problems.push(`${where} : chemin inexistant \`${candidate}\``);
  }

  const readmePath = path.join(root, 'README.md');
  const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8').split('\n').slice(0, 30).join('\n') : '';
  for (const cmd of ['npm install && npm start', 'npm install && npm test']) {
    if (!readme.includes(cmd)) problems.push(`README.md : la commande « ${cmd} » doit figurer dans le premier écran`);
  }
  for (const f of ['architecture.md', 'glossary.md']) if (!existsSync(path.join(docs, f))) problems.push(`docs/${f} manquant`);
  return { problems, records: records.length, files: markdown.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const { problems, records, files } = checkDocs(root);
  if (problems.length) {
    console.error(`Documentation : ${problems.length} problème(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.info(`Documentation : ${records} décisions et ${files} fichiers vérifiés.`);
}
