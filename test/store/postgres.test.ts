/**
 * The PostgreSQL store survives its server cutting connections: a client checked out of the pool (in a
 * transaction, between two queries) emits the error on itself, which without a listener of its own
 * would crash the process (an uncaught 'error' event).
 */
import pg from 'pg';
import { sql } from 'kysely';
import t from 'tap';
import { openStore } from '../../src/store/index.js';
import { POSTGRES_ADMIN_URL, requirePostgres, throwawayPostgres } from '../helpers/stores.js';

t.test('a connection cut in the middle of a transaction fails it, and the store goes on', async (t) => {
  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  const store = await openStore({ dataDir: '/nonexistent', databaseUrl: url });
  t.teardown(() => store.close());
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  t.teardown(() => admin.end());
  const name = new URL(url).pathname.slice(1);

  const failed = store.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    // Between two queries, the client is checked out and idle: cut it there.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sql`select 1`.execute(trx);
  });
  await t.rejects(failed, 'the transaction fails');
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db);
  t.same(rows, [{ one: 1 }], 'the next query reconnects');
});
