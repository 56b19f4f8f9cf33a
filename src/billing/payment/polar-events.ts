/**
 * Polar's notification payloads, as its SDK models them: `{ type, timestamp, data }`, where `data` is a
 * Checkout for `checkout.*` events (`id`, `status`: open | confirmed | succeeded | expired | failed,
 * `metadata`) and an Order for `order.*` events (`id`, `checkout_id`, `paid`, `status`, `metadata`, which
 * Polar copies from the checkout). The sandbox sends the same shape.
 */
import type { PaymentEvent } from './types.js';

/** The metadata key that carries our checkout id through the provider. */
export const CHECKOUT_METADATA_KEY = 'mockhive_checkout_id';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Reduces a parsed Polar payload to a PaymentEvent; unknown or unpaid events are `ignored`. */
export function polarPaymentEvent(eventId: string, payload: unknown): PaymentEvent {
  const event = (payload ?? {}) as { type?: unknown; data?: unknown };
  const type = text(event.type) ?? 'unknown';
  const data = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const metadata = (
    data['metadata'] && typeof data['metadata'] === 'object' ? data['metadata'] : {}
  ) as Record<string, unknown>;
  const checkoutId = text(metadata[CHECKOUT_METADATA_KEY]);
  if (type === 'checkout.updated' && data['status'] === 'succeeded') {
    return { eventId, type, kind: 'paid', providerCheckoutId: text(data['id']), checkoutId };
  }
  const orderPaid =
    type === 'order.paid' ||
    ((type === 'order.created' || type === 'order.updated') && data['paid'] === true);
  if (orderPaid) {
    return { eventId, type, kind: 'paid', providerCheckoutId: text(data['checkout_id']), checkoutId };
  }
  return { eventId, type, kind: 'ignored', providerCheckoutId: undefined, checkoutId };
}

/** Parses a notification body as JSON; undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
