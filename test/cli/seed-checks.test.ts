/**
 * `mockhive seed` in process (the command's factory, the process's exit mapping): a URL whose scheme
 * does not match the server on its port is a connection failure (exit 3).
 */
import { Command } from 'commander';
import t from 'tap';
import { exitOf } from '../../src/cli/exit.js';
import { seedCommand } from '../../src/cli/seed.js';
import { MYSQL_URL, requireMariadb } from '../helpers/mariadb.js';
import { POSTGRES_ADMIN_URL, requirePostgres } from '../helpers/stores.js';

// Generation inline (no worker threads to start); no data directory is read.
process.env.WORKERS = '0';
process.env.DATA_DIR = '/nonexistent';

/** Runs `mockhive seed …` in process: the exit code and stderr line the process would give. */
async function seedCli(...args: string[]): Promise<{ code: number; message: string }> {
  const program = new Command('mockhive').exitOverride();
  seedCommand(program);
  try {
    await program.parseAsync(['seed', '--quiet', ...args], { from: 'user' });
    return { code: 0, message: '' };
  } catch (error) {
    const { code, message } = exitOf(error);
    return { code, message: message ?? '' };
  }
}

// 40 characters, within the request's 63, but 80 bytes: PostgreSQL would cut it to 63.
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
