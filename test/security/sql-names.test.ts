/**
 * Accepted ⇒ it loads: random schemas (names of every script, case and length, numeric params at
 * their edges, references) are sent to the service; every SQL script it accepts must run as-is on
 * the real engine of its dialect, with every row in. Refusals must be 400 SCHEMA_ERROR naming a field
 * and the dialect. Seeded, so a failure reproduces.
 */
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import pg from 'pg';
import t, { type Test } from 'tap';
import type { SqlDialect } from '../../workers/output/options.js';
import { mariadbFold } from '../../workers/output/sql-names.js';
import { startApp, type TestServer } from '../helpers/app.js';
import { MYSQL_URL, requireMariadb } from '../helpers/mariadb.js';
import { embeddedStore, requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import mysql from 'mysql2/promise';

const RUNS = 250;

const base = fc.constantFrom('id', 'name', 'user', 'order', 'Order', 'ORDER', 'select', 'é', 'É', 'ß', 'ss');
const word = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_ ]{0,12}$/);
const exotic = fc.constantFrom(
  '😀',
  '語語語',
  'Σσς',
  'ǅǆ',
  'a"b',
  'a`b',
  "it's",
  'back\\slash',
  'pg_class',
  'pg_x',
  'sqlite_master',
  'SQLITE_x',
  'xmin',
  'ctid',
  'oid',
  'rowid',
  ' ',
  'trailing ',
  ' leading',
  'dot.name',
  'sla/sh',
  'PRIMARY',
);
const longName = fc.oneof(
  fc.integer({ min: 50, max: 63 }).map((n) => 'n'.repeat(n)),
  fc.integer({ min: 20, max: 63 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: 10, max: 31 }).map((n) => '語'.repeat(n)),
);
const name = fc.oneof(
  { weight: 24, arbitrary: word },
  { weight: 12, arbitrary: base },
  { weight: 12, arbitrary: exotic },
  { weight: 6, arbitrary: longName },
  { weight: 6, arbitrary: fc.tuple(word, exotic).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.constantFrom('\ud800', 'a\udc00b') },
);

const bound = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      Number.MAX_SAFE_INTEGER,
      1e15,
      1e300,
      -1e308,
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const range = fc
  .tuple(bound, bound, fc.integer({ min: 0, max: 10 }), fc.boolean(), fc.boolean())
  .map(([a, b, precision, withMin, withMax]) => ({
    ...(withMin ? { min: Math.min(a, b) } : {}),
    ...(withMax ? { max: Math.max(a, b) } : {}),
    precision,
  }));
/** Numeric types; only those with a `precision` param are sent one (the others would only warn of it). */
const WITH_PRECISION = new Set(['number', 'float', 'decimal', 'price', 'amount']);
const numeric = fc
  .record({
    type: fc.constantFrom(
      'integer',
      'number',
      'float',
      'decimal',
      'price',
      'amount',
      'salary',
      'token_count',
    ),
    params: range,
  })
  .map(({ type, params }) => {
    if (WITH_PRECISION.has(type)) return { type, params };
    const { precision: _precision, ...rest } = params;
    return { type, params: rest };
  });
const sequence = fc.record({
  type: fc.constant('sequence'),
  params: fc.record(
    {
      start: fc.oneof(fc.integer(), fc.constantFrom(2 ** 31, 2 ** 52)),
      step: fc.integer({ min: -1e6, max: 1e6 }),
    },
    { requiredKeys: [] },
  ),
});
const plain = fc.record({
  type: fc.constantFrom(
    'uuid',
    'email',
    'full_name',
    'datetime',
    'date',
    'boolean',
    'unicode_string',
    'json',
    'array',
  ),
});
const fieldType = fc.oneof(plain, numeric, sequence);

