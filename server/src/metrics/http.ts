/** HTTP durations by route pattern (`http/request-log.ts`'s `routeOf`), one observation per answer. */
import type { RequestHandler } from 'express';
import { routeOf } from '../http/request-log.js';
import { httpDuration } from './registry.js';

export const httpMetrics: RequestHandler = (req, res, next) => {
  const end = httpDuration.startTimer();
  // `close` also ends an answer the client gave up on; `once` per event, so observe once.
  let done = false;
  const observe = () => {
    if (done) return;
    done = true;
    end({ method: req.method, route: routeOf(req), status: String(res.statusCode) });
  };
  res.once('finish', observe);
  res.once('close', observe);
  next();
};
