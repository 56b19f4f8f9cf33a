import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import type { Test } from 'tap';
import { PREVIEW_BYTES, PREVIEW_ROWS } from '../../src/http/mcp/preview.js';
import { payInSandbox } from '../helpers/agent.js';
import { startApp, type TestServer } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';
import { USERS } from '../helpers/mcp.js';

const TOOL_NAMES = [
  'generate_test_data',
  'generate_from_template',
  'detect_schema',
  'list_field_types',
  'list_templates',
  'estimate_agent_usage',
  'create_agent_checkout',
  'check_agent_checkout_status',
  'claim_agent_api_key',
];

/** An SDK client over Streamable HTTP to the server's /mcp, sending `key` as a Bearer token. */
async function connect(t: Test, server: TestServer, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'mockhive-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
    requestInit: { headers },
  });
  await client.connect(transport);
  t.teardown(() => client.close());
  return client;
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A tool's answer: its JSON text parsed, and whether it is a tool error. */
async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; body: Record<string, unknown>; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result.content[0] as { type: 'text'; text: string }).text;
  return { isError: result.isError === true, body: JSON.parse(text) as Record<string, unknown>, text };
}

/** Records the key's account used today, by GET /api/v1/usage. */
async function usedToday(server: TestServer, key: string): Promise<number> {
  const response = await server.request('/api/v1/usage', { key });
  return ((await response.json()) as { daily_used: number }).daily_used;
}

/** Fails the test, with the tool's error, unless the tool answered. */
function answered(t: Test, result: { isError: boolean; text: string }): void {
  t.notOk(result.isError, result.isError ? result.text : 'answered');
}

/** The API's answer to the same request, to compare with a tool's. */
async function api(server: TestServer, path: string, key: string | undefined, json: unknown) {
  const response = await server.request(path, { key, json });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

t.test('tools/list names every tool, with JSON Schema inputs from the routes', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const client = await connect(t, server);
  t.equal(client.getServerVersion()?.name, 'mockhive');
  const { tools } = await client.listTools();
  t.same(
    tools.map((tool) => tool.name),
    TOOL_NAMES,
  );
  const generate = tools.find((tool) => tool.name === 'generate_test_data')!;
  t.equal(generate.inputSchema.type, 'object');
  t.ok(generate.inputSchema.properties?.['tables'], 'the generation body has tables');
  t.match(generate.inputSchema.properties?.['format'], { enum: ['json', 'csv', 'sql'] });
  const template = tools.find((tool) => tool.name === 'generate_from_template')!;
  t.same(template.inputSchema.required, ['template']);
  t.notOk(template.inputSchema.properties?.['tables'], 'no tables in template mode');
  t.ok(JSON.stringify(tools).indexOf('Symbol') === -1, 'no TypeBox symbols leak');
});

t.test('generation: a small request comes back whole, as the API answers it', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const client = await connect(t, server, bearer(key));
  const request = { ...USERS(3), seed: 7 };
  const tool = await call(client, 'generate_test_data', request);
  answered(t, tool);
  const expected = await api(server, '/api/v1/generate', key, request);
  t.equal(expected.status, 200);
  t.same(tool.body['data'], expected.body['data'], 'the same records as the API for the same seed');
  t.match(tool.body['meta'], { total_records: 3, seed: 7, format: 'json' });
  t.match(tool.body['preview'], { complete: true, records_per_table: { users: 3 } });
  t.notOk(tool.body['full_result'], 'nothing more to fetch');

  t.equal(await usedToday(server, key), 6, 'the tool counted its 3 records, the API its 3');
});

t.test('generation: a table named __proto__ is in the preview like any other', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const client = await connect(t, server, bearer(key));
  const request = {
    seed: 3,
    tables: [{ name: '__proto__', count: 2, fields: [{ name: '__proto__', type: 'integer' }] }],
  };
  const tool = await call(client, 'generate_test_data', request);
  answered(t, tool);
  const expected = await api(server, '/api/v1/generate', key, request);
  t.same(Object.keys(tool.body['data'] as object), ['__proto__'], 'the table is a key of data');
  t.same(tool.body['data'], expected.body['data'], "the API's records");
  t.match(tool.body['preview'], { complete: true, records_per_table: JSON.parse('{"__proto__":2}') });
  t.notOk(tool.body['full_result'], 'the whole table is shown');
});

