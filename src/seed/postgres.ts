/**
 * PostgreSQL: rows go in with `COPY … FROM STDIN (FORMAT csv)` through pg-copy-streams, a table's row
 * ranges over several connections at once. The tables live in one schema (`public` unless
 * `--schema-name`), set as each connection's search_path.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PlannedTable } from '../../workers/engine/index.js';
import { quoteIdentifier, quoteString } from '../../workers/output/sql.js';
import { greetsAsMysql, hostPort } from './probe.js';
import {
  acquireAll,
  type Chunk,
  EXIT,
  type ExistingTable,
  redact,
  SeedError,
  type SeedTarget,
} from './target.js';

const q = (name: string) => quoteIdentifier('postgres', name);
/** An identifier as PostgreSQL prints it: quoted only when it must be (schema detection reads both). */
const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : q(name));

/** SQLSTATE classes and Node errors that mean "cannot connect", with what to tell the user. */
function connectError(error: unknown, label: string): SeedError | undefined {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '28P01' || code === '28000')
    return new SeedError(`PostgreSQL refused the credentials for ${label}: ${message}`, EXIT.connect);
  if (code === '3D000') return new SeedError(`${message} (${label}).`, EXIT.connect);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT')
    return new SeedError(`Cannot reach PostgreSQL at ${label} (${code}).`, EXIT.connect);
  if (/timeout/i.test(message ?? ''))
    return new SeedError(`Cannot reach PostgreSQL at ${label}: ${message}`, EXIT.connect);
  return undefined;
}

/**
 * The first query failed without an answer from PostgreSQL (no SQLSTATE): the client could not make
 * sense of what came back, as on MariaDB's port ("unexpected copyData message"). That is a failure to
 * connect, not to load; the message says what answers there when it is MariaDB/MySQL.
 */
async function notPostgres(error: unknown, url: string, label: string): Promise<SeedError | undefined> {
  if (error instanceof pg.DatabaseError) return undefined;
  const { host, port } = hostPort(url, 5432);
  const message = (error as Error).message;
  if (await greetsAsMysql(host, port)) {
    return new SeedError(
      `${label} answers as MariaDB/MySQL, not PostgreSQL: use a mysql:// URL, or PostgreSQL's port (5432 by default).`,
      EXIT.connect,
    );
  }
  return new SeedError(`${label} did not answer as PostgreSQL does: ${message}`, EXIT.connect);
}

/** PostgreSQL's CHECK texts as schema detection reads them: `x = ANY (ARRAY[…])` is `x IN (…)`, no casts. */
export function plainCheck(definition: string): string {
  return definition
    .replace(/= ANY \((?:\(ARRAY\[(.*?)\]\)::[\w ]+\[\]|ARRAY\[(.*?)\])\)/g, 'IN ($1$2)')
    .replace(/::(?:"[^"]+"|[a-z_]\w*)(?: (?:varying|precision|with(?:out)? time zone))?(?:\[\])?/gi, '');
}

/**
 * Value parsers for profiling reads: a DATE stays its text (pg would make a local midnight of it),
 * a timestamp without time zone is read as UTC; the rest as pg parses them.
 */
const readParser = ((oid: number, format?: 'text' | 'binary') => {
  if (oid === 1082) return (value: string) => value;
  if (oid === 1114) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
  return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
}) as pg.CustomTypesConfig['getTypeParser'];

/** Connects to PostgreSQL at `url` and checks that the schema exists; the target loads into it. */
export async function openPostgres(
  url: string,
  options: { connections: number; schema: string },
): Promise<SeedTarget> {
  const label = redact(url);
  const schema = options.schema;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.connections + 1,
    connectionTimeoutMillis: 10_000,
    options: `-c search_path=${q(schema)}`,
  });
  // A client's lost connection fails its queries; the listeners keep it from also crashing the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    const found = await pool.query<{ ok: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS ok',
      [schema],
    );
    if (!found.rows[0]!.ok) throw new SeedError(`There is no schema ${q(schema)} in ${label}.`, EXIT.fit);
  } catch (error) {
    await pool.end();
    if (error instanceof SeedError) throw error;
    throw connectError(error, label) ?? (await notPostgres(error, url, label)) ?? error;
  }
  return postgresTarget(pool, label, schema, options.connections);
}

/** The seed target over a connected pool: each step a query or a function below. */
function postgresTarget(pool: pg.Pool, label: string, schema: string, connections: number): SeedTarget {
  const target: SeedTarget = {
    dialect: 'postgres',
    encoding: 'csv',
    connections,
    label,
    describe: (names) => describeTables(pool, schema, names),

    async select(sql) {
      const result = await pool.query({ text: sql, types: { getTypeParser: readParser } });
      return result.rows as Record<string, unknown>[];
    },

    ddl: () => readDdl(pool, schema),

    async create(statements) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const statement of statements) await client.query(statement);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async drop(tables) {
      await pool.query(`DROP TABLE IF EXISTS ${tables.map(q).join(', ')}`);
    },

    async clear(tables) {
      if (tables.length > 0) await pool.query(`TRUNCATE ${tables.map(q).join(', ')}`);
    },

    load: (table, parts) => copyParts(pool, table, parts),
    settle: (table) => settleSequences(pool, schema, table),

    close: () => pool.end(),
  };
  return target;
}

