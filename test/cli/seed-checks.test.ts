/**
 * `mockhive seed` in process (test/helpers/cli.ts): names the database
 * cannot hold are refused before anything is created, `--create` is all or nothing on each database,
 * and a URL whose scheme does not match the server on its port is a connection failure (exit 3).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type mysql from 'mysql2/promise';
import pg from 'pg';
import t, { type Test } from 'tap';
import { cli } from '../helpers/cli.js';
import { MYSQL_URL, requireMariadb, throwawayMariadb } from '../helpers/mariadb.js';
import { POSTGRES_ADMIN_URL, requirePostgres, throwawayPostgres } from '../helpers/stores.js';

const dir = mkdtempSync(join(tmpdir(), 'mockhive-seed-checks-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A schema file of `tables`. */
function schemaFile(tables: object[]): string {
  const path = join(dir, `schema${files++}.json`);
  writeFileSync(path, JSON.stringify(tables));
  return path;
}

/** Runs `mockhive seed --quiet …` in process: the exit code and what the process would print. */
async function seedCli(...args: string[]): Promise<{ code: number; message: string }> {
  const run = await cli(['seed', '--quiet', ...args]);
  return { code: run.code, message: run.stderr };
}

// 40 characters, within the request's 63, but 80 bytes: PostgreSQL would cut it to 63.
const LONG = 'é'.repeat(40);

t.test('a name the database cannot hold: exit 2 with the API message, before connecting', async (t) => {
  const schema = schemaFile([{ name: LONG, count: 5, fields: [{ name: 'id', type: 'sequence' }] }]);
  const unreachable = await seedCli(
    '--database-url',
    'postgres://postgres@127.0.0.1:1/x',
    '--schema',
    schema,
    '--create',
  );
  t.equal(unreachable.code, 2, 'refused before the (unreachable) database is tried');
  t.match(
    unreachable.message,
    'tables[0].name: PostgreSQL: the table name is longer than 63 bytes (UTF-8)',
    "the API's message",
  );

  const file = join(dir, 'never.db');
  const sqlite = await seedCli(
    '--database-url',
    `sqlite:${file}`,
    '--schema',
    schemaFile([{ name: 'sqlite_x', count: 5, fields: [{ name: 'id', type: 'sequence' }] }]),
    '--create',
  );
  t.equal(sqlite.code, 2);
  t.match(sqlite.message, /SQLite: the table name starts with sqlite_/);
  t.notOk(existsSync(file), 'no SQLite file is created');

  const mariadb = await seedCli(
    '--database-url',
    'mysql://root@127.0.0.1:1/x',
    '--schema',
    schemaFile([
      {
        name: 'people',
        count: 5,
        fields: [
          { name: 'Name', type: 'full_name' },
          { name: 'name', type: 'full_name' },
        ],
      },
    ]),
    '--create',
  );
  t.equal(mariadb.code, 2);
  t.match(mariadb.message, /compares column names without case: "name" and "Name" are one name/);

  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  const field = await seedCli(
    '--database-url',
    url,
    '--schema',
    schemaFile([
      { name: 'fine', count: 5, fields: [{ name: 'id', type: 'sequence' }] },
      { name: 'wide', count: 5, fields: [{ name: `${'é'.repeat(32)}`, type: 'integer' }] },
    ]),
    '--create',
  );
  t.equal(field.code, 2);
  t.match(field.message, 'tables[1].fields[0].name: PostgreSQL: the field name is longer than 63 bytes');
  const table = await seedCli('--database-url', url, '--schema', schema, '--create');
  t.equal(table.code, 2);
  t.same(await postgresTables(url), [], 'no table was created, under any name');
});

/** The tables of the public schema of `url`. */
async function postgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  await client.end();
  return rows.map((row) => row.name);
}

/**
 * `kept` (20 rows) is there already; a run with `--create --append` creates `fresh` and loads it, then
 * fails on `kept`, whose keys the same seed generates again (text keys, 'k1'…, which `--append` does not
 * move past the existing ones as it does numbers). `fresh` must be gone afterwards.
 */
