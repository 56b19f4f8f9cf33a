import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { openStore } from '../../src/store/index.js';
import { startApp } from '../helpers/app.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import { cli as run } from '../helpers/cli.js';

/** Runs `mockhive …args` in process with `env`; its exit code and output. */
const cli = (env: Record<string, string>, ...args: string[]) => run(args, { env });

async function exercise(t: Test, env: Record<string, string>) {
  const store = await openStore({ dataDir: env.DATA_DIR ?? '/nonexistent', databaseUrl: env.DATABASE_URL });
  t.teardown(() => store.close());
  const server = await startApp(t, store);

  // Created by the CLI while the server runs on the same database: usable at once.
  const created = await cli(env, 'keys', 'create', '--tier', 'pro', '--json');
  t.equal(created.code, 0, created.stderr);
  const key = JSON.parse(created.stdout) as Record<string, string>;
  t.match(key, { api_key: /^mh_[0-9a-f]{32}$/, key_prefix: /^mh_[0-9a-f]{8}$/, tier: 'pro' });
  t.equal(key.api_key!.slice(0, 11), key.key_prefix);
  t.equal((await server.request('/api/v1/usage', { key: key.api_key! })).status, 200);

  const rotated = await cli(env, 'keys', 'create', '--account', key.account_id!, '--json');
  t.equal(
    JSON.parse(rotated.stdout).account_id,
    key.account_id,
    'rotation: a second key on the same account',
  );

  const listed = await cli(env, 'keys', 'list', '--json');
  t.equal(listed.code, 0);
  const keys = JSON.parse(listed.stdout) as Record<string, unknown>[];
  t.equal(keys.length, 2);
  t.notMatch(listed.stdout, key.api_key!.slice(11), 'list never shows whole keys');
  t.notOk(listed.stdout.includes('hash'), 'nor their hashes');

  const revoked = await cli(env, 'keys', 'revoke', key.key_prefix!);
  t.equal(revoked.code, 0, revoked.stderr);
  t.equal(
    (await server.request('/api/v1/usage', { key: key.api_key! })).status,
    401,
    'revocation reaches the running server',
  );
  const again = await cli(env, 'keys', 'revoke', key.key_prefix!);
  t.equal(again.code, 2);
  t.match(again.stderr, /No active key with prefix/);
  const after = JSON.parse((await cli(env, 'keys', 'list', '--json')).stdout) as {
    key_prefix: string;
    revoked_at: string | null;
  }[];
  t.match(
    after.find((k) => k.key_prefix === key.key_prefix),
    { revoked_at: /^\d{4}-\d\d-\d\dT/ },
    'list shows the revocation',
  );
  t.equal(after.filter((k) => k.revoked_at === null).length, 1, 'the rotated key stays active');
}

t.test('keys on the embedded store, beside a running server', async (t) => {
  await exercise(t, { DATA_DIR: mkdtempSync(join(tmpdir(), 'mockhive-cli-')) });
});

t.test('keys on PostgreSQL', async (t) => {
  if (!(await requirePostgres(t))) return;
  await exercise(t, { DATABASE_URL: await throwawayPostgres(t), DATA_DIR: '/nonexistent' });
});

t.test('bad invocations exit 2 with a message', async (t) => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'mockhive-cli-')) };
  for (const args of [
    [],
    ['keys'],
    ['keys', 'create'],
    ['keys', 'create', '--tier', 'gold'],
    ['keys', 'create', '--tier', 'pro', '--account', 'x'],
    ['keys', 'revoke'],
    ['keys', 'frobnicate'],
    ['keys', 'list', '--bogus'],
  ]) {
    const result = await cli(env, ...args);
    t.equal(result.code, 2, args.join(' ') || '(none)');
    t.match(result.stderr, /^mockhive: /, args.join(' ') || '(none)');
  }
  const badEnv = await cli({ DATABASE_URL: 'mysql://nope' }, 'keys', 'list');
  t.equal(badEnv.code, 2);
  t.match(badEnv.stderr, /DATABASE_URL/);
});
