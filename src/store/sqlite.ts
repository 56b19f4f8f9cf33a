/** The embedded store: one SQLite file in DATA_DIR, in WAL mode so the CLI can write beside the server. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import type { Database } from './database.js';
import { migrateToLatest } from './migrations.js';
import type { Store } from './types.js';

export const SQLITE_FILE = 'mockhive.sqlite';

/** Opens (creating if needed) `<dataDir>/mockhive.sqlite`. */
export function openSqlite(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  // Writers wait up to 5 s for each other (server and CLI) instead of failing with SQLITE_BUSY.
  const database = new SQLite(join(dataDir, SQLITE_FILE), { timeout: 5000 });
  enableWal(database);
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.defaultSafeIntegers(false);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
  return {
    dialect: 'sqlite',
    db,
    location: { dataDir },
    async ping() {
      // better-sqlite3 is synchronous: a closed or broken handle throws at once.
      await sql`select 1`.execute(db);
    },
    async migrate() {
      // Kysely's migrator takes neither a lock nor a transaction on SQLite: two processes opening a new
      // file at once (a server and the CLI) both ran the migrations, and one failed on "table already
      // exists". One IMMEDIATE transaction around them takes the write lock first (the other process
      // waits, up to the busy timeout, then finds them done) and makes them all or nothing.
      database.exec('BEGIN IMMEDIATE');
      try {
        await migrateToLatest(db as never);
        database.exec('COMMIT');
      } catch (error) {
        if (database.inTransaction) database.exec('ROLLBACK');
        throw error;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * Switches the file to WAL mode. Processes doing it to a new file at the same moment can get
 * SQLITE_BUSY at once, without SQLite waiting the busy timeout: retried every 20 ms, for up to 5 s.
 */
function enableWal(database: SQLite.Database): void {
  for (let attempt = 1; ; attempt++) {
    try {
      database.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || attempt >= 250) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** Prepared statements kept per SQL text: the last this many prepared. */
const KEPT_STATEMENTS = 200;

/**
 * The database as Kysely sees it, with each SQL text prepared once. Kysely prepares every query it
 * runs, and preparing took ~5% of the event loop's time under small generate requests. Reuse is safe
 * because Kysely's SQLite driver runs one query at a time on its one connection, and better-sqlite3
 * runs a statement to completion before returning (a `stream()` holds the connection until it ends).
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = database.prepare(text);
        if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}
