/**
 * Throwaway MariaDB databases for tests (127.0.0.1:3306, root, no password; TEST_MYSQL_URL overrides).
 * Like PostgreSQL: missing server fails under CI=true, skips with a message elsewhere.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Test } from 'tap';
import { requireService } from './required.js';

export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

let probe: Promise<string | undefined> | undefined;

/** undefined when MariaDB answers, else why not. */
function mariadbUnavailable(): Promise<string | undefined> {
  probe ??= mysql
    .createConnection({ uri: MYSQL_URL, connectTimeout: 3000 })
    .then(async (connection) => {
      await connection.end();
      return undefined;
    })
    .catch((error: Error) => error.message);
  return probe;
}

/** Fails (CI) or skips `t` when MariaDB is missing; true when the test may go on. */
export async function requireMariadb(t: Test): Promise<boolean> {
  const reason = await mariadbUnavailable();
  return requireService(
    t,
    'MariaDB',
    reason &&
      `MariaDB is not reachable at ${MYSQL_URL} (${reason}); start it or set TEST_MYSQL_URL to run these tests`,
  );
}

/** A connection to a fresh database, dropped at teardown unless `t` failed. Multiple statements allowed. */
export async function throwawayMariadb(t: Test): Promise<mysql.Connection> {
  const name = `mockhive_test_${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const connection = await mysql.createConnection({
    uri: `${MYSQL_URL}/${name}`,
    multipleStatements: true,
    charset: 'utf8mb4',
  });
  t.teardown(async () => {
    await connection.end();
    if (t.passing()) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    else t.comment(`kept MariaDB database ${name} for inspection`);
    await admin.end();
  });
  return connection;
}
