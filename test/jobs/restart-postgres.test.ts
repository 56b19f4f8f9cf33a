/**
 * Jobs survive the process on PostgreSQL with pg-boss: restart-scenario.ts.
 */
import t from 'tap';
import { sql } from 'kysely';
import { openStore } from '../../src/store/index.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import { scenario, undone } from './restart-scenario.js';

t.test('PostgreSQL with pg-boss: jobs survive restarts and kill -9', async (t) => {
  if (!(await requirePostgres(t))) return;
  const databaseUrl = await throwawayPostgres(t);
  const store = await openStore({ dataDir: '/nonexistent', databaseUrl });
  t.teardown(() => store.close());
  await scenario(
    t,
    store,
    { DATABASE_URL: databaseUrl },
    {
      async parts(jobId) {
        const tasks = await sql<{
          data: { job_id: string; seq: number };
        }>`select data from pgboss.job where state = 'active' and name = 'generation-part'`.execute(store.db);
        return undone(
          store,
          jobId,
          tasks.rows.map((row) => row.data),
        );
      },
      async markRetried() {
        await sql`update pgboss.job set retry_count = retry_limit where state = 'active' and name = 'generation-part'`.execute(
          store.db,
        );
      },
    },
  );
});
