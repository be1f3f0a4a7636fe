/**
 * Starts the real, built server (`server/dist/main.js`) as a child process on a fresh PGlite data
 * folder, a copy of a prepared one (prepared.ts) or the given one, and a free loopback port,
 * exactly as a user runs it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSetName } from './prepared.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_DATA = path.join(REPO_ROOT, '..', 'shared', 'data');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed (structured logs). */
  output: () => string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startServer(
  options: {
    env?: Record<string, string>;
    port?: number;
    /** A folder of the caller's, kept by `stop()`. */
    dataDir?: string;
    /** A copy of this prepared data set, for this server alone (journeys only: it needs the run's global set-up). */
    prepared?: DataSetName;
  } = {},
): Promise<RunningServer> {
  const main = path.join(REPO_ROOT, 'server', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('Serveur non construit : lancez « npm run build » avant les tests de bout en bout.');
  const port = options.port ?? (await freePort());
  let dataDir = options.dataDir ?? '';
  if (!dataDir && options.prepared) {
    // Loaded by the journeys only: the benchmarks and the screenshots script run outside Vitest.
    const { copyDataSet } = await import('./prepared.js');
    dataDir = await copyDataSet(options.prepared);
  }
  if (!dataDir) dataDir = mkdtempSync(path.join(tmpdir(), 'immoloupe-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      // Offline machines: our own basemap, not the Plan IGN style (a test opts in to another).
      MAP_STYLE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté (code ${child.exitCode}) :\n${output}`);
    try {
      const res = await fetch(`${url}/api/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Le serveur n’a pas démarré en 90 s :\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    output: () => output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
