/**
 * `mockhive profile` of a big PostgreSQL table: ROWS rows (10,000,000 by default) made by
 * generate_series in a throwaway database (a bigint key, a status of three labels, a decimal amount,
 * a date-time, a unique email, a note NULL in 12% of rows), then profiled in process. Prints the whole
 * profile's time, what its parts took (the exact COUNT(*), the TABLESAMPLE read, the statistics),
 * and the profile's size at ROWS and at a tenth of it (it must not grow with the rows). Target
 * (issue 35): under 10 s at 10M rows.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { profileDatabase } from '../src/profile/index.js';
import { countRows, sampleRows } from '../src/profile/sample.js';
import { openTarget } from '../src/seed/index.js';
import { admin } from './seed.bench.js';

const ROWS = Number(process.env.BENCH_PROFILE_ROWS ?? 10_000_000);
const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** One statement on its own connection, on the admin database unless `url` says otherwise. */
const statement = (sql: string, url = ADMIN): Promise<void> => admin(url, sql);

async function fill(url: string, rows: number): Promise<void> {
  await statement('DROP TABLE IF EXISTS events', url);
  await statement(
    `CREATE TABLE events AS
       SELECT g::bigint AS id,
              (ARRAY['new', 'paid', 'shipped'])[1 + (g % 20 >= 14)::int + (g % 20 >= 19)::int] AS status,
              round((random() * 500)::numeric, 2) AS amount,
              timestamptz '2020-01-01' + g * interval '3 seconds' AS created_at,
              'user' || g || '@example.com' AS email,
              CASE WHEN random() < 0.12 THEN NULL ELSE 'note ' || md5(g::text) END AS note
         FROM generate_series(1, ${rows}) g;
     ALTER TABLE events ADD PRIMARY KEY (id), ADD UNIQUE (email);
     ANALYZE events`,
    url,
  );
}

/** Profiles the database of `url`: seconds, part times and the request's bytes. */
async function profileOnce(url: string) {
  const target = await openTarget(url, { connections: 1, schema: 'public' });
  try {
    let started = performance.now();
    const count = await countRows(target, 'events');
    const countMs = performance.now() - started;
    started = performance.now();
    await sampleRows(
      target,
      'events',
      ['id', 'status', 'amount', 'created_at', 'email', 'note'],
      count,
      20_000,
    );
    const sampleMs = performance.now() - started;
    started = performance.now();
    const profile = await profileDatabase(target, { sample: 20_000, minGroup: 10, scale: 1 });
    const totalMs = performance.now() - started;
    return { totalMs, countMs, sampleMs, bytes: JSON.stringify(profile.request).length };
  } finally {
    await target.close();
  }
}

export async function run(): Promise<void> {
  const database = `mockhive_bench_${randomBytes(4).toString('hex')}`;
  await statement(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN);
  url.pathname = `/${database}`;
  try {
    const tenth = Math.max(1000, Math.round(ROWS / 10));
    await fill(url.toString(), tenth);
    const small = await profileOnce(url.toString());
    let started = performance.now();
    await fill(url.toString(), ROWS);
    console.log(`profile: made ${fmt(ROWS)} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const big = await profileOnce(url.toString());
    console.log(
      `profile: ${fmt(ROWS)} rows in ${(big.totalMs / 1000).toFixed(2)} s (COUNT(*) ${(big.countMs / 1000).toFixed(2)} s, TABLESAMPLE read of 20,000 rows ${(big.sampleMs / 1000).toFixed(2)} s); profile ${fmt(big.bytes)} bytes at ${fmt(ROWS)} rows, ${fmt(small.bytes)} bytes at ${fmt(tenth)}`,
    );
  } finally {
    await statement(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
