/**
 * What counts as a database outage (retried, answered 503) and what does not (a statement's own
 * error, answered as it was), and how retryWhileUnavailable waits one out.
 */
import pg from 'pg';
import t from 'tap';
import { isStoreUnavailable, retryWhileUnavailable } from '../../src/store/outage.js';
import { postgresUnavailable, POSTGRES_ADMIN_URL } from '../helpers/stores.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

t.test('outages and other errors', async (t) => {
  for (const error of [
    withCode('ECONNREFUSED'),
    withCode('ECONNRESET'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006'),
    withCode('53300', 'too many clients already'),
    withCode('SQLITE_BUSY'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('database "shop" is not currently accepting connections'),
    new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
    Object.assign(new Error('AggregateError'), {
      errors: [withCode('ECONNREFUSED'), withCode('EHOSTUNREACH')],
    }),
  ]) {
    t.ok(isStoreUnavailable(error), `an outage: ${(error as { code?: string }).code ?? error.message}`);
  }
  for (const error of [
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('42P01', 'relation "nope" does not exist'),
    withCode('SQLITE_CONSTRAINT'),
    new Error('The database connection is not open'),
    Object.assign(new Error('AggregateError'), { errors: [withCode('ECONNREFUSED'), withCode('42P01')] }),
    Object.assign(new Error('AggregateError'), { errors: [] }),
    'ECONNREFUSED',
    null,
    undefined,
  ]) {
    t.notOk(isStoreUnavailable(error), `no outage: ${String((error as Error | null)?.message ?? error)}`);
  }
});

t.test('a real refused connection is an outage; a real statement error is not', async (t) => {
  const refused = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
  const error = await refused.connect().then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(isStoreUnavailable(error), 'connecting to a closed port');
  if (await postgresUnavailable()) return;
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  t.teardown(() => client.end());
  const missing = await client.query('SELECT * FROM no_such_table_here').then(
    () => undefined,
    (e: unknown) => e,
  );
  t.notOk(isStoreUnavailable(missing), 'a missing table');
});

t.test('retryWhileUnavailable waits out an outage, and only an outage', async (t) => {
  let calls = 0;
  const outages: unknown[] = [];
  const value = await retryWhileUnavailable(
    async () => {
      calls++;
      if (calls < 3) throw withCode('ECONNREFUSED');
      return 'done';
    },
    { onOutage: (error) => outages.push(error) },
  );
  t.equal(value, 'done');
  t.equal(calls, 3, 'tried until the database answered');
  t.equal(outages.length, 1, 'the outage is reported once, when it is met');

  calls = 0;
  await t.rejects(
    retryWhileUnavailable(async () => {
      calls++;
      throw withCode('23505');
    }),
    { code: '23505' },
    'any other error is thrown at once',
  );
  t.equal(calls, 1);

  const stop = new AbortController();
  calls = 0;
  const stopped = retryWhileUnavailable(
    async () => {
      calls++;
      if (calls === 2) stop.abort();
      throw withCode('ECONNRESET');
    },
    { signal: stop.signal },
  );
  await t.rejects(stopped, { code: 'ECONNRESET' }, 'a stop ends the wait with the outage');
});
