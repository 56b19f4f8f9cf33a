/**
 * A throttle per client address for actions taken without a key (creating an agent checkout), where
 * there is no account to count against. Fixed windows, as the per-minute allowance of keys has them,
 * counted in memory: each instance counts its own clients, and a restart forgets, which bounds what
 * one address costs an instance without a write to the store per request.
 */
import type { Clock } from './clock.js';
import { HttpError } from '../errors.js';

/** Addresses remembered before windows that have ended are swept (an address costs ~100 bytes). */
const SWEEP_AT = 10_000;

export class AddressThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /**
   * `limit` actions per address per `windowMs` (0: no limit); `what` names the action in the
   * 429 message, e.g. 'checkouts'.
   */
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly what: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one action of `address`; throws 429 RATE_LIMIT_EXCEEDED with Retry-After (seconds to the
   * next window) when its allowance is used up. Synchronous, so concurrent requests cannot both take
   * the last one.
   */
  take(address: string): void {
    if (this.limit === 0) return;
    const now = this.clock.now();
    const start = now - (now % this.windowMs);
    if (this.windows.size >= SWEEP_AT) this.sweep(start);
    const window = this.windows.get(address);
    if (window === undefined || window.start !== start) {
      this.windows.set(address, { start, count: 1 });
      return;
    }
    if (window.count < this.limit) {
      window.count += 1;
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
    throw new HttpError(
      'RATE_LIMIT_EXCEEDED',
      `Too many ${this.what} from your address: at most ${this.limit} per ${this.windowMs / 60_000} minutes. Retry after ${retryAfter} s.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }

  private sweep(current: number): void {
    for (const [address, window] of this.windows) {
      if (window.start !== current) this.windows.delete(address);
    }
  }
}
