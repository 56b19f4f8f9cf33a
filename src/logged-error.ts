/**
 * How an error is written to the log (pino's `err` and `error` keys). pino's own serializer copies
 * every enumerable property, and errors carry more than their story: pg-pool sets `client` on an idle
 * client's error (with the backend's cancel key, `secretKey`, and the connection's password), drivers
 * attach connections, sockets and configs. So only an error's own scalar properties are kept (name,
 * message, code, detail, errno, syscall…), never an object but its cause and aggregated errors, never
 * a property named like a secret, and a password written in a URL is masked in every string kept.
 */

/** Property names whose values are secrets whatever they hold. */
const SECRET_NAME = /pass(word)?|secret|token|api_?key|authorization|cookie/i;

/** `scheme://user:password@` in any text: the password is masked. */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:)[^\s/?#@]*@/gi;

/** Causes followed at most this deep (a cause may be its own cause). */
const MAX_DEPTH = 4;

/** `text` with any password written in a URL masked. */
export function maskUrlPasswords(text: string): string {
  return text.replace(URL_PASSWORD, '$1[redacted]@');
}

/** A serializer for pino's `err` and `error` keys: errors as plain scalar records, strings masked. */
export function serializeError(value: unknown): unknown {
  if (typeof value === 'string') return maskUrlPasswords(value);
  if (!(value instanceof Error)) return value;
  return errorRecord(value, 0);
}

function errorRecord(error: Error, depth: number): Record<string, unknown> {
  const record: Record<string, unknown> = {
    type: error.constructor.name,
    name: error.name,
    message: maskUrlPasswords(error.message),
  };
  if (error.stack !== undefined) record['stack'] = maskUrlPasswords(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (SECRET_NAME.test(key) || key in record) continue;
    if (typeof value === 'string') record[key] = maskUrlPasswords(value);
    else if (typeof value === 'number' || typeof value === 'boolean') record[key] = value;
  }
  if (depth < MAX_DEPTH) {
    if (error.cause instanceof Error) record['cause'] = errorRecord(error.cause, depth + 1);
    if (error instanceof AggregateError && Array.isArray(error.errors)) {
      record['errors'] = (error.errors as unknown[])
        .filter((inner): inner is Error => inner instanceof Error)
        .map((inner) => errorRecord(inner, depth + 1));
    }
  }
  return record;
}
