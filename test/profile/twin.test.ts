/**
 * Profile a source database with known distributions, seed a twin from the profile, and compare them
 * by queries, on SQLite, PostgreSQL and MariaDB: exact counts, null rates and category shares, children
 * per parent (a quarter childless, a geometric tail), numbers inside the source's range, no child
 * dated before its parent; and none of the source's names, emails or phones in the profile or the twin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { LOCAL } from '../../src/cli/input.js';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { prepareGeneration, UNLIMITED } from '../../src/generation/prepare.js';
import { profileDatabase } from '../../src/profile/index.js';
import { openTarget, seed, type SeedReport, type SeedTarget } from '../../src/seed/index.js';
import { requireMariadb } from '../helpers/mariadb.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import { buildSource, type Dialect, type Source, throwawayMariadbUrl } from './source.js';

let shared: GenerationPool | undefined;
t.teardown(() => shared?.close());
const pool = () => (shared ??= createPool(2));
const NOTHING = { start() {}, advance() {}, finish() {} };
const unused = () => Promise.reject(new Error('no prompts here'));

/** Seeds `request` into the database of `url`, creating its tables. */
async function seedTwin(url: string, request: object): Promise<void> {
  const { plan } = await prepareGeneration({ limiter: UNLIMITED, convertPrompt: unused }, LOCAL, request, {
    mode: 'sync',
  });
  const target = await openTarget(url, { connections: 2, schema: 'public', create: true });
  const report: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  try {
    const options = { create: true, truncate: false, append: false, signal: new AbortController().signal };
    await seed(target, plan, pool(), options, NOTHING, report);
  } finally {
    await target.close();
  }
}

async function one(target: SeedTarget, sql: string): Promise<number> {
  const rows = await target.select(sql);
  return Number(Object.values(rows[0] ?? {})[0] ?? NaN);
}

/** The measures the issue compares between a source and its twin. */
async function measure(target: SeedTarget) {
  const customers = await one(target, 'SELECT COUNT(*) FROM customers');
  const orders = await one(target, 'SELECT COUNT(*) FROM orders');
  const phoneNulls = (await one(target, 'SELECT COUNT(*) FROM customers WHERE phone IS NULL')) / customers;
  const tiers: Record<string, number> = {};
  for (const row of await target.select('SELECT tier, COUNT(*) AS n FROM customers GROUP BY tier'))
    tiers[String(row['tier'])] = Number(row['n']) / customers;
  const childless =
    (await one(
      target,
      'SELECT COUNT(*) FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)',
    )) / customers;
  return {
    customers,
    orders,
    phoneNulls,
    tiers,
    childless,
    perParent: orders / customers,
    scoreMin: await one(target, 'SELECT MIN(score) FROM customers'),
    scoreMax: await one(target, 'SELECT MAX(score) FROM customers'),
    scoreMean: await one(target, 'SELECT AVG(score) FROM customers'),
    amountMean: await one(target, 'SELECT AVG(amount) FROM orders'),
    early: await one(
      target,
      'SELECT COUNT(*) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.created_at < c.signed_up_at',
    ),
    updatedEarly: await one(target, 'SELECT COUNT(*) FROM customers WHERE updated_at < signed_up_at'),
  };
}

/** How many of `values` column `column` of `table` holds, asked in batches. */
async function present(target: SeedTarget, table: string, column: string, values: readonly string[]) {
  let found = 0;
  for (let i = 0; i < values.length; i += 400) {
    const list = values
      .slice(i, i + 400)
      .map((v) => `'${v.replace(/'/g, "''")}'`)
      .join(', ');
    found += await one(target, `SELECT COUNT(*) FROM ${table} WHERE ${column} IN (${list})`);
  }
  return found;
}

async function twinCase(t: Test, dialect: Dialect, sourceUrl: string, twinUrl: string): Promise<void> {
  const source: Source = await buildSource(dialect, sourceUrl);
  const reader = await openTarget(sourceUrl, { connections: 1, schema: 'public' });
  t.teardown(() => reader.close());
  const profile = await profileDatabase(reader, { sample: 20_000, minGroup: 10, scale: 1 });
  const text = JSON.stringify(profile.request);

  const leaked = [...source.names, ...source.emails, ...source.phones].filter((v) => text.includes(v));
  t.same(leaked, [], 'no name, email or phone of the source in the profile');
  const customers = profile.request.tables.find((x) => x.name === 'customers')!;
  t.equal(customers.fields.find((f) => f.name === 'first_name')?.type, 'first_name', 'names stay a type');
  t.equal(customers.fields.find((f) => f.name === 'email')?.type, 'email', 'emails stay a type');

  await seedTwin(twinUrl, profile.request);
  const twinTarget = await openTarget(twinUrl, { connections: 1, schema: 'public' });
  t.teardown(() => twinTarget.close());
  const [a, b] = [await measure(reader), await measure(twinTarget)];
  t.comment(JSON.stringify({ source: a, twin: b }));

  t.equal(b.customers, a.customers, 'customers: exact count');
  t.equal(b.orders, a.orders, 'orders: exact count');
  t.ok(Math.abs(b.phoneNulls - a.phoneNulls) <= 0.03, `null rate ${b.phoneNulls} vs ${a.phoneNulls}`);
  for (const tier of ['basic', 'plus', 'pro'])
    t.ok(
      Math.abs((b.tiers[tier] ?? 0) - (a.tiers[tier] ?? 0)) <= 0.03,
      `${tier}: ${b.tiers[tier]} vs ${a.tiers[tier]}`,
    );
  t.ok(Math.abs(b.perParent - a.perParent) <= 0.1 * a.perParent, `children per parent ${b.perParent}`);
  t.ok(Math.abs(b.childless - a.childless) <= 0.05, `childless ${b.childless} vs ${a.childless}`);
  t.ok(b.scoreMin >= a.scoreMin && b.scoreMax <= a.scoreMax, `score in [${a.scoreMin}, ${a.scoreMax}]`);
  t.ok(
    Math.abs(b.scoreMean - a.scoreMean) <= 0.1 * a.scoreMean,
    `score mean ${b.scoreMean} vs ${a.scoreMean}`,
  );
  t.ok(Math.abs(b.amountMean - a.amountMean) <= 0.1 * a.amountMean, `amount mean ${b.amountMean}`);
  t.equal(a.early, 0, 'the source has no order before its customer');
  t.equal(b.early, 0, 'no order of the twin before its customer');
  t.equal(b.updatedEarly, 0, 'no updated_at before signed_up_at in the twin');

  t.equal(
    await present(twinTarget, 'customers', 'first_name', source.names),
    0,
    'no source name in the twin',
  );
  t.equal(await present(twinTarget, 'customers', 'email', source.emails), 0, 'no source email in the twin');
  t.equal(await present(twinTarget, 'customers', 'phone', source.phones), 0, 'no source phone in the twin');
}

t.test('SQLite: profile, twin, compare', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-profile-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  await twinCase(t, 'sqlite', `sqlite:${join(dir, 'source.db')}`, `sqlite:${join(dir, 'twin.db')}`);
});

t.test('PostgreSQL: profile, twin, compare', async (t) => {
  if (!(await requirePostgres(t))) return;
  await twinCase(t, 'postgres', await throwawayPostgres(t), await throwawayPostgres(t));
});

t.test('MariaDB: profile, twin, compare', async (t) => {
  if (!(await requireMariadb(t))) return;
  await twinCase(t, 'mysql', await throwawayMariadbUrl(t), await throwawayMariadbUrl(t));
});
