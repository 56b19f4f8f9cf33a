/**
 * A database that `mockhive seed` fills: PostgreSQL, MariaDB/MySQL or SQLite, behind one interface.
 * Each adapter reads what is there (tables, columns, whether they hold rows, the DDL for
 * `--from-database`), creates and clears tables, and loads one table's rows all-or-nothing.
 */
import type { PlannedTable } from '../../workers/engine/index.js';
import type { SqlDialect } from '../../workers/output/options.js';

/** A column of an existing table, as far as fitting generated rows into it needs. */
export interface ExistingColumn {
  name: string;
  notNull: boolean;
  /** A default, a sequence, an identity or a generated column: it may be left out. */
  hasDefault: boolean;
  /** A PostgreSQL array column: our arrays are JSON, which such a column does not take. */
  array?: boolean;
}

export interface ExistingTable {
  name: string;
  columns: ExistingColumn[];
  empty: boolean;
}

/** Rows of one table as encoded chunks, in order; `rows` is the chunk's row count. */
export interface Chunk {
  bytes: Uint8Array;
  rows: number;
  /** The chunk ends a statement (SQL encodings): what came since the last such chunk runs as one. */
  complete: boolean;
}

export interface SeedTarget {
  readonly dialect: SqlDialect;
  /** The encoding loads take: CSV for COPY, else the dialect's multi-row INSERTs. */
  readonly encoding: 'csv' | 'sql';
  /** Connections a table's rows are loaded over at most (SQLite: one). */
  readonly connections: number;
  /** The database, for messages (no password). */
  readonly label: string;
  /** The tables among `names` that exist (by exact name). */
  describe(names: readonly string[]): Promise<Map<string, ExistingTable>>;
  /** CREATE TABLE statements (and enum types) of every table, for schema detection. */
  ddl(): Promise<string>;
  /**
   * Runs DDL (CREATE TABLE …) in one transaction where the database allows it; where it does not
   * (MariaDB), `created` hears of each statement done.
   */
  create(statements: readonly string[], created?: (index: number) => void): Promise<void>;
  /** Drops `tables`, given children first: those a failed `--create` run made (docs/cli.md). */
  drop(tables: readonly string[]): Promise<void>;
  /** Deletes every row of `tables`, given children first. */
  clear(tables: readonly string[]): Promise<void>;
  /**
   * Loads `parts` (row ranges of `table`, each a sequence of chunks) over up to `connections`
   * connections, each in a transaction; all commit once every part is in, or none does.
   */
  load(table: PlannedTable, parts: readonly AsyncIterable<Chunk>[]): Promise<void>;
  /**
   * Rows of a read-only query (profiling): numbers as the driver gives them (big ones as text),
   * timestamps as Dates, DATE columns as 'YYYY-MM-DD' text.
   */
  select(sql: string): Promise<Record<string, unknown>[]>;
  /** After a load: sequences (PostgreSQL serial and identity columns) move past the rows loaded. */
  settle(table: PlannedTable): Promise<void>;
  close(): Promise<void>;
}

/**
 * `n` connections from `acquire`, all or none: if one cannot be had, those that were are given back
 * with `release` before the error is thrown, so a failed start leaks nothing.
 */
export async function acquireAll<C>(
  n: number,
  acquire: () => Promise<C>,
  release: (c: C) => void,
): Promise<C[]> {
  const settled = await Promise.allSettled(Array.from({ length: n }, acquire));
  const acquired = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed === undefined) return acquired;
  for (const c of acquired) release(c);
  throw failed.reason;
}

/** Why seeding stopped, with the CLI's exit code for it. */
export class SeedError extends Error {
  override name = 'SeedError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Exit codes (docs/cli.md): 1 failed, 2 usage, 3 cannot connect, 4 the database does not fit the data, 5 a load failed. */
export const EXIT = { failed: 1, usage: 2, connect: 3, fit: 4, load: 5, interrupted: 130 } as const;

/** The URL without its password. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
