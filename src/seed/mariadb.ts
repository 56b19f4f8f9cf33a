/**
 * MariaDB and MySQL: rows go in as the SQL output's multi-row INSERTs (500 rows a statement), a
 * table's row ranges over several connections at once, each in a transaction. docs/cli.md says why
 * not LOAD DATA LOCAL INFILE.
 */
import mysql from 'mysql2/promise';
import type { SqlDialect } from '../../workers/output/options.js';
import { quoteIdentifier } from '../../workers/output/sql.js';
import { answersAsPostgres, hostPort } from './probe.js';
import { statements } from './statements.js';
import {
  acquireAll,
  type Chunk,
  EXIT,
  type ExistingTable,
  redact,
  SeedError,
  type SeedTarget,
} from './target.js';

const q = (name: string) => quoteIdentifier('mysql', name);

async function connectError(error: unknown, url: string, label: string): Promise<SeedError | undefined> {
  const { code, message } = error as { code?: string; message?: string };
  // PostgreSQL waits for the client to speak first, and MariaDB's client for the server's greeting:
  // on PostgreSQL's port the handshake times out, or is cut when PostgreSQL gives up.
  if (code === 'ETIMEDOUT' || code === 'PROTOCOL_CONNECTION_LOST' || code === 'ECONNRESET') {
    const { host, port } = hostPort(url, 3306);
    if (await answersAsPostgres(host, port)) {
      return new SeedError(
        `${label} answers as PostgreSQL, not MariaDB/MySQL: use a postgres:// URL, or MariaDB's port (3306 by default).`,
        EXIT.connect,
      );
    }
  }
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR')
    return new SeedError(`MariaDB refused the credentials for ${label}: ${message}`, EXIT.connect);
  if (code === 'ER_BAD_DB_ERROR') return new SeedError(`${message} (${label}).`, EXIT.connect);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT')
    return new SeedError(`Cannot reach MariaDB at ${label} (${code}).`, EXIT.connect);
  if (code === 'PROTOCOL_CONNECTION_LOST' || code === 'ECONNRESET')
    return new SeedError(
      `${label} closed the connection before MariaDB's handshake was done (${code}).`,
      EXIT.connect,
    );
  return undefined;
}

/** Connects to the MariaDB/MySQL database the URL names, in UTC; the target loads into it. */
export async function openMariadb(url: string, options: { connections: number }): Promise<SeedTarget> {
  const label = redact(url);
  if (new URL(url).pathname.replace(/^\//, '') === '') {
    throw new SeedError(`Name the database in the URL: ${label.replace(/\/$/, '')}/<database>.`, EXIT.usage);
  }
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: options.connections + 1,
    multipleStatements: true,
    charset: 'utf8mb4',
    connectTimeout: 10_000,
    // Our datetimes are UTC: the session's time zone must not shift them.
    timezone: 'Z',
  });
  try {
    await pool.query("SET time_zone = '+00:00'");
  } catch (error) {
    await pool.end();
    throw (await connectError(error, url, label)) ?? error;
  }
  const dialect: SqlDialect = 'mysql';

  return {
    dialect,
    encoding: 'sql',
    connections: options.connections,
    label,
    describe: (names) => describeTables(pool, names),

    async select(sql) {
      const [rows] = await pool.query<mysql.RowDataPacket[]>({ sql, dateStrings: ['DATE'] });
      return rows as Record<string, unknown>[];
    },

    async ddl() {
      const [tables] = await pool.query<mysql.RowDataPacket[]>(
        "SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      );
      const out: string[] = [];
      for (const table of tables) {
        const [rows] = await pool.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${q(String(table['t']))}`);
        out.push(`${String(rows[0]!['Create Table'])};`);
      }
      return out.join('\n');
    },

    async create(ddl, created) {
      // MariaDB commits each CREATE TABLE on its own: each is reported as it is made.
      for (const [i, statement] of ddl.entries()) {
        await pool.query(statement);
        created?.(i);
      }
    },

    async drop(tables) {
      // Children first, in one statement: MariaDB drops them in the order given.
      await pool.query(`DROP TABLE IF EXISTS ${tables.map(q).join(', ')}`);
    },

    async clear(tables) {
      // TRUNCATE refuses a table that a foreign key points to; DELETE, children first, does not.
      for (const table of tables) await pool.query(`DELETE FROM ${q(table)}`);
    },

    load: (_table, parts) => loadParts(pool, parts),

    async settle() {}, // AUTO_INCREMENT moves past the largest value inserted by itself

    close: () => pool.end(),
  };
}

/** The tables among `names` that exist in the database, with their columns and whether they are empty. */
async function describeTables(
  pool: mysql.Pool,
  names: readonly string[],
): Promise<Map<string, ExistingTable>> {
  const tables = new Map<string, ExistingTable>();
  if (names.length === 0) return tables;
  const [rows] = await pool.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS def, EXTRA AS extra
       FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)
      ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [names],
  );
  for (const row of rows) {
    const name = String(row['t']);
    let table = tables.get(name);
    if (!table) tables.set(name, (table = { name, columns: [], empty: true }));
    const extra = String(row['extra'] ?? '').toLowerCase();
    table.columns.push({
      name: String(row['c']),
      notNull: row['nullable'] === 'NO',
      hasDefault: row['def'] !== null || /auto_increment|generated/.test(extra),
    });
  }
  for (const table of tables.values()) {
    const [found] = await pool.query<mysql.RowDataPacket[]>(
      `SELECT EXISTS (SELECT 1 FROM ${q(table.name)}) AS any_row`,
    );
    table.empty = Number(found[0]!['any_row']) === 0;
  }
  return tables;
}

/** Loads each part over its own connection, in transactions that all commit or all roll back. */
async function loadParts(pool: mysql.Pool, parts: readonly AsyncIterable<Chunk>[]): Promise<void> {
  const connections = await acquireAll(
    parts.length,
    () => pool.getConnection(),
    (connection) => connection.release(),
  );
  let stopped: unknown;
  try {
    // Our datetimes are UTC: every connection's session keeps them so.
    await Promise.all(
      connections.map((connection) => connection.query("SET time_zone = '+00:00'; START TRANSACTION")),
    );
    await Promise.all(
      parts.map(async (part, i) => {
        try {
          for await (const text of statements(part)) {
            if (stopped !== undefined) return;
            await connections[i]!.query(text);
          }
        } catch (error) {
          stopped ??= error; // the first failure stops the other parts
        }
      }),
    );
    if (stopped !== undefined) throw stopped;
    for (const connection of connections) await connection.query('COMMIT');
  } catch (error) {
    await Promise.all(connections.map((connection) => connection.query('ROLLBACK').catch(() => {})));
    throw error;
  } finally {
    for (const connection of connections) connection.release();
  }
}
