/** The payment provider contract, shared by the providers and their callers (a leaf module). */

export type ProviderName = 'sandbox' | 'polar';

/** What the service asks of the provider for one checkout. */
export interface CheckoutRequest {
  /** Our checkout id; the provider carries it back in its notifications (metadata). */
  checkoutId: string;
  email: string;
  /** Absolute base URL of the service, for links back to it. */
  baseUrl: string;
}

export interface ProviderCheckout {
  providerCheckoutId: string;
  /** Where a person pays. */
  url: string;
}

/** A verified notification, reduced to what the service acts on. */
export interface PaymentEvent {
  /** The notification's webhook-id: applied at most once. */
  eventId: string;
  type: string;
  /** `paid` when the notification confirms payment; anything else changes nothing. */
  kind: 'paid' | 'ignored';
  providerCheckoutId: string | undefined;
  /** Our checkout id, from the metadata the checkout was created with. */
  checkoutId: string | undefined;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** As reported in `provider`: `Polar` or `Sandbox`. */
  readonly displayName: string;
  readonly merchantOfRecord: boolean;
  /** Creates the provider's checkout; throws HttpError PROVIDER_ERROR when it cannot. */
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /**
   * Verifies a notification (signature, timestamp) and parses it; throws WebhookVerificationError
   * when it does not verify.
   */
  verifyNotification(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    body: Buffer,
    nowMs: number,
  ): PaymentEvent;
  /** Asks the provider whether a checkout is paid (a verified fetch); undefined when it cannot tell. */
  fetchPaid?(providerCheckoutId: string): Promise<boolean | undefined>;
}
