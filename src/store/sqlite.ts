/** The embedded store: one SQLite file in DATA_DIR, in WAL mode so the CLI can write beside the server. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from './database.js';
import type { Store } from './index.js';

export const SQLITE_FILE = 'mockhive.sqlite';

/** Opens (creating if needed) `<dataDir>/mockhive.sqlite`. */
export function openSqlite(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  // Writers wait up to 5 s for each other (server and CLI) instead of failing with SQLITE_BUSY.
  const database = new SQLite(join(dataDir, SQLITE_FILE), { timeout: 5000 });
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.defaultSafeIntegers(false);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    dialect: 'sqlite',
    db,
    async ping() {
      // better-sqlite3 is synchronous: a closed or broken handle throws at once.
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
