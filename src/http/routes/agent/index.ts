/**
 * The agent purchase flow under /api/agent (public: no login, no key): create a checkout, poll its
 * status, claim the API key once paid, and estimate what a generation will cost. See
 * docs/agent-purchase.md for the flow and docs/api.md for the fields.
 */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Context } from 'koa';
import {
  CLAIM_TOKEN_PATTERN,
  type CheckoutRow,
  claimCheckout,
  createCheckout,
  findByToken,
  IDEMPOTENCY_KEY_PATTERN,
  markPaid,
  nextActionOf,
  statusOf,
} from '../../../billing/checkouts.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../../errors.js';
import { buildEstimate, parseEstimateRequest } from '../../../billing/estimate.js';
import { meteredPricing } from '../../../billing/metering.js';
import { presentedKey, principalOf } from '../../middleware/authenticate.js';
import { jsonBody } from '../../middleware/json-body.js';
import { isSandbox } from '../../../billing/payment/sandbox.js';
import { requireObject, validate } from '../../../validation.js';
import { checkoutCompleteRoutes, sandboxCheckoutRoutes } from './sandbox-page.js';
import { agentWebhookRoutes } from './webhooks.js';

const REFRESH_INTERVAL_MS = 5000; // at most one provider fetch per checkout per 5 s of polling

/** POST /api/agent/checkout: the buyer's e-mail address (shown on the checkout page). */
export const CheckoutRequest = Type.Object({
  email: Type.String({
    minLength: 3,
    maxLength: 254,
    pattern: '^[^\\s@<>()",;:]+@[^\\s@<>()",;:]+\\.[^\\s@<>()",;:]+$',
    description: 'An e-mail address',
  }),
});
export type CheckoutRequest = Static<typeof CheckoutRequest>;

/** The claim token, in a body (POST) or the query (GET /checkout/status). */
export const TokenRequest = Type.Object({
  token: Type.String({ pattern: CLAIM_TOKEN_PATTERN.source, description: 'mh_claim_ + 64 lowercase hex' }),
});
export type TokenRequest = Static<typeof TokenRequest>;

/** An Idempotency-Key header value: 16 to 255 visible ASCII characters. */
export const IdempotencyKeyHeader = Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN.source });

export const CheckoutStatusResponse = Type.Object({
  checkout_id: Type.String(),
  status: Type.Union(['pending', 'paid', 'claimed', 'expired'].map((s) => Type.Literal(s))),
  paid: Type.Boolean(),
  claimed: Type.Boolean(),
  next_action: Type.Union(
    ['complete_checkout', 'claim_api_key', 'already_claimed', 'expired'].map((s) => Type.Literal(s)),
  ),
  provider: Type.String(),
  merchant_of_record: Type.Boolean(),
  url: Type.Optional(Type.String({ format: 'uri' })),
  claim_url: Type.String({ format: 'uri' }),
  expires_at: Type.String({ format: 'date-time' }),
  pricing: Type.Record(Type.String(), Type.Unknown()),
});
export type CheckoutStatusResponse = Static<typeof CheckoutStatusResponse>;

export const CheckoutResponse = Type.Composite([
  CheckoutStatusResponse,
  Type.Object({ url: Type.String({ format: 'uri' }), claim_token: Type.String(), status_url: Type.String() }),
]);
export type CheckoutResponse = Static<typeof CheckoutResponse>;

export const ClaimResponse = Type.Object({
  api_key: Type.String(),
  key_prefix: Type.String(),
  tier: Type.Literal('agent'),
  usage: Type.Record(Type.String(), Type.Unknown()),
});
export type ClaimResponse = Static<typeof ClaimResponse>;

/** PUBLIC_BASE_URL, else the request's own scheme and Host (Koa 3's ctx.origin is the Origin header). */
function baseUrl(ctx: Context, deps: AppDeps): string {
  return deps.config.publicBaseUrl ?? `${ctx.protocol}://${ctx.host || 'localhost'}`;
}

/** The claim token of a request, checked against TokenRequest: 400 when missing or malformed. */
function tokenOf(input: unknown): string {
  return validate(TokenRequest, input, { key: 'VALIDATION_ERROR', what: 'claim token' }).token;
}

