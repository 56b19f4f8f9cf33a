import t, { type Test } from 'tap';
import { DEFAULT_PLANS } from '../../../src/accounts/plans.js';
import { startApp, type TestServer } from '../../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';

const TABLE = { name: 'users', count: 5, fields: [{ name: 'id', type: 'uuid' }] };
type Envelope = {
  error: {
    code: string;
    message: string;
    details?: { field: string; message: string; suggestion?: string }[];
  };
};

async function expectError(
  t: Test,
  server: TestServer,
  init: Parameters<TestServer['request']>[1],
  status: number,
  code: string,
  name: string,
): Promise<Envelope> {
  const response = await server.request('/api/v1/generate', { method: 'POST', ...init });
  t.equal(response.status, status, `${name}: status`);
  const body = (await response.json()) as Envelope;
  t.equal(body.error?.code, code, `${name}: code`);
  return body;
}

t.test('bad bodies', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const raw = (body: string, type = 'application/json') => ({
      key,
      body,
      headers: { 'Content-Type': type },
    });
    await expectError(t, server, raw('{"tables":[],}'), 400, 'VALIDATION_ERROR', 'trailing comma');
    await expectError(t, server, raw(''), 400, 'VALIDATION_ERROR', 'empty');
    await expectError(
      t,
      server,
      raw('tables=1', 'application/x-www-form-urlencoded'),
      400,
      'VALIDATION_ERROR',
      'form',
    );
    await expectError(t, server, raw('[1,2]'), 400, 'VALIDATION_ERROR', 'array body');
    await expectError(t, server, { key, json: { format: 'json' } }, 400, 'VALIDATION_ERROR', 'no mode');
    const two = await expectError(
      t,
      server,
      { key, json: { tables: [TABLE], template: 'blog' } },
      422,
      'VALIDATION_ERROR',
      'two modes',
    );
    t.same(two.error.details, [{ field: 'template', message: 'cannot be combined with tables' }]);
    const big = `{"tables":[${Array(40_000).fill(JSON.stringify(TABLE)).join(',')}]}`;
    await expectError(t, server, raw(big), 413, 'PAYLOAD_TOO_LARGE', 'over 1 MiB');
  });
});

t.test('invalid values are 422 with paths', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const cases: [unknown, string][] = [
      [{ tables: [TABLE], format: 'xml' }, 'format'],
      [{ tables: [TABLE], sql_dialect: 'oracle', format: 'sql' }, 'sql_dialect'],
      [{ tables: [TABLE], locale: 'xx' }, 'locale'],
      [{ tables: [TABLE], seed: -1 }, 'seed'],
      [{ tables: [TABLE], seed: 4294967296 }, 'seed'],
      [{ tables: [TABLE], seed: 1.5 }, 'seed'],
      [{ tables: [] }, 'tables'],
      [{ tables: [{ ...TABLE, count: 0 }] }, 'tables[0].count'],
      [{ tables: [{ ...TABLE, count: '5' }] }, 'tables[0].count'],
      [{ tables: [{ ...TABLE, fields: [] }] }, 'tables[0].fields'],
      [{ tables: [{ ...TABLE, fields: [{ name: 'x' }] }] }, 'tables[0].fields[0].type'],
      [{ tables: [{ count: 1, fields: TABLE.fields }] }, 'tables[0].name'],
      [{ template: 'shop' }, 'template'],
      [{ template: 'blog', scale: 0.05 }, 'scale'],
      [{ template: 'blog', scale: 101 }, 'scale'],
      [{ prompt: 'x'.repeat(5001) }, 'prompt'],
    ];
    for (const [json, field] of cases) {
      const body = await expectError(
        t,
        server,
        { key, json },
        422,
        'VALIDATION_ERROR',
        JSON.stringify(json).slice(0, 80),
      );
      t.ok(
        body.error.details?.some((d) => d.field === field),
        `details name ${field}: ${JSON.stringify(body.error.details)}`,
      );
    }
  });
});

