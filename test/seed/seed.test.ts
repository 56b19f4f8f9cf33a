/**
 * seed() against real databases, in process: every template into PostgreSQL, MariaDB and SQLite with
 * its tables created, row counts and foreign keys checked by queries; the same rows whatever the
 * number of connections; tables filled from the database's own schema (`--from-database`).
 * The CLI's flags, exit codes and interrupts are in test/cli/seed.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import t from 'tap';
import { type GenerationPlan, TEMPLATE_IDS } from '../../workers/engine/index.js';
import { LOCAL } from '../../src/cli/input.js';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { prepareGeneration, UNLIMITED } from '../../src/generation/prepare.js';
import { openTarget, seed, type SeedReport, tablesFromDatabase } from '../../src/seed/index.js';
import { chunkTasks, partRanges } from '../../src/seed/index.js';
import type { Chunk, SeedTarget } from '../../src/seed/target.js';
import { plainCheck } from '../../src/seed/postgres.js';
import { MYSQL_URL, requireMariadb, throwawayMariadb } from '../helpers/mariadb.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';

const unused = () => Promise.reject(new Error('no prompts here'));
const NOTHING = { start() {}, advance() {}, finish() {} };

async function planOf(body: object): Promise<GenerationPlan> {
  const prepared = await prepareGeneration({ limiter: UNLIMITED, convertPrompt: unused }, LOCAL, body, {
    mode: 'sync',
  });
  return prepared.plan;
}

let shared: GenerationPool | undefined;
t.teardown(() => shared?.close());
const pool = () => (shared ??= createPool(2));

/** Seeds `body` into `target` (tables created unless `more` says otherwise), then closes it; the report. */
async function loadInto(target: SeedTarget, body: object, more: object = {}): Promise<SeedReport> {
  const report: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  try {
    const options = { create: true, truncate: false, append: false, signal: new AbortController().signal };
    await seed(target, await planOf(body), pool(), { ...options, ...more }, NOTHING, report);
  } finally {
    await target.close();
  }
  return report;
}

async function seedInto(url: string, body: object, connections = 2, more: object = {}): Promise<SeedReport> {
  return loadInto(await openTarget(url, { connections, schema: 'public', create: true }), body, more);
}

/** Children whose parent row is missing, per foreign key of the plan. */
function orphanQueries(plan: GenerationPlan, quote: (name: string) => string): [string, string][] {
  return plan.tables.flatMap((table) =>
    table.foreignKeys.map((fk): [string, string] => [
      `${table.name}.${fk.field}`,
      `SELECT COUNT(*) AS n FROM ${quote(table.name)} c LEFT JOIN ${quote(fk.table)} p ON p.${quote(fk.references)} = c.${quote(fk.field)} WHERE c.${quote(fk.field)} IS NOT NULL AND p.${quote(fk.references)} IS NULL`,
    ]),
  );
}

const dq = (name: string) => `"${name}"`;
const bq = (name: string) => `\`${name}\``;

t.test('row ranges split by connection, aligned to INSERT statements', async (t) => {
  t.same(partRanges(10, 4), [{ from: 0, to: 10 }], 'a small table goes over one connection');
  t.same(partRanges(0, 4), [{ from: 0, to: 0 }]);
  const ranges = partRanges(1_000_001, 3);
  t.equal(ranges.length, 3);
  t.equal(ranges.at(-1)!.to, 1_000_001, 'every row');
  for (const [i, range] of ranges.entries()) {
    t.equal(range.from % 500, 0, 'starts on a statement');
    if (i > 0) t.equal(range.from, ranges[i - 1]!.to, 'contiguous');
  }
});

t.test('chunks of INSERTs are whole statements, however wide the rows', async (t) => {
  const wide = {
    seed: 1,
    tables: [
      {
        name: 'docs',
        count: 20_000,
        fields: ['a', 'b', 'c', 'd'].map((name) => ({ name, type: 'paragraph' })),
      },
    ],
  };
  for (const body of [wide, { template: 'ecommerce', seed: 1 }]) {
    const plan = await planOf(body);
    for (const table of plan.tables) {
      const options = { encoding: 'sql', dialect: 'mysql', jsonEscape: false } as const;
      const tasks = [...chunkTasks(plan, table, { from: 0, to: table.count }, options, 4 << 20)];
      t.equal(tasks.at(-1)!.end, table.count, `${table.name}: every row`);
      if (table.name === 'docs')
        t.ok(tasks[0]!.end < 5000, 'the wide rows make chunks smaller than 5,000 rows');
      t.ok(
        tasks.slice(0, -1).every((task) => (task.end - task.start) % 500 === 0),
        `${table.name}: ${tasks.length} chunks of whole 500-row statements`,
      );
    }
  }
});

