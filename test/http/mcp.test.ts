import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import type { Test } from 'tap';
import { MCP_RESULT_BYTES } from '../../src/http/mcp/generate.js';
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

/** An SDK client over Streamable HTTP to the server's /mcp (or `path`), sending `headers`. */
async function connect(
  t: Test,
  server: TestServer,
  headers: Record<string, string> = {},
  path = '/mcp',
): Promise<Client> {
  const client = new Client({ name: 'mockhive-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(path, server.url), {
    requestInit: { headers },
  });
  await client.connect(transport);
  t.teardown(() => client.close());
  return client;
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A tool's answer: its JSON text parsed, its structuredContent, and whether it is a tool error. */
async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{
  isError: boolean;
  body: Record<string, unknown>;
  structured: Record<string, unknown> | undefined;
  text: string;
}> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result.content[0] as { type: 'text'; text: string }).text;
  return {
    isError: result.isError === true,
    body: JSON.parse(text) as Record<string, unknown>,
    structured: result.structuredContent,
    text,
  };
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
  for (const name of [
    'generate_test_data',
    'generate_from_template',
    'detect_schema',
    'estimate_agent_usage',
  ]) {
    const input = tools.find((tool) => tool.name === name)!.inputSchema;
    t.match(input.properties?.['api_key'], { type: 'string' }, `${name} takes the key as an argument`);
  }
  t.ok(
    tools.every((tool) => tool.outputSchema?.type === 'object'),
    'every tool answers an object, as structuredContent',
  );
  const agent = await connect(t, server, {}, '/mcp/agent');
  t.same(await agent.listTools(), { tools }, '/mcp/agent serves the same tools');
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
  t.same(tool.structured, tool.body, 'structuredContent holds what the text says');
  t.same(Object.keys(tool.body), Object.keys(expected.body), 'the envelope, nothing more');

  t.equal(await usedToday(server, key), 6, 'the tool counted its 3 records, the API its 3');
});

t.test('generation: a table named __proto__ is in the answer like any other', async (t) => {
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
});

t.test('an MCP client gets 500 rows back: key as a header, as `api_key`, and at /mcp/agent', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const request = { ...USERS(500), seed: 11 };
  const expected = await api(server, '/api/v1/generate', key, request);
  t.equal(expected.status, 200);
  const clients: [string, Client, Record<string, unknown>][] = [
    ['a header', await connect(t, server, bearer(key)), request],
    ['the api_key argument', await connect(t, server), { ...request, api_key: key }],
    ['/mcp/agent', await connect(t, server, {}, '/mcp/agent'), { ...request, api_key: key }],
  ];
  for (const [how, client, args] of clients) {
    const tool = await call(client, 'generate_test_data', args);
    answered(t, tool);
    const rows = (tool.structured?.['data'] as { users: object[] }).users;
    t.equal(rows.length, 500, `${how}: every row`);
    t.same(tool.structured?.['data'], expected.body['data'], `${how}: the API's rows for the seed`);
    t.same(tool.body, tool.structured, `${how}: the text says the same`);
    t.match(tool.body['meta'], { total_records: 500, seed: 11 });
  }
  t.equal(await usedToday(server, key), 4 * 500, 'each answer counted its records once');
});

t.test('a result over one tool answer is refused, pointing to the HTTP paths, and not counted', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  // 1,500 rows of 3,000 characters: past the cap whatever the values.
  const rows = Math.ceil(MCP_RESULT_BYTES / 3000) + 100;
  const request = {
    tables: [
      {
        name: 'notes',
        count: rows,
        fields: [{ name: 'body', type: 'long_string', params: { length: 3000 } }],
      },
    ],
  };
  const scale = await server.key('scale');
  const tool = await call(await connect(t, server, bearer(scale)), 'generate_test_data', request);
  t.ok(tool.isError);
  t.match(tool.body, {
    error: { code: 'RESULT_TOO_LARGE', message: /4 MiB.*POST http:\S+\/api\/v1\/generate\/async/ },
  });
  t.same(tool.structured, tool.body, 'the error as structuredContent too');
  t.equal(await usedToday(server, scale), 0, 'nothing delivered, nothing counted');

  const pro = await server.key('pro');
  const noJobs = await call(await connect(t, server, bearer(pro)), 'generate_test_data', request);
  t.match(noJobs.body, {
    error: { code: 'RESULT_TOO_LARGE', message: /Accept: application\/x-ndjson.*need the scale plan/ },
  });
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
  t.same(
    shop.body['data'],
    (await api(server, '/api/v1/generate', key, { template: 'blog', seed: 3 })).body['data'],
  );

  const noTemplate = await call(client, 'generate_from_template', { scale: 2 });
  t.ok(noTemplate.isError);
  t.match(noTemplate.body, { error: { code: 'VALIDATION_ERROR' } });

  const prompt = await call(client, 'generate_test_data', {
    prompt: '20 customers with name and email, each with 3 orders',
    seed: 5,
  });
  answered(t, prompt);
  const schema = prompt.body['schema'] as { tables: unknown[] };
  t.ok(schema, 'the inferred schema');
  const refetch = await call(client, 'generate_test_data', { tables: schema.tables, seed: 5 });
  t.same(refetch.body['data'], prompt.body['data'], 'the whole result: the inferred tables give the same');
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

  const seeded = await call(client, 'generate_test_data', { ...USERS(1), seed: 1 });
  t.match(seeded.body, { error: { code: 'FEATURE_REQUIRES_UPGRADE' } });

  // The key as an argument: a header wins when both are sent; anything but a string is refused.
  const pro = await server.key('pro');
  const headerWins = await call(client, 'generate_test_data', { ...USERS(1), format: 'csv', api_key: pro });
  t.match(headerWins.body, { error: { code: 'FEATURE_REQUIRES_UPGRADE' } }, "the header's free key");
  const notString = await call(anonymous, 'generate_test_data', { ...USERS(1), api_key: 42 });
  t.match(notString.body, { error: { code: 'VALIDATION_ERROR', details: [{ field: 'api_key' }] } });
  const badArgument = await call(anonymous, 'detect_schema', {
    sql: 'CREATE TABLE a (id int)',
    api_key: 'x',
  });
  t.match(badArgument.body, { error: { code: 'UNAUTHORIZED', message: /malformed/ } });
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

  // Detect, then generate, as it is: the detected schema is a generation request.
  const keyless = await connect(t, server);
  const sample = await call(keyless, 'detect_schema', {
    sample_json: { name: 'Ann', email: 'a@b.co' },
    api_key: key,
  });
  answered(t, sample);
  const schema = sample.structured?.['schema'] as Record<string, unknown>;
  const generated = await call(keyless, 'generate_test_data', { ...schema, api_key: key });
  answered(t, generated);
  t.match(generated.body['meta'], { total_records: 50 });
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
  t.match((await call(client, 'estimate_agent_usage', { template: 'blog', api_key: agentKey })).body, {
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
  for (const path of ['/mcp', '/mcp/agent']) {
    for (const method of ['GET', 'DELETE']) {
      const response = await server.request(path, { method });
      t.equal(response.status, 405, `${method} ${path}`);
      t.match(response.headers.get('Allow'), /POST/);
    }
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
