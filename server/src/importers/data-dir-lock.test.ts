/** PGlite is single-process: the import command refuses, in French, a data folder the server holds. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { claimDataDir, dataDirHolder, holderMessage } from './data-dir-lock.js';

const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PGlite data folder lock', () => {
  it('names the live process that holds the folder, and ignores a dead one or itself', () => {
    // The parent of this test process is alive for sure.
    writeFileSync(path.join(dir, 'immoloupe.pid'), `${process.ppid} serveur\n`);
    const holder = dataDirHolder(dir);
    expect(holder).toEqual({ pid: process.ppid, role: 'serveur' });
    expect(holderMessage(dir, { pid: 42, role: 'serveur' })).toMatch(
      /est ouverte par le serveur Immoloupe \(processus 42\)\. PGlite ne peut être ouverte que par un processus à la fois\u00a0: arrêtez le serveur/,
    );
    writeFileSync(path.join(dir, 'immoloupe.pid'), '999999999 serveur\n');
    expect(dataDirHolder(dir)).toBeNull();
    const release = claimDataDir(dir, 'import');
    expect(dataDirHolder(dir)).toBeNull();
    release();
  });

  it('makes the import command refuse a folder the server holds, changing nothing', () => {
    writeFileSync(path.join(dir, 'immoloupe.pid'), `${process.ppid} serveur\n`);
    const cli = fileURLToPath(new URL('../cli/data-import.ts', import.meta.url));
    const register = fileURLToPath(new URL('./child-register.mjs', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', register, cli, 'fichier.csv'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`est ouverte par le serveur Immoloupe (processus ${process.ppid})`);
  });
});