async function failMidway(t: Test, url: string, tables: () => Promise<string[]>) {
  const kept = {
    name: 'kept',
    count: 20,
    fields: [{ name: 'id', type: 'sequence', params: { primary_key: true, prefix: 'k' } }],
  };
  const fresh = { name: 'fresh', count: 30, fields: [{ name: 'id', type: 'sequence' }] };
  const seedOf = ['--seed', '3'];
  const first = await seedCli('--database-url', url, '--schema', schemaFile([kept]), '--create', ...seedOf);
  t.equal(first.code, 0, first.message);
  const both = schemaFile([fresh, kept]);
  const failed = await seedCli('--database-url', url, '--schema', both, '--create', '--append', ...seedOf);
  t.equal(failed.code, 5, 'the load of kept was refused');
  t.match(failed.message, /Created and dropped again: fresh\. No table was loaded\. kept was rolled back\./);
  t.same(await tables(), ['kept'], 'the table this run created is gone; the one it found stays');
  // The rerun starts from the same database: without the clash it creates and loads fresh.
  const rerun = await seedCli('--database-url', url, '--schema', both, '--create', '--truncate', ...seedOf);
  t.equal(rerun.code, 0, rerun.message);
  t.same(await tables(), ['fresh', 'kept']);
}

t.test('--create is all or nothing: a failed load drops the tables it created (SQLite)', async (t) => {
  const path = join(dir, 'midway.db');
  await failMidway(t, `sqlite:${path}`, async () => {
    const db = new Database(path, { readonly: true });
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1").all();
    db.close();
    return (rows as { name: string }[]).map((row) => row.name);
  });
});

t.test('--create is all or nothing: a failed load drops the tables it created (PostgreSQL)', async (t) => {
  if (!(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  await failMidway(t, url, () => postgresTables(url));
});

t.test('--create is all or nothing: a failed load drops the tables it created (MariaDB)', async (t) => {
  if (!(await requireMariadb(t))) return;
  const connection = await throwawayMariadb(t);
  const [[{ name }]] = (await connection.query('SELECT DATABASE() AS name')) as unknown as [
    [{ name: string }],
  ];
  await failMidway(t, `${MYSQL_URL}/${name}`, async () => {
    const [rows] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1',
    );
    return rows.map((row) => String(row['t']));
  });
});

t.test('a URL whose scheme does not match the server on its port: exit 3, which server it is', async (t) => {
  const template = ['--template', 'blog', '--create'];
  if (await requireMariadb(t)) {
    const mariadb = new URL(MYSQL_URL);
    const url = `postgres://postgres@${mariadb.host}/x`;
    const run = await seedCli('--database-url', url, ...template);
    t.equal(run.code, 3, run.message);
    t.match(run.message, /answers as MariaDB\/MySQL, not PostgreSQL: use a mysql:\/\/ URL/);
  }
  if (await requirePostgres(t)) {
    const postgres = new URL(POSTGRES_ADMIN_URL);
    // MariaDB's client waits for a greeting PostgreSQL never sends: this takes its connect timeout.
    const run = await seedCli('--database-url', `mysql://root@${postgres.host}/x`, ...template);
    t.equal(run.code, 3, run.message);
    t.match(run.message, /answers as PostgreSQL, not MariaDB\/MySQL: use a postgres:\/\/ URL/);
  }
});

/** A server on a free local port that does `greet` with each connection; its URL's host and port. */
async function fakeServer(t: Test, greet: (socket: Socket) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    greet(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.test('a server that speaks neither protocol: exit 3, what went wrong', async (t) => {
  const template = ['--template', 'blog', '--create'];
  const garbage = await fakeServer(t, (socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
  const postgres = await seedCli('--database-url', `postgres://postgres@${garbage}/x`, ...template);
  t.equal(postgres.code, 3, postgres.message);
  t.match(postgres.message, /did not answer as PostgreSQL does/);

  const hangUp = await fakeServer(t, (socket) => socket.destroy());
  const mariadb = await seedCli('--database-url', `mysql://root@${hangUp}/x`, ...template);
  t.equal(mariadb.code, 3, mariadb.message);
  t.match(mariadb.message, /closed the connection before MariaDB's handshake was done/);
});