t.test('schema problems are 400 SCHEMA_ERROR or DEPENDENCY_CYCLE', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const unknown = await expectError(
      t,
      server,
      {
        key,
        json: {
          tables: [
            {
              name: 'u',
              count: 1,
              fields: [
                { name: 'a', type: 'string' },
                { name: 'e', type: 'emial' },
              ],
            },
          ],
        },
      },
      400,
      'SCHEMA_ERROR',
      'unknown type',
    );
    t.match(unknown.error.details, [
      { field: 'tables[0].fields[0].type' },
      { field: 'tables[0].fields[1].type', suggestion: 'email' },
    ]);
    const param = await expectError(
      t,
      server,
      {
        key,
        json: {
          tables: [
            {
              name: 'users',
              count: 1,
              fields: [
                { name: 'e', type: 'email', params: { domain: 'not a host' } },
                { name: 'g', type: 'gender', params: { values: ['a', 'b'], weights: [1] } },
              ],
            },
          ],
        },
      },
      400,
      'SCHEMA_ERROR',
      'a bad domain, weights of the wrong length',
    );
    t.match(param.error.details, [
      { field: 'tables[0].fields[0].params.domain' },
      { field: 'tables[0].fields[1].params.weights' },
    ]);
    const undefinedRef = await expectError(
      t,
      server,
      {
        key,
        json: {
          tables: [{ name: 'o', count: 1, fields: [{ name: 'u', type: 'ref', params: { table: 'users' } }] }],
        },
      },
      400,
      'SCHEMA_ERROR',
      'undefined table',
    );
    t.match(undefinedRef.error.details, [{ field: 'tables[0].fields[0].params.table' }]);
    const cycle = await expectError(
      t,
      server,
      {
        key,
        json: {
          tables: [
            {
              name: 'a',
              count: 1,
              fields: [
                { name: 'id', type: 'uuid' },
                { name: 'b_id', type: 'ref', params: { table: 'b' } },
              ],
            },
            {
              name: 'b',
              count: 1,
              fields: [
                { name: 'id', type: 'uuid' },
                { name: 'a_id', type: 'ref', params: { table: 'a' } },
              ],
            },
          ],
        },
      },
      400,
      'DEPENDENCY_CYCLE',
      'cycle',
    );
    t.match(cycle.error.message, /a -> b -> a|b -> a -> b/);
    const usage = (await (await server.request('/api/v1/usage', { key })).json()) as { daily_used: number };
    t.equal(usage.daily_used, 0, 'failed requests count nothing');
  });
});

t.test('plans: gating and limits', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, {
      plans: { free: { ...DEFAULT_PLANS.free, records_per_day: 120, requests_per_minute: 30 } },
    });
    const free = await server.key('free');
    for (const [json, feature] of [
      [{ tables: [TABLE], format: 'csv' }, /CSV output/],
      [{ tables: [TABLE], format: 'sql' }, /SQL output/],
      [{ tables: [TABLE], seed: 1 }, /seed/],
    ] as const) {
      const body = await expectError(
        t,
        server,
        { key: free, json },
        403,
        'FEATURE_REQUIRES_UPGRADE',
        String(feature),
      );
      t.match(body.error.message, feature);
    }
    const raw = await server.request('/api/v1/generate', {
      key: free,
      json: { tables: [TABLE] },
      headers: { Accept: 'text/csv' },
    });
    t.equal(raw.status, 403, 'raw CSV is CSV output too');
    await raw.text();

    const tooMany = await expectError(
      t,
      server,
      { key: free, json: { tables: [{ ...TABLE, count: 101 }] } },
      429,
      'RATE_LIMIT_EXCEEDED',
      'per request',
    );
    t.match(tooMany.error.message, /at most 100 records per request/);
    const template = await expectError(
      t,
      server,
      { key: free, json: { template: 'blog' } },
      429,
      'RATE_LIMIT_EXCEEDED',
      'template too big',
    );
    t.match(template.error.message, /1200 records/);

    const ok = await server.request('/api/v1/generate', {
      key: free,
      json: { tables: [{ ...TABLE, count: 100 }] },
    });
    t.equal(ok.status, 200);
    await ok.text();
    const daily = await server.request('/api/v1/generate', {
      key: free,
      json: { tables: [{ ...TABLE, count: 30 }] },
    });
    t.equal(daily.status, 429, 'daily allowance');
    t.equal(daily.headers.get('X-RateLimit-Remaining'), '0');
    t.ok(daily.headers.get('X-RateLimit-Reset'));
    t.match(((await daily.json()) as Envelope).error.message, /Daily record limit/);
    const exact = await server.request('/api/v1/generate', {
      key: free,
      json: { tables: [{ ...TABLE, count: 20 }] },
    });
    t.equal(exact.status, 200, 'the remaining 20 still fit');
    t.equal(exact.headers.get('X-RateLimit-Remaining'), '0');
    await exact.text();
  });
});

t.test('negotiation', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    await expectError(
      t,
      server,
      { key, json: { tables: [TABLE] }, headers: { Accept: 'text/html' } },
      406,
      'NOT_ACCEPTABLE',
      'html',
    );
    const two = [TABLE, { ...TABLE, name: 'more' }];
    const missing = await expectError(
      t,
      server,
      { key, json: { tables: two }, headers: { Accept: 'text/csv' } },
      422,
      'VALIDATION_ERROR',
      'no ?table',
    );
    t.match(missing.error.message, /users, more/);
    const response = await server.request('/api/v1/generate?table=nope', {
      key,
      json: { tables: two },
      headers: { Accept: 'text/csv' },
    });
    t.equal(response.status, 422, 'unknown ?table');
    await response.text();
  });
});

t.test('authentication comes first', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    await expectError(t, server, { json: { tables: [TABLE] } }, 401, 'UNAUTHORIZED', 'no key');
    await expectError(
      t,
      server,
      { key: 'mh_nope', json: { tables: [TABLE] } },
      401,
      'UNAUTHORIZED',
      'malformed key',
    );
  });
});
