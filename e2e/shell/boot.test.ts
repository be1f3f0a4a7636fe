/**
 * The production server as a user starts it: its build id, its configuration check, its shutdown.
 * One server for the file, started on an empty data folder (the first start: initdb, migrations),
 * stopped by the shutdown test and started again on the same folder.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type RunningServer, startServer } from '../support/server.js';

let first: RunningServer;
let second: RunningServer | undefined;
beforeAll(async () => {
  first = await startServer();
});
afterAll(async () => {
  // The second server first: the first one's stop removes the folder they share.
  await second?.stop();
  await first?.stop();
});

describe('production server', () => {
  it('serves the id of the build it runs at /api/version', async () => {
    const expected = readFileSync(path.join(REPO_ROOT, 'web', 'build', 'build-id.txt'), 'utf8').trim();
    const res = await fetch(`${first.url}/api/version?t=${Date.now()}`);
    expect(await res.json()).toEqual({ buildId: expected });
    expect((await fetch(`${first.url}/`)).status).toBe(200);
  });

  it('lists every invalid variable, then exits with status 1', async () => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server', 'dist', 'main.js')], {
      env: { ...process.env, PORT: 'quatre', DATABASE_URL: 'pas-une-url', GA_MEASUREMENT_ID: 'UA-123', LOG_LEVEL: 'bavard' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration invalide');
    for (const name of ['PORT', 'DATABASE_URL', 'GA_MEASUREMENT_ID', 'LOG_LEVEL']) expect(stderr).toContain(name);
  });

  it('stops cleanly on SIGTERM and starts again on the same data folder', async () => {
    await first.stop({ keepData: true });
    expect(first.output()).toContain('"msg":"shutting down"');
    second = await startServer({ dataDir: first.dataDir });
    expect((await fetch(`${second.url}/api/version`)).status).toBe(200);
    expect(second.output()).toContain('"migrationsApplied":[]');
  });
});
