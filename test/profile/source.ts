/**
 * A source database with known distributions, the same in every dialect: 2,000 customers (invented
 * names, unique emails, phones 12% NULL, tiers 70/25/5, a long-tailed score, updated_at never before
 * signed_up_at) and their orders (a quarter of customers have none, the rest 1 + a geometric number;
 * each dated after its customer). Values come from a seeded generator, so every run builds the same.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Test } from 'tap';
import { openTarget } from '../../src/seed/index.js';
import { MYSQL_URL } from '../helpers/mariadb.js';

export type Dialect = 'postgres' | 'mysql' | 'sqlite';

export interface Source {
  names: string[];
  emails: string[];
  phones: string[];
  customers: number;
}

/** mulberry32: a small seeded generator, so the source is the same every run. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Names no generator's list holds, each shared by about a hundred customers. */
const NAMES = Array.from({ length: 20 }, (_, i) => `Zorv${'abcdefghijklmnopqrst'[i]}andeth`);

const sqlTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Creates and fills the source's tables in the database of `url` (an SQLite file is created). */
export async function buildSource(dialect: Dialect, url: string, customers = 2000): Promise<Source> {
  const random = generator(20240601);
  const ts = dialect === 'postgres' ? 'timestamp' : 'datetime';
  const statements = [
    `CREATE TABLE customers (id integer PRIMARY KEY, first_name varchar(40) NOT NULL, email varchar(100) NOT NULL UNIQUE, phone varchar(30), tier varchar(10) NOT NULL, score integer NOT NULL, signed_up_at ${ts} NOT NULL, updated_at ${ts})`,
    `CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), amount decimal(10,2) NOT NULL, status varchar(10) NOT NULL CHECK (status IN ('new', 'paid', 'shipped')), created_at ${ts} NOT NULL)`,
  ];
  const source: Source = { names: NAMES, emails: [], phones: [], customers };
  const customerRows: string[] = [];
  const orderRows: string[] = [];
  const start = Date.UTC(2020, 0, 1);
  const day = 86_400_000;
  let orderId = 1;
  for (let id = 1; id <= customers; id++) {
    const email = `zq${id}.${Math.floor(random() * 1e6)}@source-corp.example`;
    source.emails.push(email);
    const phone = random() < 0.12 ? null : `+44 7700 9${String(Math.floor(random() * 1e5)).padStart(5, '0')}`;
    if (phone !== null) source.phones.push(phone);
    const u = random();
    const tier = u < 0.7 ? 'basic' : u < 0.95 ? 'plus' : 'pro';
    // Log-normal: most scores small, a long tail.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const score = Math.min(5000, Math.max(1, Math.round(Math.exp(4 + 0.8 * normal))));
    const signed = start + Math.floor(random() * 1000 * day);
    const updated = signed + Math.floor(random() * 100 * day);
    const name = NAMES[Math.floor(random() * NAMES.length)]!;
    customerRows.push(
      `(${id}, '${name}', '${email}', ${phone === null ? 'NULL' : `'${phone}'`}, '${tier}', ${score}, '${sqlTime(signed)}', '${sqlTime(updated)}')`,
    );
    // A quarter have no order; the rest 1 + geometric(0.35).
    let orders = 0;
    if (random() >= 0.25) {
      orders = 1;
      while (random() >= 0.35) orders++;
    }
    for (let k = 0; k < orders; k++) {
      const amount = (5 + random() * 495).toFixed(2);
      const v = random();
      const status = v < 0.6 ? 'new' : v < 0.9 ? 'paid' : 'shipped';
      const created = signed + Math.floor(random() * 200 * day);
      orderRows.push(`(${orderId++}, ${id}, ${amount}, '${status}', '${sqlTime(created)}')`);
    }
  }
  for (let i = 0; i < customerRows.length; i += 500)
    statements.push(`INSERT INTO customers VALUES ${customerRows.slice(i, i + 500).join(', ')}`);
  for (let i = 0; i < orderRows.length; i += 500)
    statements.push(`INSERT INTO orders VALUES ${orderRows.slice(i, i + 500).join(', ')}`);
  const target = await openTarget(url, { connections: 1, schema: 'public', create: true });
  try {
    await target.create(statements);
  } finally {
    await target.close();
  }
  return source;
}

/** The URL of a fresh MariaDB database, dropped at teardown unless `t` failed. */
export async function throwawayMariadbUrl(t: Test): Promise<string> {
  const name = `mockhive_profile_${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  t.teardown(async () => {
    if (!t.passing()) return t.comment(`kept MariaDB database ${name} for inspection`);
    const again = await mysql.createConnection({ uri: MYSQL_URL });
    await again.query(`DROP DATABASE IF EXISTS ${name}`);
    await again.end();
  });
  return `${MYSQL_URL}/${name}`;
}
