/**
 * The data-access layer's entry: opens the SQLite store (default, a file in DATA_DIR) or the
 * PostgreSQL store (DATABASE_URL), migrates it, and hands back one Kysely instance for both.
 */
import type { Store, StoreOptions } from './types.js';
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';

export type { Store, StoreOptions } from './types.js';

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
