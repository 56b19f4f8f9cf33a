/**
 * JSON-RPC's invalid params (-32602) for a request whose params do not fit its method. The SDK parses
 * params inside the handler it registers and answers a failed parse as an internal error (-32603)
 * whose message is the whole validation dump; so each request is checked as it arrives, against the
 * same SDK schema the handler parses with (so nothing the SDK accepts is refused), and a misfit is
 * answered -32602 with one short sentence before the SDK sees it.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** The methods the server answers, with the schema each one's handler parses the request with. */
const SCHEMAS = new Map<string, { safeParse(value: unknown): ParseResult }>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

interface ParseResult {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** Characters of a refusal's message at most. */
const MAX_MESSAGE = 200;

/** The -32602 answer to `message` when it is a request whose params misfit its method, else undefined. */
export function invalidParams(message: JSONRPCMessage): JSONRPCErrorResponse | undefined {
  if (!isJSONRPCRequest(message)) return undefined;
  const result = SCHEMAS.get(message.method)?.safeParse(message);
  if (result === undefined || result.success) return undefined;
  const issue = result.error?.issues[0];
  const where = issue === undefined ? 'params' : issue.path.map(String).join('.');
  const why = (issue?.message ?? 'invalid').replace(/^Invalid input: /, '');
  const text = `Invalid params for ${message.method}: ${where}: ${why}.`;
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: ErrorCode.InvalidParams, message: text.slice(0, MAX_MESSAGE) },
  };
}

/**
 * Puts the check in front of a connected transport: a refused request is answered here and never
 * reaches the server. Runs once connect() has resolved, before any message can arrive (they come
 * from I/O callbacks: the HTTP body is handed over after connecting, stdin is read on later ticks).
 */
export function checkParams(transport: Transport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = invalidParams(message);
    if (refusal === undefined) deliver?.(message, extra);
    else void transport.send(refusal);
  };
}
