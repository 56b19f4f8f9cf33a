import t from 'tap';
import { nextUtcMidnight, utcDay } from '../../src/accounts/clock.js';

t.test('utcDay gives the UTC day of each time, going forward and back across midnight', async (t) => {
  const midnight = Date.UTC(2026, 10, 30);
  const times: [number, string][] = [
    [midnight - 1, '2026-11-29'],
    [midnight - 1, '2026-11-29'],
    [midnight, '2026-11-30'],
    [midnight - 86_400_000, '2026-11-29'],
    [midnight - 86_400_001, '2026-11-28'],
    [midnight + 5, '2026-11-30'],
    [0, '1970-01-01'],
    [-1, '1969-12-31'],
  ];
  for (const [ms, day] of times) t.equal(utcDay(ms), day, `${ms}`);
  t.throws(() => utcDay(Number.NaN), RangeError, 'no day for an invalid time');
  t.equal(nextUtcMidnight(midnight - 1), midnight);
});
