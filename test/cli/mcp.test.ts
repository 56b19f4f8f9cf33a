import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import type { Test } from 'tap';
import { endpointOf } from '../../src/cli/mcp-serve.js';
import { startApp } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';
import { cli as run, type RunningCli, startCli } from '../helpers/cli.js';
import { USERS } from '../helpers/mcp.js';

const ENV = { LOG_LEVEL: 'warn', MOCKHIVE_API_KEY: '' };

/** The client's side of `mockhive mcp` run in process: JSON-RPC lines over its stdin and stdout. */
class CommandTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();
  constructor(private readonly command: RunningCli) {}
  start(): Promise<void> {
    this.command.stdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message; message = this.buffer.readMessage())
        this.onmessage?.(message);
    });
    return Promise.resolve();
  }
  send(message: JSONRPCMessage): Promise<void> {
    this.command.stdin.write(serializeMessage(message));
    return Promise.resolve();
  }
  /** Ends stdin, as a client closing the pipe does; the command then ends. */
  async close(): Promise<void> {
    this.command.stdin.end();
    await this.command.exited;
    this.onclose?.();
  }
}

/** An SDK client to `mockhive mcp …args`, run in process; the command's exit code once it is closed. */
async function startMcp(t: Test, ...args: string[]): Promise<{ client: Client; exited: Promise<number> }> {
  const command = startCli(['mcp', ...args], { env: ENV });
  const client = new Client({ name: 'mockhive-test', version: '1.0.0' });
  await client.connect(new CommandTransport(command));
  t.teardown(() => client.close());
  return { client, exited: command.exited };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result.content[0] as { text: string }).text;
  return { isError: result.isError === true, body: JSON.parse(text) as Record<string, unknown>, text };
}

t.test('local: the engine on this machine, every tool listed, no key and no limits', async (t) => {
  const { client, exited } = await startMcp(t);
  const { tools } = await client.listTools();
  t.equal(tools.length, 9);
  t.ok(
    tools.some((tool) => tool.name === 'claim_agent_api_key'),
    'the same tools as the server',
  );

  // A seed and 500 records: more than a free plan may, but locally there is no plan.
  const big = await call(client, 'generate_test_data', { ...USERS(500), seed: 9 });
  t.notOk(big.isError, big.isError ? big.text : 'answered');
  t.equal((big.body['data'] as { users: unknown[] }).users.length, 500, 'the whole result');
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('internal');
  const api = await server.request('/api/v1/generate', { key, json: { ...USERS(500), seed: 9 } });
  const records = ((await api.json()) as { data: { users: unknown[] } }).data.users;
  t.same(big.body['data'], { users: records }, 'the API’s rows');
  const huge = await call(client, 'generate_test_data', {
    tables: [
      {
        name: 'notes',
        count: 1600,
        fields: [{ name: 'body', type: 'long_string', params: { length: 3000 } }],
      },
    ],
  });
  t.match(huge.body, {
    error: { code: 'RESULT_TOO_LARGE', message: /mockhive generate --request request\.json --format ndjson/ },
  });

  const detected = await call(client, 'detect_schema', { sql: 'CREATE TABLE a (id int PRIMARY KEY);' });
  t.match(detected.body, { schema: { tables: [{ name: 'a' }] } }, 'detection needs no plan here');
  t.match((await call(client, 'estimate_agent_usage', { template: 'blog' })).body, { authenticated: false });
  const checkout = await call(client, 'create_agent_checkout', { email: 'a@example.com' });
  t.ok(checkout.isError);
  t.match(checkout.body, { error: { code: 'NOT_FOUND', message: /--url/ } });
  const invalid = await call(client, 'generate_test_data', { template: 'nope' });
  t.match(invalid.body, { error: { code: 'VALIDATION_ERROR' } });
  await client.close();
  t.equal(await exited, 0, 'the end of stdin ends the command, exit 0');
});

t.test('remote: a bridge to a server, its key, plans and limits', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const free = await server.key('free');
  const { client } = await startMcp(t, '--url', server.url, '--key', free);
  t.equal((await client.listTools()).tools.length, 9);

  const small = await call(client, 'generate_test_data', USERS(20));
  t.notOk(small.isError, small.isError ? small.text : 'answered');
  t.equal((small.body['data'] as { users: unknown[] }).users.length, 20);
  const oversize = await call(client, 'generate_test_data', USERS(101));
  t.match(oversize.body, { error: { code: 'RATE_LIMIT_EXCEEDED', message: /at most 100 records/ } });
  const pro = await call(client, 'generate_test_data', { ...USERS(1), format: 'sql' });
  t.match(pro.body, { error: { code: 'FEATURE_REQUIRES_UPGRADE' } });
  const usage = await server.request('/api/v1/usage', { key: free });
  t.equal(((await usage.json()) as { daily_used: number }).daily_used, 20, 'counted on the server');

  const anonymous = await startMcp(t, '--url', `${server.url}/mcp`);
  const checkout = await call(anonymous.client, 'create_agent_checkout', { email: 'a@example.com' });
  t.match(checkout.body, { status: 'pending', claim_token: /^mh_claim_/ }, 'key-less tools need no key');
  const noKey = await call(anonymous.client, 'generate_test_data', USERS(1));
  t.match(noKey.body, { error: { code: 'UNAUTHORIZED' } });

  const wrong = await startMcp(t, '--url', server.url, '--key', `mh_${'f'.repeat(32)}`);
  const refused = await call(wrong.client, 'list_field_types', { category: 'identity' });
  t.notOk(refused.isError, 'public tools answer whatever the key');
  t.match((await call(wrong.client, 'generate_test_data', USERS(1))).body, {
    error: { code: 'UNAUTHORIZED', message: /unknown or has been revoked/ },
  });
});

/** Runs `mockhive …args` in process to its end. */
const cli = (...args: string[]) => run(args, { env: ENV });

t.test('usage mistakes and an unreachable server', async (t) => {
  const keyAlone = await cli('mcp', '--key', 'mh_x');
  t.equal(keyAlone.code, 2);
  t.match(keyAlone.stderr, /--key goes with --url/);
  const notUrl = await cli('mcp', '--url', 'not a url');
  t.equal(notUrl.code, 2);
  t.match(notUrl.stderr, /is not a URL/);
  const ftp = await cli('mcp', '--url', 'ftp://example.com');
  t.equal(ftp.code, 2);
  const down = await cli('mcp', '--url', 'http://127.0.0.1:9');
  t.equal(down.code, 1);
  t.match(down.stderr, /cannot reach http:\/\/127\.0\.0\.1:9\/mcp/);

  t.equal(endpointOf('https://h.example/').href, 'https://h.example/mcp');
  t.equal(endpointOf('https://h.example/base').href, 'https://h.example/base/mcp');
  t.equal(endpointOf('https://h.example/mcp').href, 'https://h.example/mcp');
  t.equal(endpointOf('https://h.example/mcp/agent').href, 'https://h.example/mcp/agent');
});
