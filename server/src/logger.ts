/**
 * Structured logs through pino: one JSON object per line on stdout, so that any log collector can
 * index them. The `Logger` interface stays small (message first, then fields) so that callers do
 * not depend on pino; `pino` is there for pino-http (the request log, `http/request-log.ts`).
 */
import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  readonly pino: PinoLogger;
}

export const REDACTED = '[redacted]';

/**
 * Field names that hold secrets wherever a caller puts them: a password or a cookie passed in by
 * mistake is censored instead of written. Links of the account e-mails are logged on purpose when
 * no mail service is configured (their token is what the reader needs), so `link` is not here.
 */
const REDACT_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'cookie',
  'authorization',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  'csrfToken',
  '*.csrfToken',
];

// Errors have no enumerable fields: without this, an `err` under any other key would print `{}`.
function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function fieldsOf(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[k] = serialise(v);
  return out;
}

function wrap(p: PinoLogger): Logger {
  return {
    debug: (m, f) => p.debug(fieldsOf(f), m),
    info: (m, f) => p.info(fieldsOf(f), m),
    warn: (m, f) => p.warn(fieldsOf(f), m),
    error: (m, f) => p.error(fieldsOf(f), m),
    child: (fields) => wrap(p.child(fieldsOf(fields))),
    pino: p,
  };
}

let stdout: DestinationStream | undefined;

/**
 * `write` receives each line without its newline (tests collect them); by default lines go to
 * stdout synchronously, so that a line logged just before `process.exit` is not lost.
 */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, write?: (line: string) => void): Logger {
  if (!write) stdout ??= pino.destination({ dest: 1, sync: true });
  const destination: DestinationStream = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : (stdout as DestinationStream);
  const p = pino(
    {
      level,
      base: { pid: process.pid, ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names, not pino's numbers: readable in a terminal and in the tests' assertions.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
    },
    destination,
  );
  return wrap(p);
}
