import t from 'tap';
import { AddressThrottle } from '../../src/accounts/address-throttle.js';
import { HttpError } from '../../src/errors.js';
import { ManualClock } from '../helpers/clock.js';

const HOUR_MS = 3_600_000;

t.test('each address has its allowance per window; over it, 429 with Retry-After', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  const throttle = new AddressThrottle(2, HOUR_MS, 'checkouts', clock);
  throttle.take('10.0.0.1');
  throttle.take('10.0.0.1');
  throttle.take('10.0.0.2');
  clock.advance(15 * 60_000);
  let refused: unknown;
  try {
    throttle.take('10.0.0.1');
  } catch (error) {
    refused = error;
  }
  t.ok(refused instanceof HttpError, 'refused');
  t.match(refused, {
    key: 'RATE_LIMIT_EXCEEDED',
    headers: { 'Retry-After': '2700' },
    message: /at most 2 per 60 minutes/,
  });
  throttle.take('10.0.0.2'); // another address is counted apart
  clock.advance(45 * 60_000);
  throttle.take('10.0.0.1'); // a new window
  t.pass('the next window admits again');
});

t.test('a limit of 0 admits everything', async (t) => {
  const throttle = new AddressThrottle(0, HOUR_MS, 'checkouts', new ManualClock());
  for (let i = 0; i < 100; i += 1) throttle.take('10.0.0.1');
  t.pass();
});

t.test('addresses of ended windows are forgotten when many are remembered', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  const throttle = new AddressThrottle(1, HOUR_MS, 'checkouts', clock);
  for (let i = 0; i < 10_000; i += 1) throttle.take(`old-${i}`);
  clock.advance(HOUR_MS);
  throttle.take('new'); // sweeps the old window's addresses
  throttle.take('old-1'); // admitted: its window ended
  t.equal((throttle as unknown as { windows: Map<string, unknown> }).windows.size, 2);
});