t.test('generation: a large request answers a capped preview and how to fetch the rest', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('scale');
  const client = await connect(t, server, { 'x-api-key': key });
  const request = { ...USERS(5000), seed: 11 };
  const tool = await call(client, 'generate_test_data', request);
  answered(t, tool);
  const rows = (tool.body['data'] as { users: object[] }).users;
  t.equal(rows.length, PREVIEW_ROWS, 'the first rows only');
  t.match(tool.body['preview'], { complete: false, records_per_table: { users: PREVIEW_ROWS } });
  t.match(tool.body['meta'], { total_records: 5000, seed: 11 });
  const full = tool.body['full_result'] as { body: Record<string, unknown>; sync: { url: string } };
  t.equal(full.sync.url, `${server.url}/api/v1/generate`);
  t.match(full, { records: 5000, async: { url: `${server.url}/api/v1/generate/async` } });
  t.same(full.body, request, 'the body to send, with the seed');

  const expected = await api(server, '/api/v1/generate', key, full.body);
  t.same(rows, (expected.body['data'] as { users: object[] }).users.slice(0, PREVIEW_ROWS), 'its first rows');
  t.equal(await usedToday(server, key), PREVIEW_ROWS + 5000, 'the preview counts the rows it shows');
});

t.test('generation: long rows shrink the preview to its byte cap', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('internal');
  const client = await connect(t, server, bearer(key));
  const request = {
    tables: [
      {
        name: 'notes',
        count: 50,
        fields: [{ name: 'body', type: 'long_string', params: { length: 3000 } }],
      },
    ],
  };
  const tool = await call(client, 'generate_test_data', request);
  answered(t, tool);
  const notes = (tool.body['data'] as { notes: object[] }).notes;
  t.ok(notes.length > 0 && notes.length < PREVIEW_ROWS, `fewer rows (${notes.length})`);
  t.ok(Buffer.byteLength(JSON.stringify({ data: tool.body['data'] })) <= PREVIEW_BYTES, 'within the cap');
  t.ok(Buffer.byteLength(tool.text) < PREVIEW_BYTES + 4096, 'the whole answer stays small');
  t.match(tool.body['preview'], { complete: false, records_per_table: { notes: notes.length } });
});

t.test('generation: formats, templates and prompts', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const client = await connect(t, server, bearer(key));

  const csv = await call(client, 'generate_test_data', { ...USERS(2), format: 'csv', seed: 1 });
  answered(t, csv);
  const expected = await api(server, '/api/v1/generate', key, { ...USERS(2), format: 'csv', seed: 1 });
  t.same(csv.body['data'], expected.body['data'], 'CSV text as the API has it');

  const sql = await call(client, 'generate_test_data', { ...USERS(2), format: 'sql', seed: 1 });
  const expectedSql = await api(server, '/api/v1/generate', key, { ...USERS(2), format: 'sql', seed: 1 });
  t.equal(sql.body['sql'], expectedSql.body['sql'], 'the SQL script as the API has it');

  const shop = await call(client, 'generate_from_template', { template: 'blog', seed: 3 });
  answered(t, shop);
  const tables = Object.keys(shop.body['data'] as object);
  t.ok(tables.length > 1, `template tables: ${tables.join(', ')}`);
  t.match(shop.body['preview'], { complete: false });
  t.match(shop.body['full_result'], { body: { template: 'blog', seed: 3 } });

  const noTemplate = await call(client, 'generate_from_template', { scale: 2 });
  t.ok(noTemplate.isError);
  t.match(noTemplate.body, { error: { code: 'VALIDATION_ERROR' } });

  const prompt = await call(client, 'generate_test_data', {
    prompt: '20 customers with name and email, each with 3 orders',
    seed: 5,
  });
  answered(t, prompt);
  t.ok(prompt.body['schema'], 'the inferred schema');
  const full = prompt.body['full_result'] as { body: { tables: unknown[]; seed: number; prompt?: string } };
  t.same(
    full.body.tables,
    (prompt.body['schema'] as { tables: unknown[] }).tables,
    'the prompt as its tables',
  );
  t.notOk(full.body.prompt);
  const refetch = await call(client, 'generate_test_data', full.body);
  t.same(
    Object.values(refetch.body['data'] as object)[0],
    Object.values(prompt.body['data'] as object)[0],
    'the inferred tables and seed give the same rows',
  );
});

