/**
 * What MCP tools run on: the server's dependencies and the caller's key (POST /mcp), or the local
 * engine without keys or limits (`mockhive mcp` without --url). Tools see only this seam, so one set
 * of tool definitions serves both transports.
 */
import type { Principal } from '../../accounts/api-keys.js';
import type { Limiter } from '../../accounts/limiter.js';
import type { Detector } from '../../detect/runner.js';
import type { GenerationPool } from '../../generation/pool.js';
import { HttpError } from '../../errors.js';
import { type GenerationGate, UNLIMITED } from '../../generation/prepare.js';
import type { PromptConverter } from '../../prompt/index.js';
import type { AppDeps } from '../deps.js';
import { requirePrincipal } from '../middleware/authenticate.js';
import type { AgentFlow } from '../routes/agent/flow.js';

export interface ToolEnv {
  pool: GenerationPool;
  convertPrompt: PromptConverter;
  detector: Detector;
  /** Plan enforcement: the service's Limiter, or no limits locally. */
  limiter: GenerationGate & Pick<Limiter, 'reserveRecords'>;
  /**
   * The caller of a tool that needs a key: the key's principal, with the request counted against the
   * per-minute allowance as the HTTP API counts each request; 401 UNAUTHORIZED without a valid key.
   * The key is the request's header, else `argument` (a tool's `api_key`, keyArgument).
   */
  authenticate(argument?: string): Promise<Principal>;
  /**
   * The purchase flow, the key sent as a header and the caller's address (server only; locally there
   * is nothing to buy).
   */
  agent: { flow: AgentFlow; key: string | undefined; baseUrl: string; client: string } | undefined;
  /** Where the full result of a generation is fetched: the service's base URL, or the local CLI. */
  fullResult: { kind: 'server'; baseUrl: string } | { kind: 'local' };
}

/**
 * The key a tool call carries as its `api_key` argument, for assistants that cannot set headers (a
 * header, when sent, wins: it is what the operator configured). 400 when it is not a string.
 */
export function keyArgument(args: Record<string, unknown>): string | undefined {
  const key = args['api_key'];
  if (key === undefined || typeof key === 'string') return key;
  throw new HttpError(
    'VALIDATION_ERROR',
    '`api_key` must be a string: the API key, mh_ and 32 hex characters.',
    {
      details: [{ field: 'api_key', message: 'must be a string' }],
    },
  );
}

/**
 * The tools' environment for one POST /mcp request from `client` (its address) carrying `key`
 * (undefined when none was sent).
 */
export function serverEnv(
  deps: AppDeps,
  flow: AgentFlow,
  request: { key: string | undefined; baseUrl: string; client: string },
): ToolEnv {
  const { key, baseUrl } = request;
  return {
    pool: deps.pool,
    convertPrompt: deps.convertPrompt,
    detector: deps.detector,
    limiter: deps.limiter,
    async authenticate(argument) {
      const principal = await requirePrincipal(deps.store.db, key ?? argument);
      await deps.limiter.countRequest(principal);
      return principal;
    },
    agent: { flow, ...request },
    fullResult: { kind: 'server', baseUrl },
  };
}

/** The local caller: every feature, no limits, as `mockhive generate` runs. */
const LOCAL: Principal = { keyId: 'local', accountId: 'local', tier: 'internal' };

/** The tools' environment of `mockhive mcp` on this machine: the engine's own bounds, no plan. */
export function localEnv(parts: Pick<ToolEnv, 'pool' | 'convertPrompt' | 'detector'>): ToolEnv {
  return {
    ...parts,
    limiter: {
      ...UNLIMITED,
      reserveRecords: () => Promise.resolve({ used: 0, limit: null }),
    },
    authenticate: () => Promise.resolve(LOCAL),
    agent: undefined,
    fullResult: { kind: 'local' },
  };
}
