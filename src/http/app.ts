/**
 * Builds the Koa application from its dependencies. It never listens: src/server.ts does, and tests
 * drive the app on an ephemeral port with their own store, clock and config.
 */
import Router from '@koa/router';
import Koa from 'koa';
import './state.js';
import { authenticate } from './middleware/authenticate.js';
import { corsFor } from './middleware/cors.js';
import { errorEnvelope } from './middleware/error-envelope.js';
import { noSniff } from './middleware/no-sniff.js';
import { requestContext } from './middleware/request-context.js';
import { createDetector } from '../detect/runner.js';
import { createPool } from '../generation/pool.js';
import { createBackground } from '../jobs/index.js';
import { createPromptConverter } from '../prompt/index.js';
import { createPromptThread } from '../prompt/runner.js';
import { Limiter } from '../accounts/limiter.js';
import { agentRoutes } from './routes/agent/index.js';
import { createAgentFlow } from './routes/agent/flow.js';
import { mcpRoutes } from './mcp/route.js';
import { catalogueRoutes } from './routes/catalogue.js';
import { generateRoutes } from './routes/generate.js';
import { healthRoutes } from './routes/health.js';
import { jobRoutes } from './routes/jobs.js';
import { webhookRoutes } from './routes/webhooks.js';
import { schemaDetectRoutes } from './routes/schema-detect.js';
import { usageRoutes } from './routes/usage.js';
import { docsPageRoutes } from './routes/docs-page.js';
import { referenceRoutes } from './routes/reference.js';
import { playgroundRoutes } from './routes/playground.js';
import { createPaymentProvider } from '../billing/payment/index.js';
import type { AppDeps, AppInput } from './deps.js';

export type { AppDeps, AppInput } from './deps.js';

/**
 * Builds the app. `limiter` defaults to one over the store and the configured plans; `pool` to an
 * inline one (no worker threads), which tests use, while the server passes worker threads;
 * `convertPrompt` to the configured prompt converter, converting offline on a thread of its own.
 */
export function createApp(input: AppInput): Koa {
  const pool = input.pool ?? createPool(0);
  const deps: AppDeps = {
    ...input,
    background:
      input.background ??
      createBackground({
        config: input.config,
        store: input.store,
        pool,
        clock: input.clock,
        logger: input.logger,
      }),
    payment: input.payment ?? createPaymentProvider(input.config),
    limiter: input.limiter ?? new Limiter(input.store.db, input.config.plans, input.clock),
    pool,
    detector: input.detector ?? createDetector(),
    convertPrompt:
      input.convertPrompt ??
      createPromptConverter({
        llm: input.config.llm,
        logger: input.logger,
        offline: createPromptThread().convert,
      }),
  };
  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged by errorEnvelope with the request id
  app.use(requestContext(deps.logger));
  app.use(noSniff());
  app.use(errorEnvelope());
  // Inside the envelope, so error responses carry CORS headers too and pages can read their codes.
  app.use(corsFor(deps.config.corsOrigins));

  const publicApi = new Router({ prefix: '/api/v1' });
  publicApi.use(healthRoutes(deps).routes());
  publicApi.use(catalogueRoutes().routes());

  const dataApi = new Router({ prefix: '/api/v1' });
  dataApi.use(authenticate(deps.store.db, deps.limiter));
  dataApi.use(usageRoutes(deps).routes());
  dataApi.use(generateRoutes(deps).routes());
  dataApi.use(schemaDetectRoutes(deps).routes());
  dataApi.use(jobRoutes(deps).routes());
  dataApi.use(webhookRoutes(deps).routes());

  // The agent purchase flow is public (no key): /api/agent/...
  const agentFlow = createAgentFlow(deps);
  const agentApi = agentRoutes(deps, agentFlow);

  // The MCP tools (POST /mcp): keys are checked by the tools that need one.
  const mcp = mcpRoutes(deps, agentFlow);

  // The reference: /openapi.json, /llms.txt and the /docs page; the playground page at /.
  const reference = new Router();
  reference.use(referenceRoutes(deps).routes());
  reference.use(docsPageRoutes(deps).routes());
  reference.use(playgroundRoutes(deps).routes());

  for (const router of [publicApi, dataApi, agentApi, reference, mcp]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
