/**
 * `mockhive seed` as a user runs it (in process, test/helpers/cli.ts): flags, messages and exit codes
 * for each way it can go wrong (usage, a database it cannot reach or log into, tables that do not fit,
 * tables holding rows, a load the database refuses, a connection lost), and what is left in the
 * database after each. Ctrl-C, a real signal to a real process, is in test/cli/smoke.test.ts. The loading itself, on
 * every database and template, is tested in test/seed/seed.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import t from 'tap';
import { MYSQL_URL, requireMariadb } from '../helpers/mariadb.js';
import { cli as inProcess, startCli } from '../helpers/cli.js';
import { copyRunning } from '../helpers/seed-cli.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';

/** Runs `mockhive …args` in process (inline generation); its exit code and output. */
const cli = (...args: string[]) => inProcess(args);

const dir = mkdtempSync(join(tmpdir(), 'mockhive-seed-cli-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const sqliteUrl = () => `sqlite:${join(dir, `db${files++}.db`)}`;
const rows = (url: string, table: string) => {
  const db = new Database(url.slice('sqlite:'.length), { readonly: true });
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number };
  db.close();
  return n;
};

t.test('usage mistakes exit 2 and say what to do', async (t) => {
  const none = await cli('seed', '--template', 'blog');
  t.equal(none.code, 2);
  t.match(none.stderr, /--database-url/);
  const both = await cli(
    'seed',
    '--database-url',
    sqliteUrl(),
    '--template',
    'blog',
    '--truncate',
    '--append',
  );
  t.equal(both.code, 2, 'truncate and append conflict');
  t.match(both.stderr, /truncate.*append|append.*truncate/);
  const scheme = await cli('seed', '--database-url', 'oracle://x/y', '--template', 'blog');
  t.equal(scheme.code, 2);
  t.match(scheme.stderr, /postgres:\/\/.*sqlite:/);
  const mixed = await cli('seed', '--database-url', sqliteUrl(), '--from-database', '--template', 'blog');
  t.equal(mixed.code, 2);
  t.match(mixed.stderr, /--from-database .* drop --template/);
  const bad: [string[], RegExp][] = [
    [['--connections', '0'], /--connections takes 1 to 64/],
    [['--connections', 'many'], /--connections takes a whole number/],
    [['--count', 'lots'], /--count takes a whole number/],
    [['--seed', '-3'], /--seed takes a whole number/],
    [['--schema-name', 'sales'], /--schema-name is for PostgreSQL/],
  ];
  for (const [flags, message] of bad) {
    const run = await cli('seed', '--database-url', sqliteUrl(), '--template', 'blog', '--create', ...flags);
    t.equal(run.code, 2, flags.join(' '));
    t.match(run.stderr, message);
  }
  const schema = await cli(
    'seed',
    '--database-url',
    'postgres://postgres@127.0.0.1:1/x',
    '--template',
    'blog',
    '--schema-name',
    'a b',
  );
  t.equal(schema.code, 2, 'a schema name with a space, refused before connecting');
  t.match(schema.stderr, /--schema-name takes a plain name/);
  const help = await cli('seed', '--help');
  t.equal(help.code, 0);
  t.match(help.stdout, /--from-database[\s\S]*Exit codes[\s\S]*Examples/);
});

t.test('a template into a new SQLite file: progress lines, a summary, the seed', async (t) => {
  const url = sqliteUrl();
  const run = await cli('seed', '--database-url', url, '--template', 'blog', '--create', '--seed', '42');
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /authors: loading \d+ rows/);
  t.match(run.stderr, /posts: [\d,]+ rows in [\d.]+ s \([\d,]+ rows\/s\)/);
  t.match(run.stderr, /seeded sqlite:.*: [\d,]+ rows in \d+ tables .* seed 42\n$/);
  t.ok(rows(url, 'posts') > 0);

  const quiet = await cli('seed', '--database-url', sqliteUrl(), '--template', 'blog', '--create', '--quiet');
  t.equal(quiet.code, 0);
  t.equal(quiet.stderr, '', '--quiet prints nothing');
});

