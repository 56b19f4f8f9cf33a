/**
 * Requests that once poisoned or stalled the service, or were accepted and then failed: each must now
 * be refused with the documented code before anything is generated or counted, and must leave every
 * later response byte-identical to what it was before.
 */
import t, { type Test } from 'tap';
import { scratchBytes } from '../../workers/output/encode.js';
import { startApp, type TestServer } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';

interface Envelope {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
}

/** The request of the report: 11 rows of arrays of a thousand 100,000-character strings (1.1 GB). */
const POISON = {
  tables: [
    {
      name: 't',
      count: 11,
      fields: [
        {
          name: 'a',
          type: 'array',
          params: { of: 'long_string', min: 1000, max: 1000, params: { length: 100000 } },
        },
      ],
    },
  ],
};

const NORMAL = {
  seed: 42,
  tables: [
    {
      name: 'customers',
      count: 30,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'name', type: 'full_name' },
        { name: 'email', type: 'email' },
        { name: 'bio', type: 'paragraph' },
      ],
    },
  ],
};

/** A table of `count` rows of `fields` long strings of `length` characters. */
function longRows(count: number, fields: number, length: number) {
  return {
    tables: [
      {
        name: 'docs',
        count,
        fields: Array.from({ length: fields }, (_, i) => ({
          name: `text_${i}`,
          type: 'long_string',
          params: { length },
        })),
      },
    ],
  };
}

async function csvOf(server: TestServer, key: string, json: unknown): Promise<string> {
  const response = await server.request('/api/v1/generate', {
    key,
    json,
    headers: { Accept: 'text/csv' },
  });
  t.equal(response.status, 200);
  return response.text();
}

async function refused(t: Test, server: TestServer, key: string, json: unknown, code: string, status = 400) {
  const response = await server.request('/api/v1/generate', { key, json });
  const body = (await response.json()) as Envelope;
  t.equal(response.status, status, `${code}: status`);
  t.equal(body.error.code, code, body.error.message);
  return body;
}

async function usedToday(server: TestServer, key: string): Promise<number> {
  const response = await server.request('/api/v1/usage', { key });
  return ((await response.json()) as { daily_used: number }).daily_used;
}

t.test(
  'the request that emptied every later response is refused, and later bytes stay the same',
  async (t) => {
    const server = await startApp(t, await embeddedStore(t));
    const pro = await server.key('pro');
    const before = await csvOf(server, pro, NORMAL);
    t.equal(before.split('\r\n').length, 32, 'header, 30 rows and the last line end');

    const free = await server.key('free');
    const body = await refused(t, server, free, POISON, 'RESULT_TOO_LARGE', 422);
    t.match(body.error.message, /tables\[0\]\.fields\[0\] \(a\)/, 'names the field');
    t.match(body.error.message, /free plan allows \(bytes_per_value\) 65536/, 'names the allowance');
    t.same(
      body.error.details?.map((d) => d.field),
      ['tables[0].fields[0]'],
    );
    t.equal(await usedToday(server, free), 0, 'nothing counted');
    t.equal((await refused(t, server, pro, POISON, 'RESULT_TOO_LARGE', 422)).error.code, 'RESULT_TOO_LARGE');

    // An internal key may ask for what no plan allows, up to the service's own bounds: 16 MiB a value.
    const internal = await server.key('internal');
    const engine = await refused(t, server, internal, POISON, 'RESULT_TOO_LARGE', 422);
    t.match(engine.error.message, /the service allows 16777216/);
    // One row of 200 values of 100,000 characters: the encoder's scratch grows beyond what it keeps.
    const large = longRows(1, 200, 100_000);
    const huge = await server.request('/api/v1/generate', { key: internal, json: large });
    t.equal(huge.status, 200);
    t.ok((await huge.arrayBuffer()).byteLength > 20_000_000, 'twenty million bytes and more, all written');
    t.ok(scratchBytes() > 16 << 20, 'the scratch grew for it');

    t.equal(await csvOf(server, pro, NORMAL), before, 'byte-identical afterwards');
    await csvOf(server, pro, NORMAL);
    t.ok(scratchBytes() <= 16 << 20, `the encoder kept ${scratchBytes()} bytes of scratch`);
  },
);

t.test('each plan bounds the worst case of a value, a row and the response before generating', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const free = await server.key('free');
  const value = await refused(t, server, free, longRows(1, 1, 70_000), 'RESULT_TOO_LARGE', 422);
  t.match(value.error.message, /One value of tables\[0\]\.fields\[0\] \(text_0\)/);
  const row = await refused(t, server, free, longRows(1, 20, 60_000), 'RESULT_TOO_LARGE', 422);
  t.match(row.error.message, /One row of tables\[0\] \(docs\).*bytes_per_row/);
  const total = await refused(t, server, free, longRows(100, 10, 20_000), 'RESULT_TOO_LARGE', 422);
  t.match(total.error.message, /The whole result of tables.*bytes_per_request/);
  t.equal(await usedToday(server, free), 0, 'nothing counted');

  const accepted = await server.request('/api/v1/generate', { key: free, json: longRows(100, 10, 1_000) });
  t.equal(accepted.status, 200, 'the same shape within the allowance');
  await accepted.arrayBuffer();
  const pro = await server.key('pro');
  const bigger = await server.request('/api/v1/generate', { key: pro, json: longRows(1, 1, 70_000) });
  t.equal(bigger.status, 200, "Pro's allowance holds a value that Free's does not");
  await bigger.arrayBuffer();

  const usage = (await (await server.request('/api/v1/usage', { key: free })).json()) as {
    limits: Record<string, unknown>;
  };
  t.match(usage.limits, { bytes_per_value: 65536, bytes_per_row: 1048576, bytes_per_request: 16777216 });
});