t.test("PostgreSQL's CHECK texts read as schema detection reads CHECK … IN and ranges", async (t) => {
  t.equal(
    plainCheck("CHECK ((status = ANY (ARRAY['active'::text, 'paused'::text])))"),
    "CHECK ((status IN ('active', 'paused')))",
  );
  t.equal(
    plainCheck(
      "CHECK (((kind)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[])))",
    ),
    "CHECK (((kind) IN ('a', 'b')))",
    'varchar columns compare through casts',
  );
  t.equal(plainCheck('CHECK ((score >= (0)::numeric))'), 'CHECK ((score >= (0)))');
});

t.test('every template into SQLite: counts and foreign keys', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-seed-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  for (const template of TEMPLATE_IDS) {
    const file = join(dir, `${template}.db`);
    const body = { template, scale: 0.5, seed: 7 };
    const report = await seedInto(`sqlite:${file}`, body);
    const plan = await planOf(body);
    const db = new Database(file, { readonly: true });
    for (const table of plan.tables) {
      const { n } = db.prepare(`SELECT COUNT(*) AS n FROM "${table.name}"`).get() as { n: number };
      t.equal(n, table.count, `${template}: ${table.name} rows`);
    }
    t.same(db.pragma('foreign_key_check'), [], `${template}: foreign keys hold`);
    t.same(report.created, plan.order, `${template}: tables created parents first`);
    db.close();
  }
});

t.test('every template into PostgreSQL: counts, foreign keys, one or four connections alike', async (t) => {
  if (!(await requirePostgres(t))) return;
  for (const template of TEMPLATE_IDS) {
    const body = { template, scale: 0.5, seed: 7 };
    const plan = await planOf(body);
    const urls = [await throwawayPostgres(t), await throwawayPostgres(t)];
    await seedInto(urls[0]!, body, 1);
    await seedInto(urls[1]!, body, 4);
    const fingerprints: string[] = [];
    for (const url of urls) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let fingerprint = '';
      for (const table of plan.tables) {
        const { rows } = await client.query<{ n: string; digest: string }>(
          `SELECT COUNT(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table.name}" t`,
        );
        t.equal(Number(rows[0]!.n), table.count, `${template}: ${table.name} rows`);
        fingerprint += rows[0]!.digest;
      }
      for (const [what, sql] of orphanQueries(plan, dq)) {
        const { rows } = await client.query<{ n: string }>(sql);
        t.equal(Number(rows[0]!.n), 0, `${template}: ${what} has no orphans`);
      }
      fingerprints.push(fingerprint);
      await client.end();
    }
    t.equal(fingerprints[0], fingerprints[1], `${template}: the same rows over 1 and 4 connections`);
  }
});

t.test('a large table over several connections: every row once, sequences moved on', async (t) => {
  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  await client.query('CREATE TABLE events (id serial PRIMARY KEY, name text NOT NULL, at timestamptz)');
  const body = {
    seed: 3,
    tables: [
      {
        name: 'events',
        count: 120_000,
        fields: [
          { name: 'id', type: 'sequence' },
          { name: 'name', type: 'word' },
          { name: 'at', type: 'datetime' },
        ],
      },
    ],
  };
  await seedInto(url, body, 3, { create: false });
  const { rows } = await client.query<{ n: string; distinct_ids: string; max: number }>(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS distinct_ids, MAX(id) AS max FROM events',
  );
  t.same(rows[0], { n: '120000', distinct_ids: '120000', max: 120_000 });
  const next = await client.query<{ id: number }>("INSERT INTO events (name) VALUES ('x') RETURNING id");
  t.equal(next.rows[0]!.id, 120_001, 'the serial continues after the rows loaded');
});

t.test('--schema-name: the tables of another PostgreSQL schema, created and filled there', async (t) => {
  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  await client.query('CREATE SCHEMA sales');
  const body = { template: 'ecommerce', scale: 0.2, seed: 4 };
  await loadInto(await openTarget(url, { connections: 2, schema: 'sales' }), body);
  const { rows } = await client.query<{ schema: string; n: string }>(
    "SELECT table_schema AS schema, COUNT(*) AS n FROM information_schema.tables WHERE table_name = 'orders' GROUP BY 1",
  );
  t.same(rows, [{ schema: 'sales', n: '1' }], 'created in sales only');
  const orders = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM sales.orders');
  t.equal(Number(orders.rows[0]!.n), (await planOf(body)).tables.find((x) => x.name === 'orders')!.count);
  const missing = openTarget(url, { connections: 1, schema: 'nowhere' });
  await t.rejects(missing, { message: /There is no schema "nowhere"/, exitCode: 4 });
});

