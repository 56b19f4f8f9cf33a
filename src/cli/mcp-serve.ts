/**
 * The body of `mockhive mcp`, loaded only when the command runs (the MCP SDK and the engine's
 * dependencies would otherwise slow every other command's start).
 *
 * `mockhive mcp`: the MCP tools over stdio, for desktop assistants. Without --url, on this machine's
 * engine (no server, no key, no limits, as `mockhive generate`; the purchase tools need a server and
 * say so). With --url, a bridge to that server's POST /mcp: every tools/list and tools/call is
 * forwarded with the key, so the server's plans, limits and counters apply unchanged (docs/mcp.md).
 * stdout carries the protocol only; logs go to stderr.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig } from '../config.js';
import { createDetector } from '../detect/runner.js';
import { createPool } from '../generation/pool.js';
import { localEnv } from '../http/mcp/env.js';
import { createMcpServer, SERVER_INFO } from '../http/mcp/server.js';
import { createLogger } from '../logger.js';
import { createPromptConverter } from '../prompt/index.js';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';

/** Options of `mockhive mcp`. */
export interface McpOptions {
  url?: string;
  key?: string;
}

/** Serves `server` on stdin/stdout until the client closes it; then runs `cleanup`. */
async function serveStdio(server: Server, io: CliIo, cleanup: () => Promise<void>): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport(io.stdin, io.stdout));
  io.stdin.once('end', () => void server.close());
  await closed;
  await cleanup();
}

/** The local engine's tools over stdio. */
export async function serveLocal(options: McpOptions, io: CliIo): Promise<void> {
  if (options.key !== undefined)
    throw new UsageError('--key goes with --url: the local engine takes no key.');
  const config = loadConfig(io.env);
  const logger = createLogger(config.logLevel, io.stderr);
  const pool = createPool(config.workers);
  const detector = createDetector();
  const convertPrompt = createPromptConverter({ llm: config.llm, logger });
  const server = createMcpServer(localEnv({ pool, detector, convertPrompt }), logger);
  await serveStdio(server, io, async () => {
    await Promise.all([pool.close(), detector.close()]);
  });
}

/** The MCP endpoint of a server URL: its base's /mcp, or the endpoint itself (/mcp, /mcp/agent). */
export function endpointOf(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(url)} is not a URL (such as https://data.example.com).`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url must be http or https, not ${parsed.protocol}`);
  }
  if (!/\/mcp(\/agent)?$/.test(parsed.pathname))
    parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}/mcp`;
  return parsed;
}

/** A server's /mcp over stdio. */
export async function bridge(options: McpOptions, io: CliIo): Promise<void> {
  const endpoint = endpointOf(options.url!);
  const key = options.key ?? io.env['MOCKHIVE_API_KEY'];
  const client = new Client({ name: 'mockhive-cli', version: SERVER_INFO.version });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} },
  });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`cannot reach ${endpoint.href}: ${(error as Error).message}`, { cause: error });
  }
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: client.getInstructions(),
  });
  server.setRequestHandler(ListToolsRequestSchema, (request) => client.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, (request) => client.callTool(request.params));
  await serveStdio(server, io, () => client.close());
}
