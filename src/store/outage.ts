/**
 * What a database outage looks like from here, and how callers wait one out. An outage is an error
 * that says the server cannot be reached or went away (refused, reset, terminated, shutting down,
 * connection timeout): the same statement may succeed once it is back. Anything else (a constraint,
 * a syntax error, a bug) is no outage and is never retried here.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of an outage: class 08 (connection exception), a server shutting down or
 * starting (57P01–57P03), too many connections (53300). SQLite's busy file is one too.
 */
const SERVER_CODES = /^(08...|57P0[123]|53300|SQLITE_BUSY)$/;

/** node-postgres says these in plain words, with no code; a database closed to connections too (55000). */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)|is not currently accepting connections$/;

/** True when `error` says the database is unreachable or went away, rather than refused a statement. */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  // An AggregateError (a name resolving to several addresses) or a wrapped error.
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length > 0 && errors.every(isStoreUnavailable)) return true;
  return cause !== undefined && cause !== error && isStoreUnavailable(cause);
}

/** Waits between tries: doubling from FIRST_WAIT_MS up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 5000;

/**
 * Runs `attempt` until it settles with anything but an outage: its result, or its other error.
 * During an outage it waits (250 ms doubling to 5 s) and tries again, for as long as it takes;
 * `onOutage` hears of the first failure of each wait. An aborted `signal` rethrows the outage error.
 * Only for work that is safe to run again (idempotent, or a transaction that rolled back).
 */
export async function retryWhileUnavailable<T>(
  attempt: () => Promise<T>,
  options: { onOutage?: (error: unknown) => void; signal?: AbortSignal } = {},
): Promise<T> {
  let wait = FIRST_WAIT_MS;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isStoreUnavailable(error) || options.signal?.aborted) throw error;
      if (tries === 0) options.onOutage?.(error);
      await sleep(wait, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {});
      wait = Math.min(MAX_WAIT_MS, wait * 2);
    }
  }
}
