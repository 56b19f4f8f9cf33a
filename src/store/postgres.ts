/** The shared store: PostgreSQL through a pg pool, for one or many stateless instances. */

import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { migrateToLatest } from './migrations.js';
import type { Store } from './types.js';

const INT8_OID = 20;

/** Opens a pool on `databaseUrl`; connections are made lazily. */
export function openPostgres(databaseUrl: string): Store {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
    // Epoch milliseconds and counters are BIGINT; they fit in a double, so parse them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  // A client losing its connection must not crash the process. The pool's handler covers idle clients;
  // a checked-out one (a transaction, a query in flight) emits the error on itself as well as failing
  // its queries, so every client gets a listener of its own. The next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    db,
    location: { databaseUrl },
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    // Kysely's migrator runs them in one transaction under an advisory lock on PostgreSQL.
    migrate: () => migrateToLatest(db as never),
    close: () => db.destroy(),
  };
}
