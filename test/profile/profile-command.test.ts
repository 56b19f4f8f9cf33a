/**
 * `mockhive profile` in process: the request on stdout or in `--out`, `--scale`, `--min-group`
 * dropping rare labels, `--tables`, and the documented exit codes for bad flags, an unknown table, a
 * parent left out, and a table the user may not read (PostgreSQL, exit 3 with the right it needs).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import t from 'tap';
import type { TableSpec } from '../../workers/engine/index.js';
import { cli } from '../helpers/cli.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import { buildSource } from './source.js';

/** Runs `mockhive profile …args` in process: exit code, message and what went to stdout. */
async function runProfile(args: string[]): Promise<{ code: number; message?: string; stdout: string }> {
  const run = await cli(['profile', ...args, '--quiet']);
  const message = run.stderr === '' ? {} : { message: run.stderr };
  return { code: run.code, ...message, stdout: run.stdout };
}

const dir = mkdtempSync(join(tmpdir(), 'mockhive-profile-cli-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const url = `sqlite:${join(dir, 'shop.db')}`;
t.before(() => buildSource('sqlite', url, 400));

const tableOf = (request: { tables: TableSpec[] }, name: string) =>
  request.tables.find((x) => x.name === name)!;

t.test('the request goes to stdout, or to --out; --scale multiplies the counts', async (t) => {
  const plain = await runProfile(['--database-url', url]);
  t.equal(plain.code, 0);
  const request = JSON.parse(plain.stdout) as { tables: TableSpec[] };
  t.equal(tableOf(request, 'customers').count, 400);
  const out = join(dir, 'profile.json');
  t.same(await runProfile(['--database-url', url, '--out', out, '--scale', '2']), { code: 0, stdout: '' });
  const scaled = JSON.parse(readFileSync(out, 'utf8')) as { tables: TableSpec[] };
  t.equal(tableOf(scaled, 'customers').count, 800);
  t.equal(tableOf(scaled, 'orders').count, 2 * tableOf(request, 'orders').count);
});

t.test('--min-group drops labels fewer rows share', async (t) => {
  const labels = async (k: string) => {
    const { stdout } = await runProfile(['--database-url', url, '--min-group', k]);
    const tier = tableOf(JSON.parse(stdout), 'customers').fields.find((f) => f.name === 'tier')!;
    return tier.type === 'enum' ? (tier.params?.['values'] as string[]) : [];
  };
  t.same((await labels('5')).sort(), ['basic', 'plus', 'pro'], 'all three at 5');
  // About 20 "pro" customers of 400: under 30, they are not kept, and the rest cover over 90%.
  t.same((await labels('30')).sort(), ['basic', 'plus'], 'pro left out at 30');
  t.same(await labels('1000'), [], 'no label at 1000: not read as categories');
});

t.test('--tables: a chosen parent is enough; an unknown table or a missing parent is exit 2', async (t) => {
  const only = await runProfile(['--database-url', url, '--tables', 'customers']);
  t.equal(only.code, 0);
  t.same(
    (JSON.parse(only.stdout) as { tables: TableSpec[] }).tables.map((x) => x.name),
    ['customers'],
  );
  const orphan = await runProfile(['--database-url', url, '--tables', 'orders']);
  t.equal(orphan.code, 2);
  t.match(orphan.message, /orders\.customer_id refers to customers, which --tables leaves out/);
  const unknown = await runProfile(['--database-url', url, '--tables', 'nope']);
  t.equal(unknown.code, 2);
  t.match(unknown.message, /--tables names no table of the database: nope/);
});

t.test('bad flags are usage errors (exit 2)', async (t) => {
  for (const args of [
    [],
    ['--database-url', url, '--sample', 'ten'],
    ['--database-url', url, '--sample', '5'],
    ['--database-url', url, '--min-group', '0'],
    ['--database-url', url, '--scale', '-1'],
    ['--database-url', url, '--schema-name', 'x'],
    ['--database-url', 'oracle://x/y'],
  ]) {
    const result = await runProfile(args);
    t.equal(result.code, 2, args.join(' '));
    t.equal(result.stdout, '', 'nothing on stdout');
  }
});

t.test('a missing SQLite file is refused, not created', async (t) => {
  const result = await runProfile(['--database-url', `sqlite:${join(dir, 'none.db')}`]);
  t.not(result.code, 0);
  t.match(result.message, /does not exist/);
});

t.test('PostgreSQL: no SELECT on a table is exit 3, naming the table and the right', async (t) => {
  if (!(await requirePostgres(t))) return;
  const source = await throwawayPostgres(t);
  await buildSource('postgres', source, 100);
  const role = `mockhive_noread_${Math.floor(Math.random() * 1e9)}`;
  const owner = new pg.Client({ connectionString: source });
  await owner.connect();
  await owner.query(`CREATE ROLE ${role} LOGIN; GRANT SELECT ON customers TO ${role}`);
  t.teardown(async () => {
    await owner.query(`REVOKE ALL ON customers FROM ${role}; DROP ROLE IF EXISTS ${role}`);
    await owner.end();
  });
  const limited = new URL(source);
  limited.username = role;
  const result = await runProfile(['--database-url', limited.toString()]);
  t.equal(result.code, 3);
  t.match(result.message, /No permission to read orders .*SELECT/);
  const allowed = await runProfile(['--database-url', limited.toString(), '--tables', 'customers']);
  t.equal(allowed.code, 0, 'the table it may read profiles');
});
