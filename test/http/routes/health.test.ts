import pg from 'pg';
import t from 'tap';
import { startApp } from '../../helpers/app.js';
import { forEachStore, POSTGRES_ADMIN_URL } from '../../helpers/stores.js';

t.test('health is public and ok while the database answers', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const response = await server.request('/api/v1/health');
    t.equal(response.status, 200);
    const body = (await response.json()) as Record<string, unknown>;
    t.match(body, { status: 'ok', version: server.config.version, checks: { api: 'ok', database: 'ok' } });
    t.ok(!Number.isNaN(Date.parse(body.timestamp as string)), 'timestamp is ISO 8601');
    t.notOk(response.headers.has('X-RateLimit-Limit'), 'public: no rate-limit headers');
  });
});

t.test('health is degraded (503), not crashed, when the database goes away', async (t) => {
  forEachStore(t, async (t, _store, factory) => {
    const store = await factory.open();
    const server = await startApp(t, store, { healthTimeoutMs: 1500 });
    t.equal((await server.request('/api/v1/health')).status, 200);

    if (factory.kind === 'sqlite') {
      await store.close();
    } else {
      // Forbid new connections to the test database and cut the existing ones.
      const name = new URL(factory.options.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      t.teardown(async () => {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      });
    }
    const response = await server.request('/api/v1/health');
    t.equal(response.status, 503, 'a load balancer sees the outage');
    const body = (await response.json()) as { status: string; checks: Record<string, string> };
    t.equal(body.status, 'degraded');
    t.same(body.checks, { api: 'ok', database: 'unavailable' });

    const key = await server.request('/api/v1/usage', { headers: { 'x-api-key': `mh_${'a'.repeat(32)}` } });
    const envelope = (await key.json()) as { error: { code: string; message: string } };
    if (factory.kind === 'postgres') {
      // A server that refuses connections is an outage: the same request can succeed later.
      t.equal(key.status, 503, 'an authenticated route answers 503 in the envelope');
      t.equal(envelope.error.code, 'SERVICE_UNAVAILABLE');
      t.equal(key.headers.get('Retry-After'), '5');
    } else {
      // A closed SQLite handle is a bug of this process, not an outage.
      t.equal(key.status, 500, 'an authenticated route answers 500 in the envelope');
      t.equal(envelope.error.code, 'INTERNAL_ERROR');
    }
    t.notMatch(envelope.error.message, /sqlite|postgres|connect/i, 'internals are hidden');
    t.ok(key.headers.get('X-Request-Id'));
  });
});
