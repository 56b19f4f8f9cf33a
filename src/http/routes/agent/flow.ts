/**
 * The agent purchase flow without HTTP: create a checkout, read its status (asking the provider when
 * it may have been paid unheard), claim its key, and estimate a generation's cost. The routes under
 * /api/agent and the MCP tools both call it, so the two can never answer differently.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AddressThrottle } from '../../../accounts/address-throttle.js';
import type { Limiter } from '../../../accounts/limiter.js';
import type { Clock } from '../../../accounts/clock.js';
import { API_KEY_PATTERN, findPrincipal } from '../../../accounts/api-keys.js';
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
import { buildEstimate, type EstimateResponse, parseEstimateRequest } from '../../../billing/estimate.js';
import { meteredPricing } from '../../../billing/metering.js';
import type { PaymentProvider } from '../../../billing/payment/types.js';
import type { Config } from '../../../config.js';
import { HttpError } from '../../../errors.js';
import type { Store } from '../../../store/types.js';
import { requireObject, validate } from '../../../validation.js';

const REFRESH_INTERVAL_MS = 5000; // at most one provider fetch per checkout per 5 s of polling
const HOUR_MS = 3_600_000;

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

/** What the flow runs on. */
export interface AgentFlowDeps {
  config: Config;
  store: Store;
  clock: Clock;
  limiter: Limiter;
  payment: PaymentProvider;
}

/** The flow's operations; `base` is the service's public base URL, for the URLs the answers carry. */
export interface AgentFlow {
  readonly provider: PaymentProvider;
  /** `client` is the caller's address: new checkouts are throttled per address (replays are not). */
  checkout(
    input: unknown,
    idempotencyKey: string | undefined,
    base: string,
    client: string,
  ): Promise<{ response: CheckoutResponse; created: boolean }>;
  status(input: unknown, base: string): Promise<CheckoutStatusResponse>;
  claim(input: unknown, base: string): Promise<ClaimResponse>;
  /** The estimate, authenticated when `key` is a valid key (the key is optional: no error for a bad one). */
  estimate(input: unknown, key: string | undefined): Promise<EstimateResponse>;
}

/** The claim token of a request, checked against TokenRequest: 400 when missing or malformed. */
function tokenOf(input: unknown): string {
  return validate(TokenRequest, input, { key: 'VALIDATION_ERROR', what: 'claim token' }).token;
}

/** Builds the flow; one per app, as it throttles provider fetches per checkout. */
export function createAgentFlow(deps: AgentFlowDeps): AgentFlow {
  const provider = deps.payment;
  const lastRefresh = new Map<string, number>();
  // Each checkout costs a provider call and a stored row; without a key, the address is who pays.
  const perAddress = new AddressThrottle(deps.config.agentCheckoutsPerHour, HOUR_MS, 'checkouts', deps.clock);

  function statusBody(row: CheckoutRow, base: string): CheckoutStatusResponse {
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
      claim_url: `${base}/api/agent/claim`,
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

  return {
    provider,

    async checkout(input, idempotencyKey, base, client) {
      const { email } = validate(CheckoutRequest, requireObject(input), {
        key: 'VALIDATION_ERROR',
        what: 'checkout request',
      });
      if (idempotencyKey !== undefined && !Value.Check(IdempotencyKeyHeader, idempotencyKey)) {
        throw new HttpError(
          'VALIDATION_ERROR',
          'Idempotency-Key must be 16 to 255 visible ASCII characters (a random UUID is ideal).',
        );
      }
      const { row, claimToken, created } = await createCheckout(deps.store.db, deps.clock, provider, {
        email,
        idempotencyKey,
        baseUrl: base,
        admit: () => perAddress.take(client),
      });
      const response: CheckoutResponse = {
        ...statusBody(row, base),
        url: row.url,
        claim_token: claimToken,
        status_url: `${base}/api/agent/checkout/status`,
      };
      return { response, created };
    },

    async status(input, base) {
      const row = await findByToken(deps.store.db, tokenOf(input));
      if (!row) throw new HttpError('NOT_FOUND', 'No checkout has this claim token.');
      return statusBody(await refresh(row), base);
    },

    async claim(input, base) {
      const token = tokenOf(requireObject(input));
      const key = await claimCheckout(deps.store.db, deps.clock, token);
      const plan = deps.config.plans.agent;
      return {
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
    },

    async estimate(input, key) {
      const request = parseEstimateRequest(requireObject(input));
      const principal =
        key !== undefined && API_KEY_PATTERN.test(key) ? await findPrincipal(deps.store.db, key) : undefined;
      if (principal === undefined) {
        return buildEstimate(request, { authenticated: false, keyRejected: key !== undefined });
      }
      const today = await deps.limiter.today(principal);
      return buildEstimate(request, {
        authenticated: true,
        tier: principal.tier,
        plan: deps.config.plans[principal.tier],
        usedToday: today.records,
      });
    },
  };
}
