/**
 * PGlite is single-process: two processes opening one data folder corrupt it. The process that
 * opens a PGlite folder (server or import command) writes its pid in `immoloupe.pid`; the other
 * one refuses to start while that process is alive, with a French message.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'immoloupe.pid';

export interface DataDirHolder {
  pid: number;
  role: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process (other than this one) that holds the folder, if any. */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  const [pidText, role] = readFileSync(file, 'utf8').trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  return { pid, role: role ?? 'inconnu' };
}

export function holderMessage(dataDir: string, holder: DataDirHolder): string {
  const base = `La base PGlite du dossier « ${dataDir} » est ouverte par`;
  const rule = 'PGlite ne peut être ouverte que par un processus à la fois';
  if (holder.role === 'serveur') {
    return (
      `${base} le serveur Immoloupe (processus ${holder.pid}). ${rule}\u00a0: arrêtez le serveur puis relancez l’import, ` +
      'ou importez depuis la page Administration du site (onglet Imports), qui importe dans le serveur lui-même.'
    );
  }
  return `${base} une commande d’import (processus ${holder.pid}). ${rule}\u00a0: attendez la fin de l’import, puis relancez.`;
}

/** Writes this process's lock; returns the function that releases it. */
export function claimDataDir(dataDir: string, role: 'serveur' | 'import'): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid} ${role}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').startsWith(`${process.pid} `)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
