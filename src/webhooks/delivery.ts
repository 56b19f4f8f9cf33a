/**
 * One delivery attempt of an outgoing webhook: a POST with node:http(s), whose `lookup` hook lets the
 * SSRF guard judge the address at connect time (fetch has no such hook). Redirects are not followed,
 * the response body is read up to 64 KiB and dropped, and every failure becomes an outcome, not a throw.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ForbiddenAddressError, guardedLookup, webhookUrlProblem } from './address.js';

/** Time allowed for one attempt: connect, response headers and the body read. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Bytes of a response body read before the attempt stops listening. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Waits before the retries that follow a failed first attempt: 7 attempts in all. */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000, // 5 s
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  5 * 3_600_000, // 5 h
  10 * 3_600_000, // 10 h
];

/**
 * How an attempt ended; ok iff the receiver answered 2xx. `error` is stored and shown to the customer:
 * it never holds the secret, nor what the service's resolver answered for a name (that would map an
 * internal network), which `detail` keeps for the server log only.
 */
export interface DeliveryOutcome {
  ok: boolean;
  status?: number;
  error?: string;
  detail?: string;
  durationMs: number;
}

/** The error of an attempt refused because the name resolved to an address webhooks may not reach. */
export const FORBIDDEN_ADDRESS_ERROR = 'the address is not allowed';

/** What to send: the headers come from deliveryHeaders() and sign `body`. */
export interface DeliveryTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryOptions {
  /** The whole attempt; DEFAULT_TIMEOUT_MS unless given. */
  timeoutMs?: number;
  /** Lets the receiver be on a private or loopback address (self-hosting, tests). */
  allowPrivate: boolean;
  signal?: AbortSignal;
}

type Result = Omit<DeliveryOutcome, 'durationMs'>;

/** The delay before the next attempt after `attemptsMade` attempts, undefined when none is left. */
export function nextAttemptDelay(attemptsMade: number): number | undefined {
  return attemptsMade < 1 ? 0 : RETRY_DELAYS_MS[attemptsMade - 1];
}

/** POSTs the signed body once; resolves with the outcome and never throws. */
export async function attemptDelivery(
  target: DeliveryTarget,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const started = performance.now();
  const result = await attempt(target, options).catch((error: unknown): Result => failure(error));
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

async function attempt(target: DeliveryTarget, options: DeliveryOptions): Promise<Result> {
  if (options.signal?.aborted) return { ok: false, error: 'aborted' };
  // Node skips `lookup` for an IP-literal host, so those are judged here, before any connection.
  const problem = webhookUrlProblem(target.url, { allowPrivate: options.allowPrivate });
  if (problem !== undefined) return { ok: false, error: problem };
  return post(new URL(target.url), target, options);
}

function post(url: URL, target: DeliveryTarget, options: DeliveryOptions): Promise<Result> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: { ...target.headers, 'Content-Length': String(Buffer.byteLength(target.body)) },
      lookup: guardedLookup(options.allowPrivate),
      // A fresh connection each attempt, so each goes through the lookup guard.
      agent: false,
    });
    let status: number | undefined;
    let settled = false;
    const settle = (result: Result): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(result);
    };
    const fail = (error: unknown): void => settle({ ...failure(error), status });
    const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms`), timeoutMs);
    const onAbort = (): void => fail('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    request.on('response', (response) => {
      const code = response.statusCode ?? 0;
      status = code;
      const done = (): void => settle({ ok: code >= 200 && code < 300, status: code });
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= MAX_RESPONSE_BYTES) done();
      });
      response.on('end', done);
      response.on('error', fail);
      response.on('close', () => fail('the connection closed before the response ended'));
    });
    request.end(target.body);
  });
}

const MESSAGES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
};

/** A failed attempt's outcome; the guard's own message, naming the resolved address, goes to `detail`. */
function failure(error: unknown): Result {
  return error instanceof ForbiddenAddressError
    ? { ok: false, error: FORBIDDEN_ADDRESS_ERROR, detail: error.message }
    : { ok: false, error: describe(error) };
}

// Only our own texts and error codes: Node's messages may quote header values.
function describe(error: unknown): string {
  if (typeof error === 'string') return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'request failed';
  if (/CERT|TLS|SSL|VERIFY/.test(code)) return `TLS error (${code})`;
  return MESSAGES[code] ?? `request failed (${code})`;
}