t.test('tables that are missing, do not fit, or hold rows: exit 4 before anything is written', async (t) => {
  const url = sqliteUrl();
  const missing = await cli('seed', '--database-url', url, '--template', 'blog');
  t.equal(missing.code, 4);
  t.match(missing.stderr, /does not exist; add --create/);

  const db = new Database(url.slice('sqlite:'.length));
  db.exec('CREATE TABLE authors (id INTEGER PRIMARY KEY, nickname TEXT NOT NULL)');
  db.close();
  const misfit = await cli('seed', '--database-url', url, '--template', 'blog', '--create');
  t.equal(misfit.code, 4);
  t.match(
    misfit.stderr,
    /does not fit the data[\s\S]*authors has no column [\s\S]*authors\.nickname is NOT NULL without a default/,
  );
  t.equal(rows(url, 'authors'), 0, 'nothing written');

  const schema = join(dir, 'notes.json');
  writeFileSync(
    schema,
    JSON.stringify([
      {
        name: 'notes',
        count: 50,
        fields: [
          { name: 'id', type: 'sequence' },
          { name: 'body', type: 'sentence', nullable: true },
        ],
      },
    ]),
  );
  const strict = new Database(url.slice('sqlite:'.length));
  strict.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  strict.close();
  const nulls = await cli('seed', '--database-url', url, '--schema', schema);
  t.equal(nulls.code, 4, 'a nullable field for a NOT NULL column is refused up front');
  t.match(nulls.stderr, /notes\.body is NOT NULL but the data may hold NULL/);
});

t.test('tables that hold rows: refused, --truncate replaces them, --append adds or rolls back', async (t) => {
  const url = sqliteUrl();
  const args = ['seed', '--database-url', url, '--template', 'blog', '--seed', '1', '--quiet'];
  t.equal((await cli(...args, '--create')).code, 0);
  const before = rows(url, 'comments');

  const again = await cli(...args);
  t.equal(again.code, 4);
  t.match(again.stderr, /already hold rows; add --truncate .* or --append/);
  t.equal(rows(url, 'comments'), before, 'unchanged');

  const truncated = await cli(...args, '--truncate', '--seed', '2');
  t.equal(truncated.code, 0, truncated.stderr);
  t.equal(rows(url, 'comments'), before, 'replaced, not added to');

  const clash = await cli(...args, '--append', '--seed', '2');
  t.equal(clash.code, 4, 'the same seed again: the same unique values, refused before anything is written');
  t.match(clash.stderr, /values drawn for [a-z_]+\.[a-z_]+ \(unique\) are already in/);
  t.equal(rows(url, 'comments'), before, 'nothing half-loaded');

  const schema = join(dir, 'log.json');
  const log = [{ name: 'log', count: 40, fields: [{ name: 'line', type: 'sentence' }] }];
  writeFileSync(schema, JSON.stringify(log));
  const plain = sqliteUrl();
  t.equal((await cli('seed', '--database-url', plain, '--schema', schema, '--create', '--quiet')).code, 0);
  const added = await cli('seed', '--database-url', plain, '--schema', schema, '--append', '--quiet');
  t.equal(added.code, 0, added.stderr);
  t.equal(rows(plain, 'log'), 80, '--append adds rows to a table without keys');
});

t.test('--from-database on the CLI: counts per table, unknown tables named', async (t) => {
  const url = sqliteUrl();
  const db = new Database(url.slice('sqlite:'.length));
  db.exec(`CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE sales (id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL REFERENCES shops(id), amount NUMERIC NOT NULL);`);
  db.close();
  const wrong = await cli('seed', '--database-url', url, '--from-database', '--count', 'orders=5');
  t.equal(wrong.code, 2);
  t.match(wrong.stderr, /--count names no table of the database: orders/);
  const run = await cli(
    'seed',
    '--database-url',
    url,
    '--from-database',
    '--count',
    '30',
    '--count',
    'shops=4',
  );
  t.equal(run.code, 0, run.stderr);
  t.equal(rows(url, 'shops'), 4);
  t.equal(rows(url, 'sales'), 30);
  const missingFile = await cli('seed', '--database-url', sqliteUrl(), '--from-database');
  t.equal(missingFile.code, 4, 'a file that does not exist is not created without --create');
  t.match(missingFile.stderr, /does not exist; add --create/);
  const empty = sqliteUrl();
  new Database(empty.slice('sqlite:'.length)).close();
  const nothing = await cli('seed', '--database-url', empty, '--from-database');
  t.equal(nothing.code, 4);
  t.match(nothing.stderr, /has no tables to fill/);
});

