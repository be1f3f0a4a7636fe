/** The production server as a user starts it: its build id, its configuration check, its shutdown. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer } from '../support/server.js';

describe('production server', () => {
  it('serves the id of the build it runs at /api/version', async () => {
    const server = await startServer();
    try {
      const expected = readFileSync(path.join(REPO_ROOT, 'web', 'build', 'build-id.txt'), 'utf8').trim();
      const res = await fetch(`${server.url}/api/version?t=${Date.now()}`);
      expect(await res.json()).toEqual({ buildId: expected });
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
    }
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
    const first = await startServer();
    await first.stop({ keepData: true });
    expect(first.output()).toContain('"msg":"shutting down"');
    const second = await startServer({ dataDir: first.dataDir });
    try {
      expect((await fetch(`${second.url}/api/version`)).status).toBe(200);
      expect(second.output()).toContain('"migrationsApplied":[]');
    } finally {
      await second.stop();
    }
  });
});