t.test('errors are tool errors with the API codes', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const free = await server.key('free');

  const anonymous = await connect(t, server);
  const noKey = await call(anonymous, 'generate_test_data', USERS(1));
  t.ok(noKey.isError);
  t.match(noKey.body, { error: { code: 'UNAUTHORIZED', message: /API key is required/ } });
  const detectNoKey = await call(anonymous, 'detect_schema', { sql: 'CREATE TABLE a (id int)' });
  t.match(detectNoKey.body, { error: { code: 'UNAUTHORIZED' } });

  const wrong = await connect(t, server, bearer(`mh_${'0'.repeat(32)}`));
  const unknown = await call(wrong, 'generate_test_data', USERS(1));
  t.ok(unknown.isError);
  t.match(unknown.body, { error: { code: 'UNAUTHORIZED', message: /unknown or has been revoked/ } });
  const malformed = await connect(t, server, bearer('not-a-key'));
  t.match((await call(malformed, 'list_templates')).isError, false, 'public tools need no key');
  t.match((await call(malformed, 'generate_test_data', USERS(1))).body, {
    error: { code: 'UNAUTHORIZED', message: /malformed/ },
  });

  const client = await connect(t, server, bearer(free));
  const csv = await call(client, 'generate_test_data', { ...USERS(1), format: 'csv' });
  t.ok(csv.isError);
  t.match(csv.body, { error: { code: 'FEATURE_REQUIRES_UPGRADE', message: /pro plan/ } });
  const detect = await call(client, 'detect_schema', { sql: 'CREATE TABLE a (id int)' });
  t.match(detect.body, { error: { code: 'FEATURE_REQUIRES_UPGRADE' } });

  const oversize = await call(client, 'generate_test_data', USERS(101));
  t.ok(oversize.isError);
  t.match(oversize.body, { error: { code: 'RATE_LIMIT_EXCEEDED', message: /at most 100 records/ } });
  const viaApi = await api(server, '/api/v1/generate', free, USERS(101));
  t.same(oversize.body, viaApi.body, 'the same envelope as the API');

  const invalid = await call(client, 'generate_test_data', {
    tables: [{ name: 'a', count: 1, fields: [{ name: 'x', type: 'no_such_type' }] }],
  });
  t.ok(invalid.isError);
  t.match(invalid.body, { error: { code: 'SCHEMA_ERROR' } });
  const noMode = await call(client, 'generate_test_data', {});
  t.match(noMode.body, { error: { code: 'VALIDATION_ERROR' } });

  // A free key's seed is a Pro feature: the free plan's full result cannot repeat the preview.
  const seeded = await call(client, 'generate_test_data', { ...USERS(1), seed: 1 });
  t.match(seeded.body, { error: { code: 'FEATURE_REQUIRES_UPGRADE' } });
  const unseeded = await call(client, 'generate_test_data', USERS(50));
  answered(t, unseeded);
  const full = unseeded.body['full_result'] as { body: object; how: string; async?: unknown };
  t.same(full.body, USERS(50), 'no seed in the body of a plan without seeds');
  t.match(full.how, /cannot set a seed/);
  t.notOk(full.async, 'no async for a plan without it');
});

