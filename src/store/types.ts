/** What a store is, for the stores and their callers alike (a leaf: it imports no store). */
import type { Db } from './database.js';

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
