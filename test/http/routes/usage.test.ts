import t from 'tap';
import { createApiKey, revokeApiKey } from '../../../src/accounts/api-keys.js';
import { systemClock } from '../../../src/accounts/clock.js';
import { startApp } from '../../helpers/app.js';
import { ManualClock } from '../../helpers/clock.js';
import { forEachStore } from '../../helpers/stores.js';

t.test('authentication', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');

    const bearer = await server.request('/api/v1/usage', { key });
    t.equal(bearer.status, 200, 'Authorization: Bearer');
    const header = await server.request('/api/v1/usage', { headers: { 'x-api-key': key } });
    t.equal(header.status, 200, 'x-api-key');

    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['malformed', { Authorization: 'Bearer mh_123' }],
      ['upper-case hex', { Authorization: `Bearer ${key.toUpperCase().replace('MH_', 'mh_')}` }],
      ['wrong scheme', { Authorization: `Basic ${key}` }],
      ['unknown', { 'x-api-key': `mh_${'0'.repeat(32)}` }],
    ];
    for (const [name, headers] of cases) {
      const response = await server.request('/api/v1/usage', { headers });
      t.equal(response.status, 401, name);
      t.equal(((await response.json()) as { error: { code: string } }).error.code, 'UNAUTHORIZED', name);
      t.notOk(response.headers.has('X-RateLimit-Limit'), `${name}: no rate-limit headers`);
    }

    const prefix = key.slice(0, 11);
    t.ok(await revokeApiKey(store.db, systemClock, prefix));
    const revoked = await server.request('/api/v1/usage', { key });
    t.equal(revoked.status, 401, 'a revoked key fails on the very next request');
    t.notOk(await revokeApiKey(store.db, systemClock, prefix), 'revoking twice reports nothing to revoke');
  });
});

t.test('rotation keeps the account, its tier and its usage', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const first = await createApiKey(store.db, systemClock, { tier: 'scale' });
    const second = await createApiKey(store.db, systemClock, { accountId: first.account_id });
    t.equal(second.tier, 'scale');
    t.equal(second.account_id, first.account_id);
    t.not(second.api_key, first.api_key);
    await server.request('/api/v1/usage', { key: first.api_key });
    await revokeApiKey(store.db, systemClock, first.key_prefix);
    const response = await server.request('/api/v1/usage', { key: second.api_key });
    t.equal(response.status, 200, 'the new key works after the old one is revoked');
  });
});

t.test('GET /api/v1/usage reports tier, limits and the daily window', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock(Date.UTC(2026, 2, 1, 23, 59, 0));
    const server = await startApp(t, store, { clock });
    const key = await server.key('free');
    const response = await server.request('/api/v1/usage', { key });
    t.equal(response.status, 200);
    const body = (await response.json()) as Record<string, unknown>;
    t.same(body, {
      tier: 'free',
      limits: {
        records_per_day: 500,
        records_per_request: 100,
        records_per_async_request: 0,
        requests_per_minute: 10,
        prompts_per_day: 10,
        bytes_per_value: 65_536,
        bytes_per_row: 1_048_576,
        bytes_per_request: 16_777_216,
        features: [],
      },
      daily_used: 0,
      daily_remaining: 500,
      prompts_used: 0,
      reset_at: '2026-03-02T00:00:00.000Z',
    });
    t.equal(response.headers.get('X-RateLimit-Limit'), '500');
    t.equal(response.headers.get('X-RateLimit-Remaining'), '500');
    t.equal(response.headers.get('X-RateLimit-Reset'), '2026-03-02T00:00:00.000Z');
    t.match(response.headers.get('X-Request-Id'), /^[0-9a-f-]{36}$/);

    const internal = await server.request('/api/v1/usage', { key: await server.key('internal') });
    const internalBody = (await internal.json()) as {
      daily_remaining: unknown;
      limits: { records_per_day: unknown };
    };
    t.equal(internalBody.daily_remaining, null, 'unlimited is null');
    t.equal(internalBody.limits.records_per_day, null);
    t.notOk(internal.headers.has('X-RateLimit-Limit'), 'no rate-limit headers without limits');
  });
});

t.test('keys and secrets never reach the logs', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    await server.request('/api/v1/usage', { key });
    await server.request('/api/v1/usage?token=mh_claim_secret', { headers: { 'x-api-key': key } });
    await server.request('/api/v1/usage', { key: key.replace(/.$/, 'z') });
    t.ok(server.logs.length >= 3, 'requests were logged');
    const all = server.logs.join('');
    t.notMatch(all, key.slice(3), 'no key in logs');
    t.notMatch(all, 'mh_claim_secret', 'no query string in logs');
    t.match(all, /"reqId":"[0-9a-f-]{36}"/, 'request ids are logged');
  });
});

t.test('X-Request-Id: a sane incoming id is kept, anything else replaced', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const kept = await server.request('/api/v1/health', { headers: { 'X-Request-Id': 'trace-123.abc' } });
    t.equal(kept.headers.get('X-Request-Id'), 'trace-123.abc');
    const replaced = await server.request('/api/v1/health', {
      headers: { 'X-Request-Id': 'bad id\twith spaces' },
    });
    t.match(replaced.headers.get('X-Request-Id'), /^[0-9a-f-]{36}$/);
    const notFound = await server.request('/api/v1/nothing-here');
    t.equal(notFound.status, 404);
    t.same(await notFound.json(), {
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nothing-here.' },
    });
    t.ok(notFound.headers.has('X-Request-Id'), 'errors carry the request id too');
    const wrongMethod = await server.request('/api/v1/health', { method: 'DELETE' });
    t.equal(wrongMethod.status, 405);
    t.equal(((await wrongMethod.json()) as { error: { code: string } }).error.code, 'METHOD_NOT_ALLOWED');
  });
});