t.test('the per-minute allowance counts tool calls, as it counts API requests', async (t) => {
  const server = await startApp(t, await embeddedStore(t), {
    plans: {
      free: { ...(await import('../../src/accounts/plans.js')).DEFAULT_PLANS.free, requests_per_minute: 2 },
    },
  });
  const key = await server.key('free');
  const client = await connect(t, server, bearer(key));
  await client.listTools(); // protocol messages do not count
  t.notOk((await call(client, 'generate_test_data', USERS(1))).isError);
  t.notOk((await call(client, 'generate_test_data', USERS(1))).isError);
  const third = await call(client, 'generate_test_data', USERS(1));
  t.match(third.body, { error: { code: 'RATE_LIMIT_EXCEEDED', message: /2 requests per minute/ } });
  const viaApi = await api(server, '/api/v1/generate', key, USERS(1));
  t.equal(viaApi.status, 429, 'the API shares the count');
});

t.test('catalogue and detection tools answer what the routes answer', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const client = await connect(t, server, bearer(key));

  const types = await call(client, 'list_field_types');
  const typesApi = await (await server.request('/api/v1/types')).json();
  t.same(types.body, typesApi);
  const identity = await call(client, 'list_field_types', { category: 'identity' });
  t.same(Object.keys(identity.body['categories'] as object), ['identity']);
  const badCategory = await call(client, 'list_field_types', { category: 'nope' });
  t.match(badCategory.body, { error: { code: 'VALIDATION_ERROR', details: [{ field: 'category' }] } });

  const templates = await call(client, 'list_templates');
  t.same(templates.body, await (await server.request('/api/v1/templates')).json());

  const ddl = { sql: 'CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL);' };
  const detected = await call(client, 'detect_schema', ddl);
  answered(t, detected);
  t.same(detected.body, (await api(server, '/api/v1/schema/detect', key, ddl)).body);
  const empty = await call(client, 'detect_schema', { sql: '  ' });
  t.match(empty.body, { error: { code: 'VALIDATION_ERROR' } });
});

t.test('estimate and the agent purchase flow work without a key', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const client = await connect(t, server);

  const estimate = await call(client, 'estimate_agent_usage', { template: 'ecommerce' });
  answered(t, estimate);
  t.same(
    estimate.body,
    (await api(server, '/api/agent/estimate', undefined, { template: 'ecommerce' })).body,
  );
  const agentKey = await server.key('agent');
  const keyed = await connect(t, server, bearer(agentKey));
  t.match((await call(keyed, 'estimate_agent_usage', { template: 'blog' })).body, {
    authenticated: true,
    tier: 'agent',
  });
  const badEstimate = await call(client, 'estimate_agent_usage', {});
  t.match(badEstimate.body, { error: { code: 'VALIDATION_ERROR' } });

  const badEmail = await call(client, 'create_agent_checkout', { email: 'nope' });
  t.match(badEmail.body, { error: { code: 'VALIDATION_ERROR' } });
  const badIdempotency = await call(client, 'create_agent_checkout', {
    email: 'a@example.com',
    idempotency_key: 42,
  });
  t.match(badIdempotency.body, { error: { code: 'VALIDATION_ERROR', message: /Idempotency-Key/ } });

  const idempotency_key = 'a-key-of-sixteen-or-more';
  const checkout = await call(client, 'create_agent_checkout', { email: 'a@example.com', idempotency_key });
  answered(t, checkout);
  t.match(checkout.body, { status: 'pending', next_action: 'complete_checkout', claim_token: /^mh_claim_/ });
  const again = await call(client, 'create_agent_checkout', { email: 'a@example.com', idempotency_key });
  t.equal(again.body['checkout_id'], checkout.body['checkout_id'], 'idempotent');
  const token = checkout.body['claim_token'] as string;

  const notPaid = await call(client, 'claim_agent_api_key', { token });
  t.match(notPaid.body, { error: { code: 'PAYMENT_REQUIRED' } });
  await payInSandbox(checkout.body as { url: string });
  const status = await call(client, 'check_agent_checkout_status', { token });
  t.match(status.body, { status: 'paid', next_action: 'claim_api_key' });

  const claim = await call(client, 'claim_agent_api_key', { token });
  answered(t, claim);
  t.match(claim.body, { api_key: /^mh_[0-9a-f]{32}$/, tier: 'agent' });
  const twice = await call(client, 'claim_agent_api_key', { token });
  t.match(twice.body, { error: { code: 'ALREADY_CLAIMED' } });

  const claimed = await connect(t, server, bearer(claim.body['api_key'] as string));
  t.notOk((await call(claimed, 'generate_test_data', USERS(2))).isError, 'the claimed key generates');
  const unknownToken = await call(client, 'check_agent_checkout_status', {
    token: `mh_claim_${'0'.repeat(64)}`,
  });
  t.match(unknownToken.body, { error: { code: 'NOT_FOUND' } });
  const malformedToken = await call(client, 'check_agent_checkout_status', { token: 'x' });
  t.match(malformedToken.body, { error: { code: 'VALIDATION_ERROR' } });
});