t.test('numeric ranges that cannot give finite, exact values are refused', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('internal');
  const field = (type: string, params: Record<string, unknown>, count = 5) => ({
    tables: [{ name: 't', count, fields: [{ name: 'v', type, params }] }],
  });
  const cases: [string, Record<string, unknown>, number?][] = [
    ['price', { min: -1e308, max: 1e308 }],
    ['float', { min: -1e308, max: 1e308 }],
    ['decimal', { max: 1e14, precision: 3 }],
    ['number', { min: 0, max: 1e16 }],
    ['integer', { min: 1.5 }],
    ['integer', { max: 2 ** 60 }],
    ['salary', { max: 1e300 }],
    ['sequence', { start: 9007199254740000, step: 1000 }, 5],
    ['array', { params: 'x' }],
  ];
  for (const [type, params, count] of cases) {
    const body = await refused(t, server, key, field(type, params, count), 'SCHEMA_ERROR');
    t.match(
      body.error.details?.[0]?.field,
      /^tables\[0\]\.fields\[0\]\.params\./,
      `${type}: names the param`,
    );
  }
  const fine = await server.request('/api/v1/generate', {
    key,
    json: field('price', { min: -1e12, max: 1e12 }),
  });
  t.equal(fine.status, 200, 'large but exact ranges work');
  const { data } = (await fine.json()) as { data: { t: { v: number }[] } };
  t.ok(
    data.t.every((r) => Number.isFinite(r.v)),
    'every value finite',
  );
});

t.test('nesting deeper than 64 levels is refused before anything walks it', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const body = `{"tables":[{"name":"t","count":1,"fields":[{"name":"a","type":"uuid","params":{"x":${deep(5000)}}}]}]}`;
  const response = await server.request('/api/v1/generate', {
    key,
    body,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });
  t.equal(response.status, 400);
  t.match(await response.json(), { error: { code: 'VALIDATION_ERROR', message: /more than 64 levels/ } });
  const sample = await server.request('/api/v1/schema/detect', {
    key,
    json: { sample_json: `{"a":${deep(5000)}}` },
  });
  t.equal(sample.status, 400, 'a sample sent as JSON text too');
  t.match(await sample.json(), { error: { code: 'VALIDATION_ERROR', message: /sample_json nests/ } });
  const shallow = await server.request('/api/v1/generate', {
    key,
    json: {
      tables: [
        { name: 't', count: 1, fields: [{ name: 'a', type: 'constant', params: { value: [[[1]]] } }] },
      ],
    },
  });
  t.equal(shallow.status, 200, 'ordinary nesting passes');
  await shallow.arrayBuffer();
});

t.test('405 answers carry Allow', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  for (const [method, path, allow] of [
    ['DELETE', '/api/v1/health', /GET/],
    ['POST', '/api/v1/types', /GET/],
    ['GET', '/api/v1/generate', /POST/],
    ['PUT', '/api/agent/claim', /POST/],
  ] as const) {
    const response = await server.request(path, { method, key });
    t.equal(response.status, 405, `${method} ${path}`);
    t.match(response.headers.get('Allow'), allow, `${method} ${path}: Allow`);
    t.match(await response.json(), { error: { code: 'METHOD_NOT_ALLOWED' } });
  }
});

t.test('a key must come as Bearer or in x-api-key', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const bare = await server.request('/api/v1/usage', { headers: { Authorization: key } });
  t.equal(bare.status, 401, 'a bare key in Authorization');
  t.match(await bare.json(), { error: { code: 'UNAUTHORIZED', message: /Bearer/ } });
  const basic = await server.request('/api/v1/usage', { headers: { Authorization: `Basic ${key}` } });
  t.equal(basic.status, 401, 'another scheme');
  t.equal((await server.request('/api/v1/usage', { headers: { 'x-api-key': key } })).status, 200);
  t.equal(
    (await server.request('/api/v1/usage', { headers: { Authorization: `bearer ${key}` } })).status,
    200,
  );
});

