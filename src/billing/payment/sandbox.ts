/**
 * The built-in sandbox provider (the default): the checkout `url` is a page of the service itself
 * (src/http/routes/agent/sandbox-page.ts). Paying there makes the sandbox sign a Polar-shaped
 * `checkout.updated` notification with its own secret, which goes through the very verification and
 * state change that Polar's notifications go through. No money moves; it is not a merchant of record.
 */
import { randomBytes } from 'node:crypto';
import { CHECKOUT_METADATA_KEY, parseJson, polarPaymentEvent } from './polar-events.js';
import type { PaymentProvider } from './types.js';
import { type SignedHeaders, signWebhook, verifyWebhook } from './standard-webhooks.js';

export const SANDBOX_PAGE_PATH = '/api/agent/sandbox/checkout';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The signed notification a completed test payment sends. */
  paymentNotification(
    providerCheckoutId: string,
    checkoutId: string,
    nowMs: number,
  ): { headers: SignedHeaders; body: Buffer };
}

/** A sandbox with its own signing secret (random per process unless given, as tests do). */
export function createSandboxProvider(options: { webhookSecret?: string } = {}): SandboxProvider {
  const secret = options.webhookSecret ?? randomBytes(32).toString('base64url');
  return {
    name: 'sandbox',
    displayName: 'Sandbox',
    merchantOfRecord: false,
    async createCheckout(request) {
      const providerCheckoutId = `sbx_${randomBytes(16).toString('hex')}`;
      return { providerCheckoutId, url: `${request.baseUrl}${SANDBOX_PAGE_PATH}/${providerCheckoutId}` };
    },
    verifyNotification(headers, body, nowMs) {
      const eventId = verifyWebhook(secret, headers, body, nowMs);
      return polarPaymentEvent(eventId, parseJson(body));
    },
    paymentNotification(providerCheckoutId, checkoutId, nowMs) {
      const body = Buffer.from(
        JSON.stringify({
          type: 'checkout.updated',
          timestamp: new Date(nowMs).toISOString(),
          data: {
            id: providerCheckoutId,
            status: 'succeeded',
            metadata: { [CHECKOUT_METADATA_KEY]: checkoutId },
          },
        }),
      );
      const id = `msg_${randomBytes(12).toString('hex')}`;
      return { headers: signWebhook(secret, id, Math.floor(nowMs / 1000), body), body };
    },
  };
}

/** Narrows a provider to the sandbox. */
export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'paymentNotification' in provider;
}
