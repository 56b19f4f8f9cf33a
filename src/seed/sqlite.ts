/**
 * SQLite: rows go in as the SQL output's multi-row INSERTs, each table in one transaction on the one
 * connection SQLite allows a writer. A file that does not exist yet is created with `--create` only.
 */
import Database from 'better-sqlite3';
import { quoteIdentifier } from '../../workers/output/sql.js';
import { statements } from './statements.js';
import { EXIT, type ExistingTable, SeedError, type SeedTarget } from './target.js';

const q = (name: string) => quoteIdentifier('sqlite', name);

/** The file of `sqlite:path`, `sqlite://path` or `sqlite:///absolute/path`. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^sqlite:(\/\/)?/, '');
  if (path === '') throw new SeedError(`Name the SQLite file: sqlite:path/to/file.db.`, EXIT.connect);
  return path;
}

export function openSqlite(url: string, options: { create: boolean }): SeedTarget {
  const path = sqlitePath(url);
  let db: Database.Database;
  try {
    // Without --create a missing file is an error: a typo must not leave an empty database behind.
    db = new Database(path, { fileMustExist: !options.create });
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
  } catch (error) {
    if (!options.create && (error as { code?: string }).code === 'SQLITE_CANTOPEN')
      throw new SeedError(`The SQLite file ${path} does not exist; add --create to create it.`, EXIT.fit);
    throw new SeedError(`Cannot open SQLite file ${path}: ${(error as Error).message}`, EXIT.connect);
  }

  return {
    dialect: 'sqlite',
    encoding: 'sql',
    connections: 1,
    label: `sqlite:${path}`,

    async describe(names) {
      const tables = new Map<string, ExistingTable>();
      for (const name of names) {
        const columns = db.prepare(`SELECT * FROM pragma_table_xinfo(?)`).all(name) as {
          name: string;
          type: string;
          notnull: number;
          dflt_value: string | null;
          pk: number;
          hidden: number;
        }[];
        if (columns.length === 0) continue;
        const rowid = columns.filter((c) => c.pk > 0).length === 1;
        const any = db.prepare(`SELECT EXISTS (SELECT 1 FROM ${q(name)}) AS any_row`).get() as {
          any_row: number;
        };
        tables.set(name, {
          name,
          empty: any.any_row === 0,
          columns: columns.map((c) => ({
            name: c.name,
            notNull: c.notnull === 1,
            // INTEGER PRIMARY KEY is the rowid: SQLite numbers it when it is left out.
            hasDefault:
              c.dflt_value !== null || c.hidden > 1 || (rowid && c.pk > 0 && /^INTEGER$/i.test(c.type)),
          })),
        });
      }
      return tables;
    },

    async select(sql) {
      return db.prepare(sql).all() as Record<string, unknown>[];
    },

    async ddl() {
      const rows = db
        .prepare(
          "SELECT sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL ORDER BY name",
        )
        .all() as { sql: string }[];
      return rows.map((row) => `${row.sql};`).join('\n');
    },

    async create(ddl) {
      db.transaction(() => {
        for (const statement of ddl) db.exec(statement);
      })();
    },

    async drop(tables) {
      db.transaction(() => {
        for (const table of tables) db.exec(`DROP TABLE IF EXISTS ${q(table)}`);
      })();
    },

    async clear(tables) {
      db.transaction(() => {
        for (const table of tables) db.exec(`DELETE FROM ${q(table)}`);
      })();
    },

    async load(_table, parts) {
      db.exec('BEGIN');
      try {
        for (const part of parts) for await (const text of statements(part)) db.exec(text);
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },

    async settle() {},

    async close() {
      db.close();
    },
  };
}
