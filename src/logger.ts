/** Structured JSON logs (pino). Secrets are redacted wherever they might be attached to a log object. */
import { type Logger, pino } from 'pino';
import { serializeError } from './logged-error.js';

const REDACT = [
  'api_key',
  '*.api_key',
  'secret',
  '*.secret',
  'token',
  '*.token',
  'claim_token',
  '*.claim_token',
  'headers.authorization',
  'headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
];

/** A logger at `level`, writing JSON lines to stdout (or to `destination` in tests). */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    // Errors are logged by their own story only: never a client, connection or password they carry.
    serializers: { err: serializeError, error: serializeError },
  };
  return destination ? pino(options, destination as never) : pino(options);
}
