/**
 * Bounded database work per request (decision 0308): on PostgreSQL a statement past its time
 * limit, or whose client went away, is cancelled on the server (its backend no longer runs it in
 * pg_stat_activity); on PGlite no statement starts once the request is late or abandoned; work
 * outside a request is not bounded.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/errors.js';
import { createLogger } from '../logger.js';
import { createTestDb, TEST_ENGINE } from '../test/db.js';
import type { Db } from './client.js';
import { ClientGone, QUERY_TIMEOUT_MESSAGE, QueryTimeout, requestScope, withScope } from './request-scope.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

let n = 0;
/** A statement that sleeps, marked so that pg_stat_activity finds it. */
const sleeper = (seconds: number) => {
  const mark = `portee_${process.pid}_${++n}`;
  return { mark, sql: `SELECT pg_sleep(${seconds}) AS ${mark}` };
};
/** The backends still running the marked statement. */
const running = async (mark: string) =>
  (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1`, [
      `%AS ${mark}%`,
    ])
  )[0]?.n ?? 0;

describe.runIf(TEST_ENGINE === 'postgres')('statement time limit and cancellation on PostgreSQL', () => {
  it('cancels a statement past the request’s time limit, and says so in French', async () => {
    const { mark, sql } = sleeper(20);
    const started = Date.now();
    const err = await withScope({ signal: new AbortController().signal, timeoutMs: 300 }, () => db.query(sql)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryTimeout);
    expect((err as Error).message).toBe(QUERY_TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await running(mark)).toBe(0);
  });

  it('cancels the statement of a client that went away, on the server', async () => {
    const { mark, sql } = sleeper(20);
    const controller = new AbortController();
    const query = withScope({ signal: controller.signal, timeoutMs: 60_000 }, () => db.query(sql)).catch((e: unknown) => e);
    await expect.poll(() => running(mark), { timeout: 5_000 }).toBe(1);
    controller.abort();
    expect(await query).toBeInstanceOf(ClientGone);
    expect(await running(mark)).toBe(0);
  });

  it('cancels a request’s statement when its HTTP client disconnects, and answers 503 in French past the limit', async () => {
    const app = express();
    app.use((req, res, next) => requestScope(req.path === '/court' ? 300 : 60_000)(req, res, next));
    const slow = sleeper(20);
    app.get('/lent', async (_req, res) => {
      res.json(await db.query(slow.sql));
    });
    const late = sleeper(20);
    app.get('/court', async (_req, res) => {
      res.json(await db.query(late.sql));
    });
    app.use(errorHandler(createLogger('silent')));
    const server = await new Promise<import('node:http').Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const controller = new AbortController();
      const request = fetch(`${url}/lent`, { signal: controller.signal }).catch(() => 'abandonnée');
      await expect.poll(() => running(slow.mark), { timeout: 5_000 }).toBe(1);
      controller.abort();
      expect(await request).toBe('abandonnée');
      await expect.poll(() => running(slow.mark), { timeout: 5_000 }).toBe(0);

      const res = await fetch(`${url}/court`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: QUERY_TIMEOUT_MESSAGE });
      expect(await running(late.mark)).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('leaves work outside a request unbounded', async () => {
    const inside = withScope({ signal: new AbortController().signal, timeoutMs: 100 }, () => db.query('SELECT pg_sleep(0.5)'));
    await expect(inside).rejects.toBeInstanceOf(QueryTimeout);
    await expect(db.query('SELECT pg_sleep(0.5)')).resolves.toHaveLength(1);
    // A transaction of a request is bounded too, and rolled back.
    await db.exec('CREATE TABLE IF NOT EXISTS portee_essai (n int)');
    const tx = withScope({ signal: new AbortController().signal, timeoutMs: 200 }, () =>
      db.transaction(async (t) => {
        await t.query('INSERT INTO portee_essai VALUES (1)');
        await t.query('SELECT pg_sleep(5)');
      }),
    );
    await expect(tx).rejects.toBeInstanceOf(QueryTimeout);
    expect(await db.query('SELECT * FROM portee_essai')).toEqual([]);
  });
});

describe.runIf(TEST_ENGINE === 'pglite')('request guard on PGlite', () => {
  it('starts no statement once the request is late, or its client gone', async () => {
    const controller = new AbortController();
    await withScope({ signal: controller.signal, timeoutMs: 150 }, async () => {
      expect(await db.query('SELECT 1 AS un')).toEqual([{ un: 1 }]);
      await new Promise((r) => setTimeout(r, 200));
      await expect(db.query('SELECT 2')).rejects.toBeInstanceOf(QueryTimeout);
    });
    controller.abort();
    await expect(withScope({ signal: controller.signal, timeoutMs: 60_000 }, () => db.query('SELECT 3'))).rejects.toBeInstanceOf(
      ClientGone,
    );
    // Outside a request: no guard.
    expect(await db.query('SELECT 4 AS quatre')).toEqual([{ quatre: 4 }]);
  });
});
