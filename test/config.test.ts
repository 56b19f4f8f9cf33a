import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ConfigError, loadConfig } from '../src/config.js';
import { DEFAULT_PLANS } from '../src/accounts/plans.js';

t.test('defaults apply when variables are unset or empty', async (t) => {
  const config = loadConfig({ PORT: '' });
  t.equal(config.port, 3000);
  t.equal(config.dataDir, './data');
  t.equal(config.databaseUrl, undefined);
  t.equal(config.logLevel, 'info');
  t.equal(config.bodyLimit, 1024 * 1024);
  t.equal(config.asyncBodyLimit, 5 * 1024 * 1024);
  t.same(config.plans, DEFAULT_PLANS);
  t.same(config.listener, { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, connectionsPerAddress: 100 });
  t.equal(config.jobs.compression, 'gzip', 'job results stored in gzip');
  t.equal(loadConfig({ JOB_RESULT_COMPRESSION: 'none' }).jobs.compression, 'none');
  t.ok(Object.isFrozen(config) && Object.isFrozen(config.plans.free), 'frozen');
});

t.test('values are converted from strings', async (t) => {
  const config = loadConfig({
    PORT: '8080',
    DATABASE_URL: 'postgres://u@h/db',
    LOG_LEVEL: 'debug',
    WORKERS: '3',
  });
  t.equal(config.port, 8080);
  t.equal(config.databaseUrl, 'postgres://u@h/db');
  t.equal(config.logLevel, 'debug');
  t.equal(config.workers, 3);
});

t.test('a bad value stops the start with a message naming the variable', async (t) => {
  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['SHUTDOWN_TIMEOUT_MS', '-1'],
    ['REQUEST_TIMEOUT_MS', '500'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '-1'],
    ['MOCKHIVE_CONFIG', '/nonexistent/mockhive.json'],
    ['JOB_RESULT_COMPRESSION', 'brotli'],
    ['JOB_RESULT_COMPRESSION', 'GZIP'],
  ] as const) {
    t.throws(
      () => loadConfig({ [name]: value }),
      { name: 'ConfigError', message: new RegExp(name) },
      `${name}=${value}`,
    );
  }
});

t.test('the header timeout may not exceed the request timeout', async (t) => {
  t.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }), {
    name: 'ConfigError',
    message: /HEADERS_TIMEOUT_MS=6000: it must not exceed REQUEST_TIMEOUT_MS \(5000\)/,
  });
  t.same(
    loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '5000', MAX_CONNECTIONS_PER_ADDRESS: '0' })
      .listener,
    {
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
      connectionsPerAddress: 0,
    },
  );
});

t.test('the config file overrides plan limits and rejects unknown keys', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-config-'));
  const good = join(dir, 'good.json');
  writeFileSync(
    good,
    JSON.stringify({ plans: { free: { records_per_day: 1234 }, internal: { requests_per_minute: 5 } } }),
  );
  const config = loadConfig({ MOCKHIVE_CONFIG: good });
  t.equal(config.plans.free.records_per_day, 1234);
  t.equal(config.plans.free.records_per_request, DEFAULT_PLANS.free.records_per_request, 'other limits kept');
  t.equal(config.plans.internal.requests_per_minute, 5);

  for (const content of [
    { plans: { free: { records_per_dya: 1 } } },
    { plans: { gold: {} } },
    { plan: {} },
    { plans: { free: { records_per_day: -5 } } },
  ]) {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(content));
    t.throws(() => loadConfig({ MOCKHIVE_CONFIG: bad }), ConfigError, JSON.stringify(content));
  }
  writeFileSync(join(dir, 'broken.json'), '{ "plans": ');
  t.throws(() => loadConfig({ MOCKHIVE_CONFIG: join(dir, 'broken.json') }), /MOCKHIVE_CONFIG/);
});

t.test('CORS_ORIGINS: none by default, a list of origins, or *', async (t) => {
  t.same(loadConfig({}).corsOrigins, []);
  t.same(loadConfig({ CORS_ORIGINS: ' , ' }).corsOrigins, []);
  t.equal(loadConfig({ CORS_ORIGINS: ' * ' }).corsOrigins, '*');
  t.same(loadConfig({ CORS_ORIGINS: 'https://App.example.com/, http://localhost:5173' }).corsOrigins, [
    'https://app.example.com',
    'http://localhost:5173',
  ]);
  for (const value of [
    'app.example.com',
    'ftp://files.example.com',
    'https://app.example.com/path',
    'https://app.example.com?x=1',
    'https://app.example.com#top',
    '*,https://app.example.com',
    'null',
  ]) {
    t.throws(
      () => loadConfig({ CORS_ORIGINS: value }),
      { name: 'ConfigError', message: /CORS_ORIGINS/ },
      value,
    );
  }
  // Credentials are refused and never shown in the message.
  const error = t.throws(() => loadConfig({ CORS_ORIGINS: 'https://user:s3cret@app.example.com' })) as Error;
  t.match(error.message, /CORS_ORIGINS: an entry with credentials/);
  t.notMatch(error.message, /s3cret/);
});