t.test('every template into MariaDB: counts and foreign keys', async (t) => {
  if (!(await requireMariadb(t))) return;
  for (const template of TEMPLATE_IDS) {
    const connection = await throwawayMariadb(t);
    const [[{ db }]] = (await connection.query('SELECT DATABASE() AS db')) as unknown as [[{ db: string }]];
    const body = { template, scale: 0.5, seed: 7 };
    const plan = await planOf(body);
    await seedInto(`${MYSQL_URL}/${db}`, body, 2);
    for (const table of plan.tables) {
      const [rows] = (await connection.query(`SELECT COUNT(*) AS n FROM \`${table.name}\``)) as unknown as [
        { n: number }[],
      ];
      t.equal(Number(rows[0]!.n), table.count, `${template}: ${table.name} rows`);
    }
    for (const [what, sql] of orphanQueries(plan, bq)) {
      const [rows] = (await connection.query(sql)) as unknown as [{ n: number }[]];
      t.equal(Number(rows[0]!.n), 0, `${template}: ${what} has no orphans`);
    }
  }
});

/** A schema with what --from-database must read: enums, checks, composite unique keys, self-references, NOT NULL. */
const POSTGRES_SCHEMA = `
CREATE TYPE plan_kind AS ENUM ('free', 'pro', 'team');
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  email varchar(200) NOT NULL UNIQUE,
  full_name text NOT NULL,
  plan plan_kind NOT NULL,
  mentor_id bigint REFERENCES members (id),
  status text NOT NULL CHECK (status IN ('active', 'paused')),
  stars integer CHECK (stars BETWEEN 1 AND 5),
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE clubs (id serial PRIMARY KEY, name text NOT NULL, city text);
CREATE TABLE club_members (
  club_id integer NOT NULL REFERENCES clubs (id),
  member_id bigint NOT NULL REFERENCES members (id),
  role text NOT NULL,
  PRIMARY KEY (club_id, member_id)
);`;

t.test(
  '--from-database on PostgreSQL: enums, checks, composite keys, a self-reference, NOT NULL',
  async (t) => {
    if (!(await requirePostgres(t))) return;
    const url = await throwawayPostgres(t);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    t.teardown(() => client.end());
    await client.query(POSTGRES_SCHEMA);
    const target = await openTarget(url, { connections: 2, schema: 'public' });
    const counts: Record<string, number> = { members: 300, clubs: 20, club_members: 500 };
    const { tables, warnings } = await tablesFromDatabase(target, (name) => counts[name]!);
    t.same(warnings, []);
    const members = tables.find((table) => table.name === 'members')!;
    const field = (name: string) => members.fields.find((f) => f.name === name)!;
    t.equal(field('email').type, 'email', 'typed by the naming rules of schema detection');
    t.same(field('plan').params, { values: ['free', 'pro', 'team'] }, 'the enum type');
    t.same(field('status').params, { values: ['active', 'paused'] }, 'the CHECK … IN list');
    t.equal(field('mentor_id').type, 'ref', 'the self-reference');
    const report = await loadInto(target, { tables, seed: 5 }, { create: false });
    t.same(
      report.loaded.map((l) => [l.table, l.rows]),
      [
        ['clubs', 20],
        ['members', 300],
        ['club_members', 500],
      ],
      'parents first',
    );
    const { rows } = await client.query<Record<string, string>>(`SELECT
    (SELECT COUNT(*) FROM members WHERE email LIKE '%@%') AS emails,
    (SELECT COUNT(*) FROM members WHERE mentor_id IS NOT NULL) AS mentored,
    (SELECT COUNT(*) FROM members WHERE stars NOT BETWEEN 1 AND 5) AS bad_stars,
    (SELECT COUNT(DISTINCT (club_id, member_id)) FROM club_members) AS pairs`);
    t.same(rows[0], { emails: '300', mentored: rows[0]!.mentored, bad_stars: '0', pairs: '500' });
    t.ok(Number(rows[0]!.mentored) > 0, 'some members have a mentor');
  },
);

