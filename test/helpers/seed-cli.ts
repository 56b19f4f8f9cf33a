/** For the tests that stop a seed mid-load (a signal, a lost connection): when the load is under way. */
import pg from 'pg';
import { until } from './server-process.js';

/** Resolves once a COPY into the PostgreSQL database of `url` is running (polled; a hang guard only). */
export async function copyRunning(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await until('a COPY to run', async () => {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query ILIKE 'COPY%'",
      );
      return rows[0]!.n > 0 ? true : undefined;
    });
  } finally {
    await client.end();
  }
}