t.test('a database it cannot reach or log into: exit 3', async (t) => {
  if (await requirePostgres(t)) {
    const down = await cli(
      'seed',
      '--database-url',
      'postgres://postgres@127.0.0.1:1/x',
      '--template',
      'blog',
    );
    t.equal(down.code, 3);
    t.match(
      down.stderr,
      /Cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/x \(ECONNREFUSED\)/,
    );
    const nodb = await cli(
      'seed',
      '--database-url',
      'postgres://postgres@127.0.0.1/no_such_db_here',
      '--template',
      'blog',
    );
    t.equal(nodb.code, 3);
    t.match(nodb.stderr, /no_such_db_here/);
  }
  if (await requireMariadb(t)) {
    const url = new URL(MYSQL_URL);
    url.username = 'mockhive_nobody';
    url.password = 'wrong';
    url.pathname = '/mysql';
    const denied = await cli('seed', '--database-url', url.toString(), '--template', 'blog');
    t.equal(denied.code, 3);
    t.match(denied.stderr, /MariaDB refused the credentials for mysql:\/\/mockhive_nobody:\*\*\*@/);
    t.notMatch(denied.stderr, /wrong/, 'the password is not printed');
  }
});

/** Starts seeding a 3,000,000-row table into `url` (in process, on a worker thread); resolves once
 * its rows are being copied into the database. */
async function bigSeed(url: string) {
  const schema = join(dir, 'big.json');
  const big = [
    {
      name: 'events',
      count: 3_000_000,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'title', type: 'sentence' },
        { name: 'at', type: 'datetime' },
      ],
    },
  ];
  writeFileSync(schema, JSON.stringify(big));
  const command = startCli(['seed', '--database-url', url, '--schema', schema, '--create'], {
    env: { WORKERS: '1' },
  });
  await command.stderrMatch(/events: loading/);
  await copyRunning(url);
  return command;
}

/** Whether the events table exists in `url` (`--create` drops it again when the run fails). */
async function eventsExist(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ found: boolean }>(
    "SELECT to_regclass('events') IS NOT NULL AS found",
  );
  await client.end();
  return rows[0]!.found;
}

t.test('a connection lost mid-load: exit 5, the table rolled back and dropped', async (t) => {
  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  const run = await bigSeed(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query<{ killed: boolean }>(
    'SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  await admin.end();
  // A backend may end on its own between the listing and the kill; at least the loading ones are cut.
  t.ok(
    rows.some((row) => row.killed),
    'the loading connections were terminated',
  );
  t.equal(await run.exited, 5, run.stderr());
  t.match(
    run.stderr(),
    /terminat[\s\S]*Created and dropped again: events\. No table was loaded\. events was rolled back\./,
  );
  t.notOk(await eventsExist(url), 'no half table, nor an empty one');
});

t.test('seed prints the request warnings on stderr', async (t) => {
  const schema = join(dir, 'typo.json');
  writeFileSync(
    schema,
    JSON.stringify([{ name: 'u', count: 2, fields: [{ name: 'n', type: 'integer', params: { mni: 3 } }] }]),
  );
  const run = await cli('seed', '--database-url', sqliteUrl(), '--schema', schema, '--create');
  t.equal(run.code, 0, run.stderr);
  t.match(
    run.stderr,
    'mockhive: warning: tables[0].fields[0].params.mni: unknown key, ignored; did you mean min?',
  );
});