/** The tables among `names` that exist in `schema`, with their columns and whether they are empty. */
async function describeTables(
  pool: pg.Pool,
  schema: string,
  names: readonly string[],
): Promise<Map<string, ExistingTable>> {
  const { rows } = await pool.query<{
    table: string;
    column: string;
    not_null: boolean;
    has_default: boolean;
    array: boolean;
  }>(
    `SELECT c.relname AS table, a.attname AS column, a.attnotnull AS not_null,
            (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS has_default,
            t.typcategory = 'A' AS array
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       JOIN pg_type t ON t.oid = a.atttypid
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname = ANY ($2)
      ORDER BY c.relname, a.attnum`,
    [schema, names],
  );
  const tables = new Map<string, ExistingTable>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [], empty: true }));
    table.columns.push({
      name: row.column,
      notNull: row.not_null,
      hasDefault: row.has_default,
      array: row.array,
    });
  }
  for (const table of tables.values()) {
    const { rows } = await pool.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${q(table.name)}) AS any`,
    );
    table.empty = !rows[0]!.any;
  }
  return tables;
}

/** CREATE TABLE statements (and enum types) of every table of `schema`, for schema detection. */
async function readDdl(pool: pg.Pool, schema: string): Promise<string> {
  const enums = await pool.query<{ name: string; labels: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 GROUP BY t.typname`,
    [schema],
  );
  const columns = await pool.query<{ table: string; definition: string }>(
    `SELECT c.relname AS table,
            quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
            || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
            || CASE WHEN a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%'
                    THEN ' DEFAULT nextval(''seq'')' ELSE '' END AS definition
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
    [schema],
  );
  const constraints = await pool.query<{ table: string; definition: string }>(
    `SELECT c.relname AS table, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND k.contype IN ('p', 'u', 'f', 'c') AND NOT c.relispartition
      ORDER BY c.relname, k.contype DESC, k.conname`,
    [schema],
  );
  const lines = new Map<string, string[]>();
  for (const row of [...columns.rows, ...constraints.rows]) {
    const list = lines.get(row.table) ?? [];
    list.push(plainCheck(row.definition));
    lines.set(row.table, list);
  }
  const types = enums.rows.map(
    (e) =>
      `CREATE TYPE ${ident(e.name)} AS ENUM (${e.labels.map((l) => quoteString('postgres', l)).join(', ')});`,
  );
  const tables = [...lines].map(([name, body]) => `CREATE TABLE ${q(name)} (\n  ${body.join(',\n  ')}\n);`);
  return [...types, ...tables].join('\n');
}

/** COPYs each part over its own connection, in transactions that all commit or all roll back. */
async function copyParts(
  pool: pg.Pool,
  table: PlannedTable,
  parts: readonly AsyncIterable<Chunk>[],
): Promise<void> {
  const copy = `COPY ${q(table.name)} (${table.fields.map((f) => q(f.name)).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
  const clients = await acquireAll(
    parts.length,
    () => pool.connect(),
    (client) => client.release(),
  );
  const stop = new AbortController();
  // A connection lost mid-COPY is reported on its client (a pool's handler covers idle ones only).
  const onError = (error: Error) => {
    if (!stop.signal.aborted) stop.abort(error);
  };
  for (const client of clients) client.on('error', onError);
  let failed = false;
  try {
    await Promise.all(clients.map((client) => client.query('BEGIN')));
    await Promise.all(
      parts.map((part, i) =>
        pipeline(Readable.from(bytes(part)), clients[i]!.query(copyFrom(copy)), {
          signal: stop.signal,
        }).catch((error: unknown) => {
          if (!stop.signal.aborted) stop.abort(error); // the first failure stops the other parts
          throw error;
        }),
      ),
    );
    for (const client of clients) await client.query('COMMIT');
  } catch (error) {
    failed = true;
    await Promise.all(clients.map((client) => client.query('ROLLBACK').catch(() => {})));
    throw stop.signal.aborted ? stop.signal.reason : error;
  } finally {
    // A client whose COPY was cut may be in an unknown state: it is closed, not reused.
    // A failed client keeps the listener: it is closed, and may still report the failure.
    for (const client of clients) {
      if (!failed) client.off('error', onError);
      client.release(failed);
    }
  }
}

/** Moves the sequences of `table`'s serial and identity columns past the rows loaded. */
async function settleSequences(pool: pg.Pool, schema: string, table: PlannedTable): Promise<void> {
  for (const field of table.fields) {
    const { rows } = await pool.query<{ sequence: string | null }>(
      'SELECT pg_get_serial_sequence($1, $2) AS sequence',
      [`${q(schema)}.${q(table.name)}`, field.name],
    );
    const sequence = rows[0]!.sequence;
    if (sequence === null) continue;
    await pool.query(
      `SELECT setval($1, COALESCE((SELECT max(${q(field.name)}) FROM ${q(table.name)}), 0) + 1, false)`,
      [sequence],
    );
  }
}

async function* bytes(chunks: AsyncIterable<Chunk>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield chunk.bytes;
}
