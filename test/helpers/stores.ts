/**
 * Runs a test body against every store: SQLite in a temporary directory and PostgreSQL in a
 * throwaway database (dropped when the test passes, kept for inspection when it fails). Without a
 * PostgreSQL server the PostgreSQL half fails under CI=true and is skipped, saying why, elsewhere.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Test } from 'tap';
import { openStore, type Store } from '../../src/store/index.js';
import { requireService } from './required.js';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface StoreFactory {
  kind: 'sqlite' | 'postgres';
  /** Options that open this test's database (for a second instance, or the CLI). */
  options: { dataDir: string; databaseUrl?: string };
  /** Opens another store on the same database, closed at teardown. */
  open(): Promise<Store>;
}

let postgresProbe: Promise<string | undefined> | undefined;

/** undefined when PostgreSQL answers, else the reason it does not. */
export function postgresUnavailable(): Promise<string | undefined> {
  postgresProbe ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return undefined;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return postgresProbe;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for test `t`; its URL. Dropped at teardown unless `t` failed. */
export async function throwawayPostgres(t: Test): Promise<string> {
  const name = `mockhive_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  t.teardown(async () => {
    if (!t.passing()) {
      t.comment(`kept PostgreSQL database ${name} for inspection`);
      return;
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return url.toString();
}

/** Fails (CI) or skips (elsewhere) `t` when PostgreSQL is missing; true when the test may go on. */
export async function requirePostgres(t: Test): Promise<boolean> {
  const reason = await postgresUnavailable();
  return requireService(
    t,
    'PostgreSQL',
    reason &&
      `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${reason}); start it or set TEST_DATABASE_URL to run these tests`,
  );
}

/** A fresh embedded (SQLite) store in a temporary directory, closed and deleted at teardown. */
export async function embeddedStore(t: Test): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-test-'));
  const store = await openStore({ dataDir });
  t.teardown(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return store;
}

/** Runs `body` as two subtests, one per store. */
export function forEachStore(
  t: Test,
  body: (t: Test, store: Store, factory: StoreFactory) => Promise<void>,
): void {
  t.test('sqlite', async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-test-'));
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const factory = makeFactory(t, 'sqlite', { dataDir });
    await body(t, await factory.open(), factory);
  });
  t.test('postgres', async (t) => {
    if (!(await requirePostgres(t))) return;
    const databaseUrl = await throwawayPostgres(t);
    const factory = makeFactory(t, 'postgres', { dataDir: '/nonexistent', databaseUrl });
    await body(t, await factory.open(), factory);
  });
}

function makeFactory(t: Test, kind: StoreFactory['kind'], options: StoreFactory['options']): StoreFactory {
  return {
    kind,
    options,
    async open() {
      const store = await openStore(options);
      t.teardown(() => store.close());
      return store;
    },
  };
}
