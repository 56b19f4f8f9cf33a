/**
 * One run of each command as its own process, through the launcher (bin/mockhive.js) and the built
 * dist/: what the in-process tests cannot show (the process's exit code, stdout flushed before it
 * ends, stdio as a pipe, a real SIGINT). Everything else about the commands is tested in process.
 *
 * Building dist/ takes minutes on two cores, so this file does not build it: it needs a dist/ newer
 * than every source (`npm run build`; .ci/run builds before testing). A stale dist/ skips these tests
 * with that message, and fails them under CI=true (test/helpers/required.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import pg from 'pg';
import t, { type Test } from 'tap';
import { cli } from '../helpers/cli.js';
import { requireService } from '../helpers/required.js';
import { copyRunning } from '../helpers/seed-cli.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/mockhive.js');

/** Why dist/ cannot stand for the sources (a source newer than its output), or undefined. */
function staleDist(): string | undefined {
  for (const folder of ['src', 'workers']) {
    const files = readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      const source = join(ROOT, folder, file);
      const built = join(ROOT, 'dist', folder, file.replace(/\.ts$/, '.js'));
      let builtAt: number;
      try {
        builtAt = statSync(built).mtimeMs;
      } catch {
        return `dist/ has no ${relative(ROOT, built)}: run \`npm run build\` to test the built CLI`;
      }
      if (builtAt < statSync(source).mtimeMs)
        return `dist/ is older than ${relative(ROOT, source)}: run \`npm run build\` to test the built CLI`;
    }
  }
  return undefined;
}

const built = (t: Test) => requireService(t, 'built CLI', staleDist());

const dir = mkdtempSync(join(tmpdir(), 'mockhive-smoke-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
// Plain Node: dist/ is JavaScript, and tap's loader and coverage hooks (NODE_OPTIONS) would only slow
// each start (coverage counts src/ and workers/, never dist/).
const ENV = {
  ...process.env,
  NODE_OPTIONS: '',
  WORKERS: '0',
  DATA_DIR: '/nonexistent',
  MOCKHIVE_API_KEY: '',
};

/** Runs the built `mockhive …args` as a process to its exit. */
function spawned(env: Record<string, string | undefined>, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...ENV, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

t.test('generate: the bytes of the in-process run, whole when the process ends', async (t) => {
  if (!built(t)) return;
  const args = ['generate', '--template', 'blog', '--seed', '5', '--count', '3', '--format', 'ndjson'];
  const run = await spawned({}, ...args, '--quiet');
  t.equal(run.code, 0, run.stderr);
  t.equal(run.stdout, (await cli([...args, '--quiet'])).stdout);
});

t.test('keys: a key created by the process is stored (a usage mistake: exit 2)', async (t) => {
  if (!built(t)) return;
  const env = { DATA_DIR: join(dir, 'data') };
  const created = await spawned(env, 'keys', 'create', '--tier', 'pro', '--json');
  t.equal(created.code, 0, created.stderr);
  const key = JSON.parse(created.stdout) as { key_prefix: string };
  const listed = await cli(['keys', 'list', '--json'], { env });
  t.match(JSON.parse(listed.stdout), [{ key_prefix: key.key_prefix, tier: 'pro' }]);
  const wrong = await spawned(env, 'keys', 'create', '--tier', 'gold');
  t.equal(wrong.code, 2, 'process.exit with the usage code');
  t.match(wrong.stderr, /^mockhive: Unknown tier "gold"/);
});

t.test('mcp: the tools over the process stdio; closing stdin ends it', async (t) => {
  if (!built(t)) return;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env: { ...(ENV as Record<string, string>), LOG_LEVEL: 'warn' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'mockhive-smoke', version: '1.0.0' });
  await client.connect(transport);
  t.equal((await client.listTools()).tools.length, 9);
  await client.close();
});

t.test('seed: Ctrl-C stops the load, rolls back, drops the table it created, exit 130', async (t) => {
  if (!built(t) || !(await requirePostgres(t))) return;
  const url = await throwawayPostgres(t);
  const schema = join(dir, 'big.json');
  const fields = [
    { name: 'id', type: 'sequence' },
    { name: 'title', type: 'sentence' },
    { name: 'at', type: 'datetime' },
  ];
  writeFileSync(schema, JSON.stringify([{ name: 'events', count: 3_000_000, fields }]));
  const child = spawn(
    process.execPath,
    [BIN, 'seed', '--database-url', url, '--schema', schema, '--create'],
    {
      env: { ...ENV, WORKERS: '1' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  t.teardown(() => void child.kill('SIGKILL'));
  await copyRunning(url);
  child.kill('SIGINT');
  t.equal(await exited, 130, stderr);
  t.match(
    stderr,
    /interrupted\. Created and dropped again: events\. No table was loaded\. events was rolled back\./,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ found: boolean }>(
    "SELECT to_regclass('events') IS NOT NULL AS found",
  );
  await client.end();
  t.notOk(rows[0]!.found, 'no half table, nor an empty one');
});
