/**
 * The agent purchase flow under /api/agent (public: no login, no key): create a checkout, poll its
 * status, claim the API key once paid, and estimate what a generation will cost. See
 * docs/agent-purchase.md for the flow and docs/api.md for the fields. The flow itself is in flow.ts,
 * which the MCP tools call too.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../../../config.js';
import type { AppDeps } from '../../deps.js';
import { presentedKey } from '../../middleware/authenticate.js';
import { jsonBody } from '../../middleware/json-body.js';
import { isSandbox } from '../../../billing/payment/sandbox.js';
import { requireObject } from '../../../validation.js';
import type { AgentFlow } from './flow.js';
import { checkoutCompleteRoutes, sandboxCheckoutRoutes } from './sandbox-page.js';
import { agentWebhookRoutes } from './webhooks.js';

export {
  CheckoutRequest,
  CheckoutResponse,
  CheckoutStatusResponse,
  ClaimResponse,
  IdempotencyKeyHeader,
  TokenRequest,
} from './flow.js';

/** PUBLIC_BASE_URL, else the request's own scheme and Host (Koa 3's ctx.origin is the Origin header). */
export function baseUrl(ctx: Context, config: Pick<Config, 'publicBaseUrl'>): string {
  return config.publicBaseUrl ?? `${ctx.protocol}://${ctx.host || 'localhost'}`;
}

/** Routes of the agent purchase flow, mounted under /api/agent. */
export function agentRoutes(deps: AppDeps, flow: AgentFlow): Router {
  const provider = deps.payment;
  const router = new Router({ prefix: '/api/agent' });
  const body = jsonBody(deps.config.bodyLimit);
  if (isSandbox(provider)) {
    deps.logger.warn(
      'agent purchase uses the sandbox provider: test payments give agent keys for free; set PAYMENT_PROVIDER=polar in production',
    );
  }

  async function status(ctx: Context, input: unknown): Promise<void> {
    const response = await flow.status(input, baseUrl(ctx, deps.config));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = response;
  }

  router.post('/checkout', body, async (ctx) => {
    const idempotencyKey = ctx.get('Idempotency-Key') || undefined;
    const { response, created } = await flow.checkout(
      ctx.request.body,
      idempotencyKey,
      baseUrl(ctx, deps.config),
      ctx.ip,
    );
    ctx.set('Cache-Control', 'no-store');
    if (!created) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = response;
  });

  router.get('/checkout/status', (ctx) => status(ctx, { token: ctx.query['token'] }));
  router.post('/checkout/status', body, (ctx) => status(ctx, requireObject(ctx.request.body)));

  router.post('/claim', body, async (ctx) => {
    const response = await flow.claim(ctx.request.body, baseUrl(ctx, deps.config));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = response;
  });

  router.post('/estimate', body, async (ctx) => {
    ctx.body = await flow.estimate(ctx.request.body, presentedKey(ctx));
  });

  router.use(checkoutCompleteRoutes().routes());
  if (isSandbox(provider)) router.use(sandboxCheckoutRoutes(deps, provider).routes());
  router.use(agentWebhookRoutes(deps, provider).routes());
  return router;
}
