/** A clock the test moves by hand. */
import type { Clock } from '../../src/accounts/clock.js';

export class ManualClock implements Clock {
  constructor(private ms = Date.UTC(2026, 0, 15, 12, 0, 30)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
}