t.test('the HTTP face of /mcp: GET and DELETE 405, bodies checked, unknown tools', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  for (const method of ['GET', 'DELETE']) {
    const response = await server.request('/mcp', { method });
    t.equal(response.status, 405, method);
    t.match(response.headers.get('Allow'), /POST/);
  }
  const notJson = await server.request('/mcp', {
    method: 'POST',
    body: 'x',
    headers: { 'Content-Type': 'text/plain', Accept: 'application/json, text/event-stream' },
  });
  t.equal(notJson.status, 400, "not JSON: the API's own check");
  const tooLarge = await server.request('/mcp', {
    json: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(2 << 20) } },
    headers: { Accept: 'application/json, text/event-stream' },
  });
  t.equal(tooLarge.status, 413);

  const client = await connect(t, server);
  await t.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /no_such_tool/);
});

t.test('requests with misfit params answer -32602 with a short message, never -32603', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const rpc = async (id: number, method: string, params?: unknown) => {
    const response = await server.request('/mcp', {
      json: { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) },
      headers: { Accept: 'application/json, text/event-stream' },
    });
    t.equal(response.status, 200);
    return (await response.json()) as { id: number; error?: { code: number; message: string } };
  };
  const cases: [string, unknown, RegExp][] = [
    ['tools/call', undefined, /^Invalid params for tools\/call: params: expected object/],
    ['tools/call', {}, /params\.name: expected string, received undefined/],
    ['tools/call', { name: 5 }, /params\.name: expected string, received number/],
    ['tools/call', { name: 'list_templates', arguments: 'x' }, /params\.arguments/],
    ['tools/call', { name: 'no_such_tool' }, /No tool "no_such_tool"/],
    ['tools/list', { cursor: 5 }, /^Invalid params for tools\/list: params\.cursor/],
    ['initialize', {}, /^Invalid params for initialize: params\./],
  ];
  let id = 0;
  for (const [method, params, message] of cases) {
    const answer = await rpc(++id, method, params);
    const name = `${method} ${JSON.stringify(params)}`;
    t.equal(answer.id, id, name);
    t.equal(answer.error?.code, -32602, name);
    t.match(answer.error?.message, message, name);
    t.ok((answer.error?.message.length ?? 0) <= 200, `${name}: short`);
  }
  const fine = await rpc(id + 1, 'tools/call', { name: 'list_templates' });
  t.notOk(fine.error, 'params that fit are served');
  t.match(fine, { result: { content: [{ type: 'text' }] } });
});

t.test('a web page from another origin cannot drive the tools (DNS rebinding guard)', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
  };
  const post = (origin: string | undefined) =>
    fetch(new URL('/mcp', server.url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(origin === undefined ? {} : { Origin: origin }),
      },
      body: JSON.stringify(initialize),
    });
  const foreign = await post('http://evil.example');
  t.equal(foreign.status, 403);
  t.match(await foreign.json(), { error: { code: 'ORIGIN_NOT_ALLOWED', message: /evil\.example/ } });
  const own = await post(new URL(server.url).origin);
  t.equal(own.status, 200, 'the service itself (the playground) may');
  await own.arrayBuffer();
  const none = await post(undefined);
  t.equal(none.status, 200, 'clients outside browsers send no Origin');
  await none.arrayBuffer();
});
