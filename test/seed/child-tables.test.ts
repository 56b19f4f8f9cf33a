/**
 * seed() with an array of records: the child table `<table>_<field>` is created after its parent
 * and holds exactly the elements of the JSON arrays of the same seed, in SQLite (INSERTs),
 * PostgreSQL (COPY of CSV) and MariaDB (INSERTs), over several connections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import t from 'tap';
import { LOCAL } from '../../src/cli/input.js';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { prepareGeneration, UNLIMITED } from '../../src/generation/prepare.js';
import { openTarget, seed, type SeedReport } from '../../src/seed/index.js';
import { type GenerationPlan, generateRecords } from '../../workers/engine/index.js';
import { MYSQL_URL, requireMariadb, throwawayMariadb } from '../helpers/mariadb.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';

const unused = () => Promise.reject(new Error('no prompts here'));
const NOTHING = { start() {}, advance() {}, finish() {} };
const BODY = {
  seed: 5,
  tables: [
    {
      name: 'orders',
      count: 1_700,
      fields: [
        { name: 'id', type: 'sequence' },
        {
          name: 'lines',
          type: 'array',
          params: {
            of: 'object',
            min: 0,
            max: 3,
            params: {
              properties: {
                sku: { type: 'pattern', params: { regex: 'SKU-[0-9]{4}' } },
                qty: { type: 'integer', params: { min: 1, max: 9 } },
              },
            },
          },
        },
      ],
    },
  ],
};

let shared: GenerationPool | undefined;
t.teardown(() => shared?.close());

async function planOf(): Promise<GenerationPlan> {
  const prepared = await prepareGeneration({ limiter: UNLIMITED, convertPrompt: unused }, LOCAL, BODY, {
    mode: 'sync',
  });
  return prepared.plan;
}

async function seedInto(url: string): Promise<SeedReport> {
  const target = await openTarget(url, { connections: 3, schema: 'public', create: true });
  const report: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  try {
    const options = { create: true, truncate: false, append: false, signal: new AbortController().signal };
    await seed(target, await planOf(), (shared ??= createPool(2)), options, NOTHING, report);
  } finally {
    await target.close();
  }
  return report;
}

/** [orders_id, position, sku, qty] of every element of the JSON arrays. */
async function expected(): Promise<[number, number, string, number][]> {
  const plan = await planOf();
  return generateRecords(plan, 'orders', 0, 1_700).flatMap((order) =>
    (order['lines'] as { sku: string; qty: number }[]).map((line, i): [number, number, string, number] => [
      Number(order['id']),
      i + 1,
      line.sku,
      line.qty,
    ]),
  );
}

const QUERY = 'SELECT orders_id, position, sku, qty FROM orders_lines ORDER BY orders_id, position';

t.test('SQLite: the child table holds the JSON elements', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-child-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'shop.db');
  const report = await seedInto(`sqlite:${file}`);
  t.same(report.created, ['orders', 'orders_lines'], 'the child table is created after its parent');
  const db = new Database(file, { readonly: true });
  t.teardown(() => db.close());
  const rows = db.prepare(QUERY).raw().all();
  const want = await expected();
  t.ok(want.length > 1_700, `${want.length} elements`);
  t.same(rows, want);
  t.same(db.pragma('foreign_key_check'), [], 'foreign keys hold');
});

t.test('PostgreSQL (COPY): the child table holds the JSON elements', async (t) => {
  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  await seedInto(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  const { rows } = await client.query({
    text: QUERY.replace('orders_id,', 'orders_id::int,'),
    rowMode: 'array',
  });
  t.same(rows, await expected());
  const fk = await client.query(
    "SELECT count(*)::int AS n FROM information_schema.table_constraints WHERE table_name = 'orders_lines' AND constraint_type = 'FOREIGN KEY'",
  );
  t.equal(fk.rows[0].n, 1, 'a foreign key to orders');
});

t.test('MariaDB: the child table holds the JSON elements', async (t) => {
  if (!(await requireMariadb(t))) return;
  const connection = await throwawayMariadb(t);
  const [[{ db }]] = (await connection.query('SELECT DATABASE() AS db')) as unknown as [[{ db: string }]];
  await seedInto(`${MYSQL_URL}/${db}`);
  const [rows] = (await connection.query({ sql: QUERY, rowsAsArray: true })) as unknown as [unknown[][]];
  t.same(
    rows.map((r) => [Number(r[0]), Number(r[1]), r[2], Number(r[3])]),
    await expected(),
  );
});
