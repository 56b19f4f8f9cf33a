/**
 * Polar (https://polar.sh), the merchant of record: checkouts are created with its REST API
 * (`POST /v1/checkouts/`, Bearer organization access token) and confirmed by its Standard Webhooks
 * notifications (`checkout.updated` with status `succeeded`, or `order.paid`).
 */
import { HttpError } from '../../errors.js';
import { CHECKOUT_METADATA_KEY, parseJson, polarPaymentEvent } from './polar-events.js';
import type { PaymentProvider } from './types.js';
import { verifyWebhook } from './standard-webhooks.js';

export interface PolarOptions {
  accessToken: string;
  productId: string;
  webhookSecret: string;
  /** `https://api.polar.sh`, `https://sandbox-api.polar.sh`, or a fake's address in tests. */
  apiBaseUrl: string;
  /** Per call to Polar. */
  timeoutMs?: number;
}

interface PolarCheckout {
  id?: unknown;
  url?: unknown;
  status?: unknown;
}

/** The Polar provider. Never logs or returns the token; failures become PROVIDER_ERROR. */
export function createPolarProvider(options: PolarOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PolarCheckout> {
    let response: Response;
    try {
      response = await fetch(`${options.apiBaseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.accessToken}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new HttpError('PROVIDER_ERROR', 'The payment provider could not be reached.', { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new HttpError('PROVIDER_ERROR', `The payment provider answered ${response.status}.`, {
        cause: new Error(`Polar ${method} ${path}: HTTP ${response.status}`),
      });
    }
    try {
      return (await response.json()) as PolarCheckout;
    } catch (error) {
      throw new HttpError('PROVIDER_ERROR', 'The payment provider sent an unreadable answer.', {
        cause: error,
      });
    }
  }

  return {
    name: 'polar',
    displayName: 'Polar',
    merchantOfRecord: true,
    async createCheckout(request) {
      const checkout = await call('POST', '/v1/checkouts/', {
        products: [options.productId],
        customer_email: request.email,
        success_url: `${request.baseUrl}/api/agent/checkout/complete`,
        metadata: { [CHECKOUT_METADATA_KEY]: request.checkoutId },
      });
      if (
        typeof checkout.id !== 'string' ||
        typeof checkout.url !== 'string' ||
        !/^https?:\/\//.test(checkout.url)
      ) {
        throw new HttpError('PROVIDER_ERROR', 'The payment provider sent an incomplete checkout.');
      }
      return { providerCheckoutId: checkout.id, url: checkout.url };
    },
    verifyNotification(headers, body, nowMs) {
      const eventId = verifyWebhook(options.webhookSecret, headers, body, nowMs);
      return polarPaymentEvent(eventId, parseJson(body));
    },
    async fetchPaid(providerCheckoutId) {
      try {
        const checkout = await call('GET', `/v1/checkouts/${encodeURIComponent(providerCheckoutId)}`);
        return checkout.status === 'succeeded';
      } catch {
        return undefined;
      }
    },
  };
}
