/**
 * The MCP server of the tools, on the SDK's low-level Server: its tools/list answers each tool's input
 * as the plain JSON Schema of the route's TypeBox schema (McpServer's registerTool wants zod, which
 * would be a second copy of every schema). A tool's failure is an MCP tool error (`isError`) whose
 * text is the API's error envelope, `{ error: { code, message, details? } }`, with the API's codes.
 * Answers and errors are JSON objects, sent as text and as `structuredContent`, as the hosted tools do.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { HttpError } from '../../errors.js';
import { VERSION } from '../../version.js';
import { toJsonSchema } from '../openapi/json-schema.js';
import type { ToolEnv } from './env.js';
import { checkParams } from './params.js';
import { TOOLS } from './tools.js';

/** What tools/list answers: the same for every request, so built once. */
export const TOOL_LIST: Tool[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: toJsonSchema(tool.input) as Tool['inputSchema'],
  // Every answer is a JSON object, given as structuredContent too (clients read it without parsing).
  outputSchema: { type: 'object', additionalProperties: true },
  annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
}));

const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

const INSTRUCTIONS =
  'mockhive generates realistic, relational, reproducible test data. Look up field types with ' +
  'list_field_types, then call generate_test_data with `tables` (or a `prompt`, or a template). ' +
  'Generation answers the whole result, up to 4 MiB of JSON; larger ones are fetched over HTTP. ' +
  "Send the API key as Authorization: Bearer <key>, or as the tools' `api_key` argument.";

/** The server's name and version, as initialize reports them. */
export const SERVER_INFO = { name: 'mockhive', version: VERSION };

/** The SDK's server, whose transports answer requests with misfit params -32602 (params.ts). */
class CheckedServer extends Server {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    checkParams(transport);
  }
}

/** An MCP server whose tools run on `env`; errors other than the API's are logged and hidden. */
export function createMcpServer(env: ToolEnv, log: Logger): Server {
  const server = new CheckedServer(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool ${JSON.stringify(request.params.name)}.`);
    try {
      const result = (await tool.run(request.params.arguments ?? {}, env)) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      return toolError(error, log, tool.name);
    }
  });
  return server;
}

/** The API's error envelope as a tool error; anything but an HttpError is a hidden 500, as over HTTP. */
export function toolError(error: unknown, log: Logger, tool: string): CallToolResult {
  let known: HttpError;
  if (error instanceof HttpError) known = error;
  else {
    log.error({ err: error, tool }, 'MCP tool failed');
    known = new HttpError('INTERNAL_ERROR');
  }
  const envelope = known.toEnvelope() as unknown as Record<string, unknown>;
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
  };
}
