// The documentation check refuses what it should, on a small repository written for each test.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { checkDocs, expandBraces, looksLikeRepoPath } from './check-docs.mjs';

const RECORD = '# 0001 — Essai\n\n## Contexte\nPourquoi.\n\n## Décision\nQuoi.\n\n## Conséquences\nEnsuite.\n';

let root;
function write(relative, text) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('check-docs', () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
    write('README.md', '# Essai\n\n    npm install && npm start\n    npm install && npm test\n');
    write('docs/glossary.md', '# Glossaire\n');
    write('docs/decisions/0001-essai.md', RECORD);
    write('server/src/features/market/sql.ts', 'export {};\n');
    write('web/app/routes/pro.transactions.tsx', 'export {};\n');
    write('web/app/routes/pro.mazone.tsx', 'export {};\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('accepts docs whose backticked paths all exist, written in full or short', () => {
    write(
      'docs/architecture.md',
      '`server/src/features/market/sql.ts`, `market/sql.ts`, `routes/pro.{transactions,mazone}.tsx`, `/api/market`, `application/json`\n',
    );
    assert.deepEqual(checkDocs(root).problems, []);
  });

  it('refuses a doc citing a repository path that does not exist', () => {
    write('docs/architecture.md', 'Le SQL est dans `server/src/features/market/queries.ts`.\n');
    assert.deepEqual(checkDocs(root).problems, ['docs/architecture.md : chemin inexistant `server/src/features/market/queries.ts`']);
  });

  it('refuses a missing file hidden in a brace group, and a short path that exists nowhere', () => {
    write('docs/architecture.md', '`routes/pro.{transactions,coming}.tsx` et `tiles/openapi.ts`\n');
    assert.deepEqual(checkDocs(root).problems, [
      'docs/architecture.md : chemin inexistant `routes/pro.coming.tsx`',
      'docs/architecture.md : chemin inexistant `tiles/openapi.ts`',
    ]);
  });

  it('ignores paths inside fenced code blocks and built folders', () => {
    write('docs/architecture.md', '```\nserver/src/absent.ts\n```\n`server/dist/main.js`\n');
    assert.deepEqual(checkDocs(root).problems, []);
  });

  it('refuses a decision record over 200 lines, and takes one at 200', () => {
    write('docs/architecture.md', '# Architecture\n');
    write('docs/decisions/0002-long.md', RECORD + 'Mesure.\n'.repeat(200 - RECORD.split('\n').length + 1));
    assert.deepEqual(checkDocs(root).problems, []);
    write('docs/decisions/0002-long.md', RECORD + 'Mesure.\n'.repeat(200 - RECORD.split('\n').length + 2));
    assert.deepEqual(checkDocs(root).problems, [
      'decisions/0002-long.md : 201 lignes, plus de 200 (une décision par fiche ; l’historique reste dans git)',
    ]);
  });

  it('tells a path from a URL, a MIME type or a glob', () => {
    assert.equal(looksLikeRepoPath('server/src/app.ts'), true);
    assert.equal(looksLikeRepoPath('features/map/locale.ts'), true);
    assert.equal(looksLikeRepoPath('docs/'), true);
    assert.equal(looksLikeRepoPath('/api/tiles/base/{z}/{x}/{y}.pbf'), false);
    assert.equal(looksLikeRepoPath('text/plain'), false);
    assert.equal(looksLikeRepoPath('routes/abo.*'), false);
    assert.deepEqual(expandBraces('a/{b,c}.ts'), ['a/b.ts', 'a/c.ts']);
  });
});