/** Routes of the agent purchase flow, mounted under /api/agent. */
export function agentRoutes(deps: AppDeps): Router {
  const provider = deps.payment;
  const router = new Router({ prefix: '/api/agent' });
  const body = jsonBody(deps.config.bodyLimit);
  const lastRefresh = new Map<string, number>();
  if (isSandbox(provider)) {
    deps.logger.warn(
      'agent purchase uses the sandbox provider: test payments give agent keys for free; set PAYMENT_PROVIDER=polar in production',
    );
  }

  function statusBody(ctx: Context, row: CheckoutRow): CheckoutStatusResponse {
    const status = statusOf(row, deps.clock.now());
    return {
      checkout_id: row.id,
      status,
      paid: row.status === 'paid' || row.status === 'claimed',
      claimed: row.status === 'claimed',
      next_action: nextActionOf(status),
      provider: provider.name === row.provider ? provider.displayName : row.provider,
      merchant_of_record: provider.name === row.provider ? provider.merchantOfRecord : false,
      ...(status === 'pending' ? { url: row.url } : {}),
      claim_url: `${baseUrl(ctx, deps)}/api/agent/claim`,
      expires_at: new Date(Number(row.expires_at)).toISOString(),
      pricing: meteredPricing(),
    };
  }

  /** A pending checkout may be paid without us having heard yet: ask the provider (throttled). */
  async function refresh(row: CheckoutRow): Promise<CheckoutRow> {
    if (!provider.fetchPaid || row.provider !== provider.name) return row;
    const now = deps.clock.now();
    if (
      statusOf(row, now) !== 'pending' ||
      now - (lastRefresh.get(row.id) ?? -Infinity) < REFRESH_INTERVAL_MS
    ) {
      return row;
    }
    if (lastRefresh.size > 10_000) lastRefresh.clear();
    lastRefresh.set(row.id, now);
    if ((await provider.fetchPaid(row.provider_checkout_id)) !== true) return row;
    await markPaid(deps.store.db, row.id, now);
    return { ...row, status: 'paid', paid_at: now };
  }

  async function status(ctx: Context, input: unknown): Promise<void> {
    const row = await findByToken(deps.store.db, tokenOf(input));
    if (!row) throw new HttpError('NOT_FOUND', 'No checkout has this claim token.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = statusBody(ctx, await refresh(row));
  }

  router.post('/checkout', body, async (ctx) => {
    const { email } = validate(CheckoutRequest, requireObject(ctx.request.body), {
      key: 'VALIDATION_ERROR',
      what: 'checkout request',
    });
    const idempotencyKey = ctx.get('Idempotency-Key') || undefined;
    if (idempotencyKey !== undefined && !Value.Check(IdempotencyKeyHeader, idempotencyKey)) {
      throw new HttpError(
        'VALIDATION_ERROR',
        'Idempotency-Key must be 16 to 255 visible ASCII characters (a random UUID is ideal).',
      );
    }
    const base = baseUrl(ctx, deps);
    const { row, claimToken, created } = await createCheckout(deps.store.db, deps.clock, provider, {
      email,
      idempotencyKey,
      baseUrl: base,
    });
    ctx.set('Cache-Control', 'no-store');
    if (!created) ctx.set('Idempotent-Replayed', 'true');
    const response: CheckoutResponse = {
      ...statusBody(ctx, row),
      url: row.url,
      claim_token: claimToken,
      status_url: `${base}/api/agent/checkout/status`,
    };
    ctx.body = response;
  });

  router.get('/checkout/status', (ctx) => status(ctx, { token: ctx.query['token'] }));
  router.post('/checkout/status', body, (ctx) => status(ctx, requireObject(ctx.request.body)));

  router.post('/claim', body, async (ctx) => {
    const token = tokenOf(requireObject(ctx.request.body));
    const key = await claimCheckout(deps.store.db, deps.clock, token);
    const plan = deps.config.plans.agent;
    const base = baseUrl(ctx, deps);
    ctx.set('Cache-Control', 'no-store');
    const response: ClaimResponse = {
      api_key: key.api_key,
      key_prefix: key.key_prefix,
      tier: 'agent',
      usage: {
        ...meteredPricing(),
        metered: true,
        daily_window: 'UTC day; resets at midnight UTC',
        limits: {
          records_per_day: plan.records_per_day,
          records_per_request: plan.records_per_request,
          records_per_async_request: plan.records_per_async_request,
          requests_per_minute: plan.requests_per_minute,
          prompts_per_day: plan.prompts_per_day,
        },
        usage_url: `${base}/api/v1/usage`,
        estimate_url: `${base}/api/agent/estimate`,
        note: 'The key is shown once: store it now. Send it as Authorization: Bearer <key>.',
      },
    };
    ctx.body = response;
  });

  router.post('/estimate', body, async (ctx) => {
    const request = parseEstimateRequest(requireObject(ctx.request.body));
    const principal = await principalOf(ctx, deps.store.db);
    if (principal === undefined) {
      ctx.body = buildEstimate(request, {
        authenticated: false,
        keyRejected: presentedKey(ctx) !== undefined,
      });
      return;
    }
    const today = await deps.limiter.today(principal);
    ctx.body = buildEstimate(request, {
      authenticated: true,
      tier: principal.tier,
      plan: deps.config.plans[principal.tier],
      usedToday: today.records,
    });
  });

  router.use(checkoutCompleteRoutes().routes());
  if (isSandbox(provider)) router.use(sandboxCheckoutRoutes(deps, provider).routes());
  router.use(agentWebhookRoutes(deps, provider).routes());
  return router;
}
