/**
 * Errors are logged by their own story: a PostgreSQL error keeps its code and message, never the
 * client that raised it (its cancel key, its password), and passwords written in URLs are masked.
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import pg from 'pg';
import t from 'tap';
import { createLogger } from '../src/logger.js';
import { serializeError } from '../src/logged-error.js';
import { POSTGRES_ADMIN_URL, requirePostgres } from './helpers/stores.js';

/** A logger at info and the JSON lines it wrote. */
function capture(): { logger: ReturnType<typeof createLogger>; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

/** The admin URL with a password in it (trust authentication ignores it; the log must not show it). */
function withPassword(password: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.password = password;
  return url.href;
}

t.test('a failed query logs its code and message, not the client', async (t) => {
  if (!(await requirePostgres(t))) return;
  const client = new pg.Client({ connectionString: withPassword('hunter2-query') });
  await client.connect();
  t.teardown(() => client.end());
  const error = await client.query('SELECT * FROM no_such_table_here').then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(error instanceof Error, 'the query failed');
  // What a driver may attach: the client itself (as pg-pool does to an idle client's error).
  Object.assign(error as object, { client, connection: client.connection });
  const { logger, lines } = capture();
  logger.error({ err: error }, 'query failed');
  logger.error({ error }, 'query failed');
  for (const line of lines) {
    const entry = JSON.parse(line) as Record<string, Record<string, unknown>>;
    const logged = entry['err'] ?? entry['error'];
    t.match(logged, { code: '42P01', message: /no_such_table_here/, severity: 'ERROR', stack: String });
    t.notMatch(line, /secretKey|processID|hunter2|"client"|"connection"/);
  }
});

t.test("an idle pool client's error logs without the client pg-pool attaches", async (t) => {
  if (!(await requirePostgres(t))) return;
  const pool = new pg.Pool({ connectionString: withPassword('hunter2-pool'), max: 1 });
  t.teardown(() => pool.end());
  const client = await pool.connect();
  const pid = ((await client.query('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number }).pid;
  client.release();
  const failed = once(pool, 'error') as Promise<[Error & { client?: unknown }]>;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  t.teardown(() => admin.end());
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  const [error] = await failed;
  t.ok(error.client, 'pg-pool put the client on the error');
  const { logger, lines } = capture();
  logger.error({ err: error }, 'pool error');
  t.equal(lines.length, 1);
  t.match(JSON.parse(lines[0]!), { err: { message: String, stack: String } });
  t.notMatch(lines[0], /secretKey|processID|hunter2|"client"/);
});

t.test('passwords in URLs are masked; causes and aggregated errors are kept', async (t) => {
  const cause = new Error('connect to postgres://app:s3cret@db.internal:5432/mockhive failed');
  const error = Object.assign(new Error('cannot open the store', { cause }), {
    url: 'postgresql://app:s3cret@db.internal/mockhive',
    password: 's3cret',
    secretKey: 12345,
    config: { connectionString: 'postgres://app:s3cret@db/x' },
    retryable: true,
    attempts: 3,
  });
  const { logger, lines } = capture();
  logger.error({ err: error }, 'store failed');
  logger.warn({ error: 'gave up on postgres://app:s3cret@db/x' }, 'a message');
  logger.error(new AggregateError([new Error('a'), 'not an error', cause], 'all failed'));
  t.equal(lines.length, 3);
  for (const line of lines) t.notMatch(line, /s3cret|12345/);
  t.match(JSON.parse(lines[0]!), {
    err: {
      type: 'Error',
      message: 'cannot open the store',
      url: 'postgresql://app:[redacted]@db.internal/mockhive',
      retryable: true,
      attempts: 3,
      cause: { message: 'connect to postgres://app:[redacted]@db.internal:5432/mockhive failed' },
    },
  });
  t.notMatch(lines[0], /"config"|"password"|"secretKey"/);
  t.match(JSON.parse(lines[1]!), { error: 'gave up on postgres://app:[redacted]@db/x' });
  t.match(JSON.parse(lines[2]!), {
    err: { type: 'AggregateError', errors: [{ message: 'a' }, { message: /\[redacted\]/ }] },
  });

  t.same(serializeError({ code: 1 }), { code: 1 }, 'anything else is left to pino');
  const looped = new Error('loop');
  looped.cause = looped;
  t.ok(JSON.stringify(serializeError(looped)).length < 20_000, 'a cause of itself ends');
});