t.test('--from-database on MariaDB and SQLite read their own DDL', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-seed-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const sqliteFile = join(dir, 'app.db');
  const db = new Database(sqliteFile);
  db.exec(`CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
    CREATE TABLE people (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES teams(id),
      manager_id INTEGER REFERENCES people(id), email TEXT NOT NULL, level TEXT NOT NULL CHECK (level IN ('junior', 'senior')));`);
  db.close();
  const urls = [`sqlite:${sqliteFile}`];
  if (await requireMariadb(t)) {
    const connection = await throwawayMariadb(t);
    const [[{ name }]] = (await connection.query('SELECT DATABASE() AS name')) as unknown as [
      [{ name: string }],
    ];
    await connection.query(`CREATE TABLE teams (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL UNIQUE);
      CREATE TABLE people (id INT AUTO_INCREMENT PRIMARY KEY, team_id INT NOT NULL, manager_id INT NULL,
        email VARCHAR(200) NOT NULL, level ENUM('junior', 'senior') NOT NULL,
        FOREIGN KEY (team_id) REFERENCES teams (id), FOREIGN KEY (manager_id) REFERENCES people (id))`);
    urls.push(`${MYSQL_URL}/${name}`);
  }
  for (const url of urls) {
    const target = await openTarget(url, { connections: 2, schema: 'public' });
    const { tables } = await tablesFromDatabase(target, (table) => (table === 'teams' ? 10 : 200));
    const people = tables.find((table) => table.name === 'people')!;
    t.same(
      people.fields.map((f) => f.type),
      ['id', 'ref', 'ref', 'email', 'enum'],
      `${url.split(':')[0]}: types from the DDL`,
    );
    const report = await loadInto(target, { tables, seed: 9 }, { create: false });
    t.same(
      report.loaded.map((l) => [l.table, l.rows]),
      [
        ['teams', 10],
        ['people', 200],
      ],
      `${url.split(':')[0]}: loaded parents first`,
    );
  }
});

/** A database that takes chunks slowly and commits what it was given when its parts end. */
function slowTarget(onChunk: (rows: number) => void): SeedTarget & { committed: number } {
  const target = {
    dialect: 'postgres' as const,
    encoding: 'csv' as const,
    connections: 2,
    label: 'fake',
    committed: 0,
    describe: async () => new Map(),
    ddl: async () => '',
    create: async () => {},
    drop: async () => {},
    clear: async () => {},
    async load(_table: unknown, parts: readonly AsyncIterable<Chunk>[]) {
      let rows = 0;
      await Promise.all(
        parts.map(async (part) => {
          for await (const chunk of part) {
            rows += chunk.rows;
            onChunk(rows);
            await new Promise((resolve) => setTimeout(resolve, 40)); // slower than generation
          }
        }),
      );
      target.committed += rows; // every part ended without an error: the load commits
    },
    select: async () => [],
    settle: async () => {},
    close: async () => {},
  };
  return target;
}

t.test('an interrupt fails the table in progress, even with its chunks generated ahead', async (t) => {
  const plan = await planOf({
    seed: 1,
    tables: [{ name: 'events', count: 200_000, fields: [{ name: 'id', type: 'sequence' }] }],
  });
  const interrupt = new AbortController();
  const target = slowTarget((rows) => {
    if (rows >= 20_000) interrupt.abort(new DOMException('Interrupted', 'AbortError'));
  });
  const report: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  const options = { create: true, truncate: false, append: false, signal: interrupt.signal };
  await t.rejects(seed(target, plan, pool(), options, NOTHING, report), { name: 'AbortError' });
  t.equal(target.committed, 0, 'nothing committed');
  t.same(report.loaded, [], 'nothing reported as loaded');
  t.equal(report.loading, 'events', 'the table in progress is named');
  t.same([report.created, report.dropped], [[], ['events']], 'the table it created is dropped again');

  const stop = new AbortController();
  const stuck = slowTarget((rows) => {
    if (rows >= 20_000) stop.abort(new DOMException('Interrupted', 'AbortError'));
  });
  stuck.drop = () => Promise.reject(new Error('server gone'));
  const kept: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  await t.rejects(seed(stuck, plan, pool(), { ...options, signal: stop.signal }, NOTHING, kept));
  t.same(
    [kept.created, kept.dropped, kept.dropFailed],
    [['events'], [], 'server gone'],
    'a failed drop is told',
  );

  const early = new AbortController();
  early.abort(new DOMException('Interrupted', 'AbortError'));
  const untouched = slowTarget(() => {});
  const second: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  await t.rejects(seed(untouched, plan, pool(), { ...options, signal: early.signal }, NOTHING, second));
  t.same(second.created, [], 'an interrupt before writing creates nothing');
  t.equal(untouched.committed, 0);
});
