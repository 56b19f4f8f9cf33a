import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import t, { type Test } from 'tap';
import { openStore, type Store } from '../../src/store/index.js';

/** A fresh embedded store, closed and deleted at teardown. */
async function embedded(t: Test): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-sqlite-'));
  const store = await openStore({ dataDir });
  t.teardown(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return store;
}

/** Counts better-sqlite3's prepare calls per SQL text while `t` runs. */
function countPrepares(t: Test): Map<string, number> {
  const counts = new Map<string, number>();
  const prepare = SQLite.prototype.prepare;
  SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
    counts.set(source, (counts.get(source) ?? 0) + 1);
    return prepare.call(this, source);
  } as typeof prepare;
  t.teardown(() => {
    SQLite.prototype.prepare = prepare;
  });
  return counts;
}

t.test('a query run again reuses its statement, with each run its own parameters', async (t) => {
  const store = await embedded(t);
  const counts = countPrepares(t);
  const now = Date.now();
  for (const [id, tier] of [
    ['a', 'free'],
    ['b', 'pro'],
    ['c', 'team'],
  ] as const) {
    await store.db.insertInto('accounts').values({ id, tier, created_at: now }).execute();
  }
  const tierOf = async (id: string) =>
    (await store.db.selectFrom('accounts').select('tier').where('id', '=', id).executeTakeFirst())?.tier;
  t.same(
    [await tierOf('b'), await tierOf('a'), await tierOf('c'), await tierOf('x')],
    ['pro', 'free', 'team', undefined],
  );
  const selects = [...counts].filter(([text]) => text.startsWith('select "tier"'));
  t.equal(selects.length, 1, 'one SQL text');
  t.equal(selects[0]?.[1], 1, 'prepared once for four runs');
  const inserts = [...counts].filter(([text]) => text.startsWith('insert into "accounts"'));
  t.same(
    inserts.map(([, n]) => n),
    [1],
    'the insert too',
  );
});

t.test('statements beyond the kept ones are prepared again when they come back', async (t) => {
  const store = await embedded(t);
  const counts = countPrepares(t);
  const value = async (i: number) =>
    (await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(store.db)).rows[0]?.n;
  for (let i = 0; i < 250; i++) t.equal(await value(i), i);
  t.equal(await value(249), 249, 'a recent one');
  t.equal(await value(0), 0, 'an evicted one');
  t.equal(counts.get('select 249 as n'), 1, 'the recent one was kept');
  t.equal(counts.get('select 0 as n'), 2, 'the evicted one was prepared again');
});
