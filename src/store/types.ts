/** What a store is, for the stores and their callers alike (a leaf: it imports no store). */
import type { Db } from './database.js';

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: Db;
  /** Where the state lives: the SQLite file's directory, or the PostgreSQL URL (for pg-boss). */
  readonly location: { dataDir: string } | { databaseUrl: string };
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
