/**
 * POST /mcp (and /mcp/agent): the MCP tools over the SDK's Streamable HTTP transport, stateless — a new server and
 * transport per request, answering JSON rather than an event stream — so any instance serves any
 * request and nothing is kept between requests (docs/mcp.md says why). The key is read from the same
 * headers as the API's; tools that need one check it when called. GET and DELETE (the transport's
 * stream and session end) have nothing to serve without sessions: 405, as the transport allows.
 */
import Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AppDeps } from '../deps.js';
import { presentedKey } from '../middleware/authenticate.js';
import { HttpError } from '../../errors.js';
import { jsonBody } from '../middleware/json-body.js';
import { baseUrl } from '../routes/agent/index.js';
import type { AgentFlow } from '../routes/agent/flow.js';
import { serverEnv } from './env.js';
import { createMcpServer } from './server.js';

/**
 * The MCP transport asks servers to check `Origin` (a page on another site, or a DNS-rebound name,
 * must not drive the tools): clients outside browsers send none; a page may call when it is this
 * service itself or an origin the operator listed in CORS_ORIGINS.
 */
function originAllowed(origin: string, own: string, listed: readonly string[] | '*'): boolean {
  if (listed === '*' || listed.includes(origin)) return true;
  try {
    return new URL(own).origin === origin;
  } catch {
    return false;
  }
}

/** An origin as shown in a message: at most 100 characters of it. */
const originText = (origin: string) => JSON.stringify(origin.slice(0, 100));

/**
 * Where the tools are served: `/mcp`, and `/mcp/agent`, the address the hosted service gives agents,
 * so that a client configured for it works here by changing the host alone. Both serve the same tools.
 */
export const MCP_PATHS = ['/mcp', '/mcp/agent'];

/** The MCP routes. */
export function mcpRoutes(deps: AppDeps, flow: AgentFlow): Router {
  const router = new Router();
  router.post(MCP_PATHS, jsonBody(deps.config.bodyLimit), async (ctx) => {
    const origin = ctx.get('Origin');
    if (origin !== '' && !originAllowed(origin, baseUrl(ctx, deps.config), deps.config.corsOrigins))
      throw new HttpError(
        'ORIGIN_NOT_ALLOWED',
        `Requests from ${originText(origin)} are not allowed: list it in CORS_ORIGINS.`,
      );
    const env = serverEnv(deps, flow, {
      key: presentedKey(ctx),
      baseUrl: baseUrl(ctx, deps.config),
      client: ctx.ip,
    });
    const server = createMcpServer(env, ctx.state.log);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    ctx.res.once('close', () => {
      void server.close();
    });
    // The transport writes the response itself; the status keeps Koa's 404 handling away.
    ctx.status = 200;
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
  return router;
}
