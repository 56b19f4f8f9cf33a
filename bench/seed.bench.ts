/**
 * `mockhive seed` into real databases, with the 10-field users table (bench/http.bench.ts), compiled
 * CLI (dist/), default connections and worker threads:
 * - PostgreSQL, ROWS rows (5,000,000 by default): `mockhive seed` (generation counted) against
 *   `psql -c "\copy users from 'users.csv' csv header"` of a pre-made CSV of the same rows (the
 *   baseline: loading alone), into the same empty table, alternating, RUNS pairs. Target (issue 16):
 *   ≥ 80% of the baseline's rate, peak RSS under 300 MB.
 * - A user's alternative: @faker-js/faker rows and `pg` multi-row INSERTs (1,000 rows a statement, one
 *   transaction) of FAKER_ROWS rows.
 * - MariaDB and SQLite rates of `mockhive seed`, OTHER_ROWS rows once.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { faker } from '@faker-js/faker';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { median } from './engine.bench.js';
import { USERS_TABLE } from './http.bench.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/src/cli/index.js');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ROWS = Number(process.env.BENCH_SEED_ROWS ?? 5_000_000);
const FAKER_ROWS = Number(process.env.BENCH_FAKER_ROWS ?? 200_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 1_000_000);
const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MYSQL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs a command under GNU time: wall milliseconds and peak RSS (MB). */
function timed(command: string, args: string[]): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile('/usr/bin/time', ['-f', '%M', command, ...args], { maxBuffer: 1 << 20 }, (error, _out, err) => {
      if (error) return reject(new Error(`${command} ${args.join(' ')}: ${err}`));
      const kb = Number(/(\d+)\s*$/.exec(err)?.[1] ?? 0);
      resolve({ ms: performance.now() - started, rssMb: kb / 1024 });
    });
  });
}

/** Runs one statement on its own connection (also the profile bench's). */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The users table's CREATE TABLE, as seed --create would write it. */
function usersDdl(dialect: string): string {
  const sql = execFileSync(
    process.execPath,
    [CLI, 'generate', '--schema', '-', '--count', '1', '--format', 'sql', '--dialect', dialect, '--quiet'],
    { input: JSON.stringify([USERS_TABLE]) },
  ).toString();
  return /CREATE TABLE[\s\S]*?\);\n/.exec(sql)![0];
}

/** faker + pg: the script a user would write instead. Rows per second. */
async function fakerInsert(url: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  faker.seed(1);
  const from = new Date('2021-01-01T00:00:00Z');
  const to = new Date('2025-12-31T00:00:00Z');
  await client.query('BEGIN');
  for (let done = 0; done < rows; done += 1000) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let i = 0; i < Math.min(1000, rows - done); i++) {
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const base = values.length;
      tuples.push(`(${Array.from({ length: 10 }, (_, k) => `$${base + k + 1}`).join(', ')})`);
      values.push(
        faker.string.uuid(),
        firstName,
        lastName,
        faker.internet.email({ firstName, lastName }),
        faker.location.city(),
        faker.location.country(),
        faker.date.between({ from, to }).toISOString(),
        Number(faker.commerce.price()),
        faker.datatype.boolean(),
        faker.number.int({ min: 18, max: 90 }),
      );
    }
    await client.query(
      `INSERT INTO users (id, first_name, last_name, email, city, country, created_at, price, active, age) VALUES ${tuples.join(', ')}`,
      values,
    );
  }
  await client.query('COMMIT');
  const rate = rows / ((performance.now() - started) / 1000);
  await client.end();
  return rate;
}

export async function run(): Promise<void> {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-seed-bench-'));
  const database = `mockhive_bench_${process.pid}`;
  await admin(ADMIN, `DROP DATABASE IF EXISTS ${database}`);
  await admin(ADMIN, `CREATE DATABASE ${database}`);
  const url = new URL(ADMIN);
  url.pathname = `/${database}`;
  const target = url.toString();
  try {
    const request = join(dir, 'users.json');
    writeFileSync(request, JSON.stringify({ tables: [{ ...USERS_TABLE, count: ROWS }], seed: 1 }));
    const csv = join(dir, 'users.csv');
    execFileSync('sh', ['-c', `node ${CLI} generate --request ${request} --format csv --quiet > ${csv}`]);
    const ddl = usersDdl('postgres');
    const fresh = () => admin(target, `DROP TABLE IF EXISTS users; ${ddl}`);

    const ours: number[] = [];
    const theirs: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await fresh();
      const copy = await timed('psql', [target, '-qc', `\\copy users from '${csv}' csv header`]);
      theirs.push(ROWS / (copy.ms / 1000));
      await fresh();
      const seeded = await timed(process.execPath, [
        CLI,
        'seed',
        '--database-url',
        target,
        '--request',
        request,
        '--quiet',
      ]);
      ours.push(ROWS / (seeded.ms / 1000));
      rss.push(seeded.rssMb);
    }
    const ratio = median(ours) / median(theirs);
    console.log(`PostgreSQL, ${fmt(ROWS)} users rows, ${RUNS} alternating pairs (rows/s):`);
    console.log(
      `  psql \\copy of a pre-made CSV (baseline): ${theirs.map(fmt).join(' / ')}, median ${fmt(median(theirs))}`,
    );
    console.log(
      `  mockhive seed (generation included):    ${ours.map(fmt).join(' / ')}, median ${fmt(median(ours))}`,
    );
    console.log(
      `  ratio ${(100 * ratio).toFixed(0)}% (target >= 80%), seed peak RSS ${rss.map((r) => r.toFixed(0)).join(' / ')} MB (target < 300)`,
    );

    await fresh();
    const fakerRate = await fakerInsert(target, FAKER_ROWS);
    console.log(
      `  faker + pg multi-row INSERT, ${fmt(FAKER_ROWS)} rows: ${fmt(fakerRate)} rows/s (mockhive seed ${(median(ours) / fakerRate).toFixed(1)}x)`,
    );

    const small = join(dir, 'users-other.json');
    writeFileSync(small, JSON.stringify({ tables: [{ ...USERS_TABLE, count: OTHER_ROWS }], seed: 1 }));
    const maria = await mysql.createConnection({ uri: MYSQL });
    await maria.query(`DROP DATABASE IF EXISTS ${database}`);
    await maria.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
    try {
      const seeded = await timed(process.execPath, [
        CLI,
        'seed',
        '--database-url',
        `${MYSQL}/${database}`,
        '--request',
        small,
        '--create',
        '--quiet',
      ]);
      console.log(
        `MariaDB, ${fmt(OTHER_ROWS)} rows: ${fmt(OTHER_ROWS / (seeded.ms / 1000))} rows/s, peak RSS ${seeded.rssMb.toFixed(0)} MB`,
      );
    } finally {
      await maria.query(`DROP DATABASE IF EXISTS ${database}`);
      await maria.end();
    }
    const file = join(dir, 'users.db');
    const lite = await timed(process.execPath, [
      CLI,
      'seed',
      '--database-url',
      `sqlite:${file}`,
      '--request',
      small,
      '--create',
      '--quiet',
    ]);
    console.log(
      `SQLite, ${fmt(OTHER_ROWS)} rows: ${fmt(OTHER_ROWS / (lite.ms / 1000))} rows/s, peak RSS ${lite.rssMb.toFixed(0)} MB`,
    );
  } finally {
    await admin(ADMIN, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
