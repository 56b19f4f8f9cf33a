/**
 * POST /api/agent/webhooks/<provider>: the payment provider's notifications (Standard Webhooks). The
 * raw body is verified (signature, timestamp within 5 minutes) before anything is parsed; a verified
 * notification is applied once per webhook-id. The sandbox's test payments take this same path.
 */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import { applyPaymentEvent, type NotificationOutcome } from '../../../billing/checkouts.js';
import type { AppDeps } from '../../deps.js';
import { readBody } from '../../middleware/json-body.js';
import { HttpError } from '../../../errors.js';
import type { PaymentProvider } from '../../../billing/payment/index.js';
import { WebhookVerificationError } from '../../../billing/payment/standard-webhooks.js';

const OUTCOMES = ['paid', 'duplicate', 'ignored', 'unknown_checkout', 'no_change'] as const;

/** The answer to a verified notification: what it changed. */
export const NotificationReceived = Type.Object({
  received: Type.Literal(true),
  outcome: Type.Union(OUTCOMES.map((o) => Type.Literal(o))),
});
// The route's `satisfies` fails to compile when checkouts report an outcome not listed here.
type NotificationReceived = Static<typeof NotificationReceived>;

/** Verifies and applies one notification; a bad signature or timestamp is a 400 and changes nothing. */
export async function receiveNotification(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  provider: PaymentProvider,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: Buffer,
): Promise<NotificationOutcome> {
  const now = deps.clock.now();
  let event;
  try {
    event = provider.verifyNotification(headers, body, now);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      throw new HttpError('VALIDATION_ERROR', `The notification does not verify: ${error.message}`);
    }
    throw error;
  }
  return applyPaymentEvent(deps.store.db, provider, event, now);
}

/** The webhook route of the configured provider (only that one answers). */
export function agentWebhookRoutes(deps: AppDeps, provider: PaymentProvider): Router {
  const router = new Router();
  router.post(`/webhooks/${provider.name}`, async (ctx) => {
    const body = await readBody(ctx, deps.config.bodyLimit);
    const outcome = await receiveNotification(deps, provider, ctx.headers, body);
    ctx.state.log.info({ provider: provider.name, outcome }, 'payment notification');
    ctx.body = { received: true, outcome } satisfies NotificationReceived;
  });
  return router;
}