/** 1–3 tables, each later one referring to the first by a ref field. */
const schema = fc
  .array(
    fc.record({
      name,
      count: fc.integer({ min: 1, max: 4 }),
      fields: fc.array(fc.tuple(name, fieldType, fc.boolean()), { minLength: 1, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((tables) =>
    tables.map((table, i) => ({
      name: table.name,
      count: table.count,
      fields: [
        { name: 'pk', type: 'sequence', params: { primary_key: true } },
        ...table.fields.map(([fieldName, type, unique]) => ({
          name: fieldName,
          ...type,
          ...(unique && type.type === 'uuid' ? { unique: true } : {}),
        })),
        ...(i > 0
          ? [{ name: 'parent_ref', type: 'ref', params: { table: tables[0]!.name, field: 'pk' } }]
          : []),
      ],
    })),
  );

interface Outcome {
  accepted: number;
  refused: number;
}

/** Sends every schema; loads every accepted script with `load`, which throws when the engine refuses. */
async function check(
  t: Test,
  dialect: SqlDialect,
  load: (sql: string, counts: Record<string, number>) => Promise<void>,
): Promise<Outcome> {
  const server: TestServer = await startApp(t, await embeddedStore(t));
  const key = await server.key('internal');
  const outcome: Outcome = { accepted: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(schema, async (tables) => {
      const json = { tables, format: 'sql', sql_dialect: dialect, seed: 7 };
      const response = await server.request('/api/v1/generate', { key, json });
      const body = (await response.json()) as {
        sql?: string;
        meta?: { records_per_table: Record<string, number> };
        error?: { code: string; details?: { field: string; message: string }[] };
      };
      if (response.status !== 200) {
        outcome.refused++;
        // Refusals are the documented 4xx with a located detail; a 5xx is a failure.
        if (response.status >= 500 || !body.error)
          throw new Error(`${response.status}: ${JSON.stringify(body)}`);
        return;
      }
      outcome.accepted++;
      try {
        await load(body.sql!, body.meta!.records_per_table);
      } catch (error) {
        throw new Error(`accepted but did not load: ${(error as Error).message}\n${JSON.stringify(tables)}`, {
          cause: error,
        });
      }
    }),
    { numRuns: RUNS, seed: 20261124, endOnFailure: true },
  );
  t.ok(outcome.accepted >= RUNS / 5, `${dialect}: ${outcome.accepted} accepted, ${outcome.refused} refused`);
  t.ok(outcome.refused > 0, `${dialect}: some schemas are refused`);
  return outcome;
}

t.test('SQLite loads every accepted script', async (t) => {
  await check(t, 'sqlite', async (sql, counts) => {
    const db = new SQLite(':memory:');
    try {
      db.exec(sql);
      for (const [table, count] of Object.entries(counts)) {
        const quoted = `"${table.replaceAll('"', '""')}"`;
        const { n } = db.prepare(`SELECT COUNT(*) AS n FROM ${quoted}`).get() as { n: number };
        if (n !== count) throw new Error(`${table}: ${n} rows, expected ${count}`);
      }
    } finally {
      db.close();
    }
  });
});

t.test('PostgreSQL loads every accepted script', async (t) => {
  if (!(await requirePostgres(t))) return;
  const client = new pg.Client({ connectionString: await throwawayPostgres(t) });
  await client.connect();
  t.teardown(() => client.end());
  let schemaNo = 0;
  await check(t, 'postgres', async (sql, counts) => {
    const schemaName = `s${schemaNo++}`;
    await client.query(`CREATE SCHEMA ${schemaName}; SET search_path TO ${schemaName}`);
    try {
      await client.query(sql);
      for (const [table, count] of Object.entries(counts)) {
        const { rows } = await client.query(
          `SELECT COUNT(*)::int AS n FROM "${table.replaceAll('"', '""')}"`,
        );
        if (rows[0].n !== count) throw new Error(`${table}: ${rows[0].n} rows, expected ${count}`);
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await client.query(`DROP SCHEMA ${schemaName} CASCADE`);
    }
  });
});

t.test('MariaDB loads every accepted script', async (t) => {
  if (!(await requireMariadb(t))) return;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  t.teardown(() => admin.end());
  let databaseNo = 0;
  const prefix = `mockhive_names_${process.pid}`;
  await check(t, 'mysql', async (sql, counts) => {
    const database = `${prefix}_${databaseNo++}`;
    await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const connection = await mysql.createConnection({
      uri: `${MYSQL_URL}/${database}`,
      multipleStatements: true,
      charset: 'utf8mb4',
    });
    try {
      await connection.query(sql);
      for (const [table, count] of Object.entries(counts)) {
        const [rows] = await connection.query(`SELECT COUNT(*) AS n FROM \`${table.replaceAll('`', '``')}\``);
        const n = Number((rows as { n: number }[])[0]!.n);
        if (n !== count) throw new Error(`${table}: ${n} rows, expected ${count}`);
      }
    } finally {
      await connection.end();
      await admin.query(`DROP DATABASE ${database}`);
    }
  });
});

t.test('MySQL/MariaDB: two column names are one name exactly when MariaDB says so', async (t) => {
  if (!(await requireMariadb(t))) return;
  const admin = await mysql.createConnection({ uri: MYSQL_URL, charset: 'utf8mb4' });
  t.teardown(() => admin.end());
  // The fold, character by character, against the case table MariaDB compares identifiers with.
  const chars: string[] = [];
  for (let code = 1; code <= 0xffff; code++) {
    if (code < 0xd800 || code > 0xdfff) chars.push(String.fromCodePoint(code));
  }
  const differ: string[] = [];
  for (let i = 0; i < chars.length; i += 2000) {
    const batch = chars.slice(i, i + 2000);
    const lower = 'HEX(LOWER(CONVERT(? USING utf8mb3) COLLATE utf8mb3_general_ci))';
    const [rows] = await admin.query(`SELECT ${batch.map(() => lower).join(', ')}`, batch);
    const values = Object.values((rows as Record<string, string>[])[0]!);
    batch.forEach((c, j) => {
      const theirs = Buffer.from(values[j]!, 'hex').toString('utf8');
      if (mariadbFold(c) !== theirs) differ.push(`U+${c.codePointAt(0)!.toString(16)}`);
    });
  }
  t.same(differ, [], 'every BMP character folds as MariaDB lowercases it');

  // Pairs MariaDB takes as two columns (ﬁ/fi, σ/ς, ß/ss…) and pairs it refuses (a/A, Kelvin K/k…):
  // the service refuses exactly the second kind.
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('internal');
  const database = `mockhive_fold_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  t.teardown(() => admin.query(`DROP DATABASE ${database}`));
  const pairs = [
    ['ﬁ', 'fi'],
    ['σ', 'ς'],
    ['Σ', 'ς'],
    ['ß', 'ss'],
    ['ſ', 's'],
    ['ı', 'i'],
    ['Ƞ', 'ƞ'],
    ['a', 'A'],
    ['K', 'k'],
    ['ǅ', 'ǆ'],
    ['İ', 'i'],
    ['Σ', 'σ'],
  ];
  for (const [a, b] of pairs) {
    const q = (name: string) => `\`${name}\``;
    const mariadb = await admin
      .query(`CREATE TABLE ${database}.t (${q(a!)} int, ${q(b!)} int)`)
      .then(() => 'two names')
      .catch((error: Error) => (/Duplicate column/.test(error.message) ? 'one name' : error.message));
    await admin.query(`DROP TABLE IF EXISTS ${database}.t`);
    const fields = [a, b].map((name) => ({ name, type: 'integer' }));
    const json = { tables: [{ name: 't', count: 1, fields }], format: 'sql', sql_dialect: 'mysql' };
    const response = await server.request('/api/v1/generate', { key, json });
    const ours = response.status === 200 ? 'two names' : 'one name';
    t.equal(ours, mariadb, `${a} and ${b}: ${mariadb}`);
    if (response.status !== 200) t.match(await response.text(), /compares column names without case/);
  }
});