t.test(
  'the sandbox checkout page answers errors as a page to browsers and as the envelope otherwise',
  async (t) => {
    const server = await startApp(t, await embeddedStore(t));
    const browser = await server.request('/api/agent/sandbox/checkout/sbx_unknown', {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    t.equal(browser.status, 404);
    t.match(browser.headers.get('Content-Type'), /^text\/html/);
    t.match(await browser.text(), /Checkout not found/);
    for (const method of ['GET', 'POST']) {
      const client = await server.request('/api/agent/sandbox/checkout/sbx_unknown', { method });
      t.equal(client.status, 404, `${method} without Accept`);
      t.match(await client.json(), { error: { code: 'NOT_FOUND', message: /Checkout not found/ } });
    }
  },
);

t.test('found by the fuzz test: prototype words, Infinity, and DDL that stalls the parser', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const raw = (path: string, body: string) =>
    server.request(path, { key, body, method: 'POST', headers: { 'Content-Type': 'application/json' } });

  const prompt = await server.request('/api/v1/generate', {
    key,
    json: { prompt: '5 users with a constructor' },
  });
  t.equal(prompt.status, 200, 'a prompt may say "constructor"');
  t.notMatch(await prompt.text(), /function|native code/);

  for (const params of ['{"value":1e999}', '{"value":[1,-1e999]}']) {
    const body = `{"tables":[{"name":"t","count":1,"fields":[{"name":"x","type":"constant","params":${params}}]}]}`;
    const response = await raw('/api/v1/generate', body);
    t.equal(response.status, 400, `constant ${params}`);
    t.match(await response.json(), { error: { code: 'SCHEMA_ERROR', message: /finite/ } });
  }
  const enumBody =
    '{"tables":[{"name":"t","count":1,"fields":[{"name":"x","type":"enum","params":{"values":[1e999]}}]}]}';
  const enumResponse = await raw('/api/v1/generate', enumBody);
  t.equal(enumResponse.status, 400, 'enum of Infinity');
  await enumResponse.arrayBuffer();

  const started = performance.now();
  const stall = server.request('/api/v1/schema/detect', {
    key,
    json: { sql: `CREATE TABLE t ${'('.repeat(24)}` },
  });
  const health = await server.request('/api/v1/health');
  t.ok(performance.now() - started < 1000, 'health answers while the parser backtracks in its thread');
  await health.arrayBuffer();
  const stalled = await stall;
  t.equal(stalled.status, 400, 'the parse is stopped at its deadline');
  t.match(await stalled.json(), { error: { code: 'VALIDATION_ERROR', message: /longer than 3 s/ } });

  const checks = Array.from({ length: 7000 }, () => 'a > 0').join(' AND ');
  const detect = await server.request('/api/v1/schema/detect', {
    key,
    json: { sql: `CREATE TABLE t (a INT CHECK (${checks}));` },
  });
  t.equal(detect.status, 200, 'a CHECK of 7,000 conditions');
  await detect.arrayBuffer();
  const fine = await server.request('/api/v1/schema/detect', {
    key,
    json: { sql: 'CREATE TABLE t (a INT);' },
  });
  t.equal(fine.status, 200, 'detection works again after a stopped one');
  await fine.arrayBuffer();

  const estimate = await server.request('/api/agent/estimate', {
    json: { tables: [{ name: 'constructor', count: 3, fields: [{ name: 'a', type: 'uuid' }] }] },
  });
  t.match(await estimate.json(), { estimate: { records_per_table: { constructor: 3 } } });
});

t.test('tables, fields and json keys named __proto__ are kept', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const fields = [
    { name: '__proto__', type: 'integer' },
    { name: 'by_keys', type: 'json', params: { keys: ['__proto__', 'a'] } },
    {
      name: 'by_fields',
      type: 'json',
      params: { fields: JSON.parse('{"__proto__":"integer","b":"integer"}') },
    },
  ];
  const request = { seed: 5, tables: [{ name: '__proto__', count: 2, fields }] };
  const response = await server.request('/api/v1/generate', { key, json: request });
  t.equal(response.status, 200);
  // Parsed JSON keeps __proto__ as an own key, so the keys below are what the text holds.
  const body = (await response.json()) as { data: Record<string, Record<string, unknown>[]> };
  t.same(Object.keys(body.data), ['__proto__']);
  for (const record of body.data['__proto__']!) {
    t.same(Object.keys(record), ['__proto__', 'by_keys', 'by_fields']);
    t.same(Object.keys(record['by_keys'] as object), ['__proto__', 'a']);
    // The body parser drops keys named __proto__ (json-body.ts): `fields` arrives without it.
    t.same(Object.keys(record['by_fields'] as object), ['b']);
  }
  const sql = await server.request('/api/v1/generate', { key, json: { ...request, format: 'sql' } });
  t.match(((await sql.json()) as { sql: string }).sql, /"__proto__"/);
});

t.test('the per-request record limit (429) comes before the byte allowances (422)', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const free = await server.key('free');
  const body = await refused(t, server, free, longRows(1_000_000, 1, 1_000), 'RATE_LIMIT_EXCEEDED', 429);
  t.match(body.error.message, /at most 100 records per request/);
});

t.test('an enum of more values than a call takes arguments is planned, not a 500', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const values = Array.from({ length: 300_000 }, (_, i) => i % 10);
  const response = await server.request('/api/v1/generate', {
    key,
    json: { tables: [{ name: 't', count: 2, fields: [{ name: 'v', type: 'enum', params: { values } }] }] },
  });
  t.equal(response.status, 200);
  await response.arrayBuffer();
});
