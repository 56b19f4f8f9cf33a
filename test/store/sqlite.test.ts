import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import t, { type Test } from 'tap';
import { openStore } from '../../src/store/index.js';
import { embeddedStore } from '../helpers/stores.js';
import { TS_NODE_ARGS } from '../helpers/node-args.js';

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
  const store = await embeddedStore(t);
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

t.test('a kept statement that failed runs again', async (t) => {
  const store = await embeddedStore(t);
  const counts = countPrepares(t);
  const insert = (id: string) =>
    store.db.insertInto('accounts').values({ id, tier: 'free', created_at: 1 }).execute();
  await insert('a');
  await t.rejects(insert('a'), /UNIQUE/, 'a duplicate key fails');
  await insert('b');
  const ids = await store.db.selectFrom('accounts').select('id').orderBy('id').execute();
  t.same(
    ids.map((r) => r.id),
    ['a', 'b'],
  );
  t.same(
    [...counts].filter(([text]) => text.startsWith('insert into "accounts"')).map(([, n]) => n),
    [1],
    'one statement for the three inserts',
  );
});

t.test('statements beyond the kept ones are prepared again when they come back', async (t) => {
  const store = await embeddedStore(t);
  const counts = countPrepares(t);
  const value = async (i: number) =>
    (await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(store.db)).rows[0]?.n;
  for (let i = 0; i < 250; i++) t.equal(await value(i), i);
  t.equal(await value(249), 249, 'a recent one');
  t.equal(await value(0), 0, 'an evicted one');
  t.equal(counts.get('select 249 as n'), 1, 'the recent one was kept');
  t.equal(counts.get('select 0 as n'), 2, 'the evicted one was prepared again');
});

/**
 * Opens (and so migrates) the store in `dataDir` in a process of its own, once `go` resolves: the
 * child loads everything first and says so, so that two of them migrate within a millisecond or two.
 */
function openInChild(dataDir: string, go: Promise<void>) {
  const index = new URL('../../src/store/index.ts', import.meta.url).href;
  const script = `const { openStore } = await import(${JSON.stringify(index)});
    process.stdout.write('ready\\n');
    process.stdin.once('data', async () => {
      const store = await openStore({ dataDir: ${JSON.stringify(dataDir)} });
      await store.close();
      process.exit(0);
    });`;
  const child = spawn(process.execPath, [...TS_NODE_ARGS, '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (c) => {
      output += c;
      if (output.includes('ready')) resolve();
    }),
  );
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
  void go.then(() => child.stdin.end('go\n'));
  return { ready, exited };
}

t.test('two processes opening a new store at once both migrate it, once', async (t) => {
  // Without the IMMEDIATE transaction most such pairs had one fail ("table already exists").
  for (let round = 0; round < 3; round++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-race-'));
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    let start!: () => void;
    const go = new Promise<void>((resolve) => (start = resolve));
    const children = [openInChild(dataDir, go), openInChild(dataDir, go)];
    await Promise.all(children.map((c) => c.ready));
    start();
    for (const { code, output } of await Promise.all(children.map((c) => c.exited))) {
      t.equal(code, 0, output);
    }
    const store = await openStore({ dataDir });
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(store.db);
    await store.close();
    t.equal(new Set(applied.rows.map((r) => r.name)).size, applied.rows.length, 'each migration once');
  }
});
