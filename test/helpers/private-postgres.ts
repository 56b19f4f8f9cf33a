/**
 * A PostgreSQL cluster of a test's own (initdb on a free port, in a temporary directory), so that a
 * test can stop it the hard way (`pg_ctl stop -m immediate`, as a crash or a failover does) and start
 * it again without touching the shared server. Run as root, the server runs as the `postgres` user.
 * Without initdb, the test fails under CI=true and is skipped elsewhere.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Test } from 'tap';
import { requireService } from './required.js';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** A database of the cluster (`mockhive`), for DATABASE_URL. */
  readonly url: string;
  /** Stops the server at once, as a crash does: no checkpoint, connections cut. */
  crash(): Promise<void>;
  /** Starts it again (crash recovery included) and resolves once it accepts connections. */
  start(): Promise<void>;
}

/** Where initdb and pg_ctl are: on PATH, or in Debian's versioned directory. */
function binDir(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(join(dir, 'initdb'))) return dir;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A running private cluster for `t`, removed at teardown; undefined when the test must not go on. */
export async function privatePostgres(t: Test): Promise<PrivatePostgres | undefined> {
  const bin = binDir();
  if (!requireService(t, 'private PostgreSQL', bin ? undefined : 'initdb and pg_ctl are not installed')) {
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-pg-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    chownSync(dir, uid, uid);
  }
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin!, command), ...args])
      : run(join(bin!, command), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  };
  await start();
  t.teardown(async () => {
    await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE mockhive');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/mockhive`,
    crash: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    start,
  };
}
