/**
 * The data-access layer's entry: opens the SQLite store (default, a file in DATA_DIR) or the
 * PostgreSQL store (DATABASE_URL), migrates it, and hands back one Kysely instance for both.
 */
import type { Db } from './database.js';
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: Db;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /** Brings the schema to the latest migration, safely when other processes do it at the same time. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** Opens and migrates the configured store. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
