/**
 * The payment provider behind the agent purchase flow: creates a hosted checkout and verifies the
 * provider's signed notifications. Two implementations: `polar` (the real merchant of record) and
 * `sandbox` (built in; test payments on a page of the service itself).
 */
import type { Config } from '../../config.js';
import { createPolarProvider } from './polar.js';
import { createSandboxProvider } from './sandbox.js';
import type { PaymentProvider } from './types.js';

export type * from './types.js';

/** The provider the configuration names. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.payment.provider === 'polar'
    ? createPolarProvider(config.payment.polar)
    : createSandboxProvider();
}
