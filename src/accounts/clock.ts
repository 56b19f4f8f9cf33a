/** Time as a dependency, so tests can pass a fixed or stepping clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

const DAY_MS = 86_400_000;

// The last day utcDay wrote: every request asks for today's, and writing a date took ~1% of the event
// loop's time under small generate requests.
let lastDay = NaN;
let lastDayText = '';

/** The UTC day of a time, as 'YYYY-MM-DD'. */
export function utcDay(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDayText = new Date(ms).toISOString().slice(0, 10);
    lastDay = day;
  }
  return lastDayText;
}

/** The next midnight UTC after a time, in milliseconds. */
export function nextUtcMidnight(ms: number): number {
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}
