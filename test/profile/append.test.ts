/**
 * `seed --append` onto a database that holds customers and orders: new orders refer only to existing
 * customers, no customer is added, order ids continue past the existing ones; a ref to a missing or
 * empty table is refused (exit 4) before anything is written. Run in process through the command.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { cli } from '../helpers/cli.js';
import { openTarget, type SeedTarget } from '../../src/seed/index.js';
import { requireMariadb } from '../helpers/mariadb.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import { buildSource, type Dialect, throwawayMariadbUrl } from './source.js';

/** Runs `mockhive seed …args` in process; the exit code it would end with, and its message. */
async function runSeed(args: string[]): Promise<{ code: number; message?: string }> {
  const run = await cli(['seed', ...args, '--quiet']);
  return run.stderr === '' ? { code: run.code } : { code: run.code, message: run.stderr };
}

const orders = (count: number, parent = 'customers') => ({
  seed: 7,
  tables: [
    {
      name: 'orders',
      count,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'customer_id', type: 'ref', params: { table: parent } },
        { name: 'amount', type: 'number', params: { min: 5, max: 500, precision: 2 } },
        { name: 'status', type: 'enum', params: { values: ['new', 'paid', 'shipped'] } },
        { name: 'created_at', type: 'datetime' },
      ],
    },
  ],
});

async function one(target: SeedTarget, sql: string): Promise<number> {
  return Number(Object.values((await target.select(sql))[0] ?? {})[0]);
}

async function appendCase(t: Test, dialect: Dialect, url: string): Promise<void> {
  await buildSource(dialect, url, 3000);
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-append-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const request = join(dir, 'orders.json');
  writeFileSync(request, JSON.stringify(orders(1000)));
  const target = await openTarget(url, { connections: 1, schema: 'public' });
  t.teardown(() => target.close());
  const before = await one(target, 'SELECT COUNT(*) FROM orders');
  const maxId = await one(target, 'SELECT MAX(id) FROM orders');

  t.same(await runSeed(['--database-url', url, '--request', request, '--append']), { code: 0 });
  t.equal(await one(target, 'SELECT COUNT(*) FROM customers'), 3000, 'no customer added');
  t.equal(await one(target, 'SELECT COUNT(*) FROM orders'), before + 1000, '1,000 orders added');
  t.equal(
    await one(
      target,
      `SELECT COUNT(*) FROM orders o WHERE o.id > ${maxId} AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = o.customer_id)`,
    ),
    0,
    'every new order refers to an existing customer',
  );
  t.ok(
    (await one(target, `SELECT COUNT(DISTINCT customer_id) FROM orders WHERE id > ${maxId}`)) > 500,
    'spread over many customers',
  );

  // A sample of the keys above --ref-sample: still only existing customers.
  t.same(await runSeed(['--database-url', url, '--request', request, '--append', '--ref-sample', '200']), {
    code: 0,
  });
  t.equal(
    await one(
      target,
      'SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = o.customer_id)',
    ),
    0,
    'sampled keys are existing customers',
  );

  const missing = join(dir, 'missing.json');
  writeFileSync(missing, JSON.stringify(orders(10, 'vendors')));
  const refused = await runSeed(['--database-url', url, '--request', missing, '--append']);
  t.equal(refused.code, 4, 'a missing parent table: exit 4');
  t.match(refused.message, /orders\.customer_id refers to vendors, which is neither in the request nor in/);

  await target.create(['CREATE TABLE vendors (id integer PRIMARY KEY)']);
  const empty = await runSeed(['--database-url', url, '--request', missing, '--append']);
  t.equal(empty.code, 4, 'an empty parent table: exit 4');
  t.match(empty.message, /vendors is empty/);
  t.equal(await one(target, 'SELECT COUNT(*) FROM orders'), before + 2000, 'the refusals wrote nothing');
}

t.test('SQLite: append orders to existing customers', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-append-db-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  await appendCase(t, 'sqlite', `sqlite:${join(dir, 'shop.db')}`);
});

t.test('PostgreSQL: append orders to existing customers', async (t) => {
  if (!(await requirePostgres(t))) return;
  await appendCase(t, 'postgres', await throwawayPostgres(t));
});

t.test('MariaDB: append orders to existing customers', async (t) => {
  if (!(await requireMariadb(t))) return;
  await appendCase(t, 'mysql', await throwawayMariadbUrl(t));
});

t.test('SQLite: appended unique values never meet existing ones; sequences continue', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-append-unique-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const url = `sqlite:${join(dir, 'codes.db')}`;
  const target = await openTarget(url, { connections: 1, schema: 'public', create: true });
  t.teardown(() => target.close());
  const existing = Array.from({ length: 50 }, (_, i) => `(${i + 1}, ${i + 1})`).join(', ');
  await target.create([
    'CREATE TABLE codes (id integer PRIMARY KEY, code integer NOT NULL UNIQUE)',
    `INSERT INTO codes VALUES ${existing}`,
  ]);
  const request = (min: number, max: number) => {
    const file = join(dir, `codes-${min}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        seed: 3,
        tables: [
          {
            name: 'codes',
            count: 30,
            fields: [
              { name: 'id', type: 'sequence' },
              { name: 'code', type: 'integer', unique: true, params: { min, max } },
            ],
          },
        ],
      }),
    );
    return file;
  };
  // 30 distinct codes of 1–100, half of which exist: some meet.
  const clash = await runSeed(['--database-url', url, '--request', request(1, 100), '--append']);
  t.equal(clash.code, 4, 'refused');
  t.match(clash.message, /values drawn for codes\.code \(unique\) are already in/);
  t.equal(await one(target, 'SELECT COUNT(*) FROM codes'), 50, 'nothing written');

  t.same(await runSeed(['--database-url', url, '--request', request(1000, 2000), '--append']), { code: 0 });
  t.equal(await one(target, 'SELECT COUNT(*) FROM codes'), 80);
  t.equal(await one(target, 'SELECT MIN(id) FROM codes WHERE code >= 1000'), 51, 'ids continue past 50');
});
