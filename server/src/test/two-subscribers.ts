/**
 * The set-up of the HTTP tests that check two subscribers never see each other's data: a fresh
 * test database, the users' rows, sample files, and the same routes served to each subscriber.
 * Apart from features/market/test-support.ts, which the build compiles and the benches import:
 * they run without Vitest's provided test context, which the test database needs.
 */
import type { Router } from 'express';
import { afterAll, beforeAll } from 'vitest';
import type { RequestUser } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { ensureUsers, OTHER_SUBSCRIBER, type RouterServer, SUBSCRIBER, serveRouter } from '../features/market/test-support.js';
import { createTestDb } from './db.js';

export interface TwoSubscribers {
  db: Db;
  /** The routes served to SUBSCRIBER. */
  api: RouterServer;
  /** The routes served to OTHER_SUBSCRIBER. */
  other: RouterServer;
  /** Serves `router` (by default a new one of the same routes) to another user (undefined: signed out); closed by `close`. */
  serve(user: RequestUser | undefined, router?: Router): Promise<RouterServer>;
  /** Closes every server, then the database. */
  close(): Promise<void>;
}

export interface TwoSubscribersOptions {
  /** Users besides SUBSCRIBER and OTHER_SUBSCRIBER whose rows the tests need (LAPSED, an admin…). */
  users?: readonly RequestUser[];
  /** Sample files, imported in this order (see `createTestDb`). */
  samples?: readonly string[];
}

/**
 * A fresh test database with the users' rows and the samples, and `makeRouter`'s routes served to
 * SUBSCRIBER and to OTHER_SUBSCRIBER. What was opened is closed again when the set-up fails.
 */
export async function serveTwoSubscribers(makeRouter: (db: Db) => Router, options: TwoSubscribersOptions = {}): Promise<TwoSubscribers> {
  const db = await createTestDb({ samples: options.samples ?? [] });
  const servers: RouterServer[] = [];
  const serve = async (user: RequestUser | undefined, router = makeRouter(db)) => {
    const server = await serveRouter(router, user);
    servers.push(server);
    return server;
  };
  const close = async () => {
    await Promise.all(servers.map((s) => s.close()));
    await db.close();
  };
  try {
    await ensureUsers(db, [SUBSCRIBER, OTHER_SUBSCRIBER, ...(options.users ?? [])]);
    return { db, api: await serve(SUBSCRIBER), other: await serve(OTHER_SUBSCRIBER), serve, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Registers the file's beforeAll that opens `serveTwoSubscribers` and hands it to `ready` (which
 * keeps what the tests use and adds the file's own set-up), and the afterAll that closes it.
 * `timeout`: the beforeAll's, where the samples take longer than the default.
 */
export function setUpTwoSubscribers(
  makeRouter: (db: Db) => Router,
  options: TwoSubscribersOptions & { timeout?: number },
  ready: (set: TwoSubscribers) => void | Promise<void>,
): void {
  let set: TwoSubscribers | undefined;
  beforeAll(async () => {
    set = await serveTwoSubscribers(makeRouter, options);
    await ready(set);
  }, options.timeout);
  afterAll(async () => {
    await set?.close();
  });
}
