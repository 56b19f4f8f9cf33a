/**
 * How a profile reads a table: its exact row count, and at most about `sample` of its rows. PostgreSQL
 * samples pages (`TABLESAMPLE SYSTEM`, repeatable), so a 100M-row table costs a few thousand pages;
 * MariaDB/MySQL and SQLite take a bounded, deterministic scan (every k-th row by a hash of its
 * position, then LIMIT). Read errors become SeedErrors that name the table and the missing right.
 */
import type { SqlDialect } from '../../workers/output/options.js';
import { quoteIdentifier } from '../../workers/output/sql.js';
import { EXIT, SeedError, type SeedTarget } from '../seed/index.js';

/** A query of `table` that failed: no right to read it is exit 3 with the GRANT it needs. */
export function readError(error: unknown, named: string | undefined, target: SeedTarget): SeedError {
  const { code, errno, message } = error as { code?: string; errno?: number; message?: string };
  // PostgreSQL 42501; MariaDB 1142 (ER_TABLEACCESS_DENIED_ERROR) and 1143 (column access).
  if (code === '42501' || errno === 1142 || errno === 1143) {
    const table = named ?? /(?:for table|table) [`'"]?([^`'"\s]+)/.exec(message ?? '')?.[1] ?? 'a table';
    return new SeedError(
      `No permission to read ${table} in ${target.label}: ${message}. Profiling needs SELECT on every table it reads (or --tables to leave ${table} out).`,
      EXIT.connect,
    );
  }
  return new SeedError(`Reading ${named ?? 'the catalog'} failed: ${message}`, EXIT.failed);
}

/** Runs `sql` against `table`, its errors made readable. */
export async function selectFrom(
  target: SeedTarget,
  table: string,
  sql: string,
): Promise<Record<string, unknown>[]> {
  try {
    return await target.select(sql);
  } catch (error) {
    throw readError(error, table, target);
  }
}

/** The exact row count of `table`. */
export async function countRows(target: SeedTarget, table: string): Promise<number> {
  const q = quoteIdentifier(target.dialect, table);
  const rows = await selectFrom(target, table, `SELECT COUNT(*) AS n FROM ${q}`);
  return Number(rows[0]?.['n'] ?? 0);
}

/** SQL reading about `sample` rows of a table of `count` rows (all of them when it is small). */
export function sampleSql(
  dialect: SqlDialect,
  table: string,
  columns: readonly string[],
  count: number,
  sample: number,
): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const list = columns.map(q).join(', ');
  if (count <= sample) return `SELECT ${list} FROM ${q(table)}`;
  const share = sample / count;
  switch (dialect) {
    case 'postgres': {
      // SYSTEM picks whole pages: cheap at any size; REPEATABLE makes the profile reproducible.
      const percent = Math.min(100, share * 100 * 1.1);
      return `SELECT ${list} FROM ${q(table)} TABLESAMPLE SYSTEM (${percent.toPrecision(6)}) REPEATABLE (1) LIMIT ${sample}`;
    }
    case 'mysql':
      return `SELECT ${list} FROM ${q(table)} WHERE RAND(1) < ${(share * 1.1).toPrecision(6)} LIMIT ${sample}`;
    case 'sqlite': {
      const step = Math.max(1, Math.floor(count / sample));
      return `SELECT ${list} FROM ${q(table)} WHERE (_rowid_ * 2654435761) % ${step} = 0 LIMIT ${sample}`;
    }
  }
}

/** About `sample` rows of `table`, as the driver gives them. */
export async function sampleRows(
  target: SeedTarget,
  table: string,
  columns: readonly string[],
  count: number,
  sample: number,
): Promise<Record<string, unknown>[]> {
  const sql = sampleSql(target.dialect, table, columns, count, sample);
  if (target.dialect !== 'sqlite' || count <= sample) return selectFrom(target, table, sql);
  try {
    return await target.select(sql);
  } catch {
    // A WITHOUT ROWID table: its first rows, then.
    const q = (name: string) => quoteIdentifier('sqlite', name);
    return selectFrom(target, table, `SELECT ${columns.map(q).join(', ')} FROM ${q(table)} LIMIT ${sample}`);
  }
}
