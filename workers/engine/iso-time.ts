/**
 * Epoch milliseconds to and from ISO 8601 text without Date objects (anchors of `after`/`before`, and the
 * clamp of ordered date fields). Formatting is the type library's; parsing has a canonical fast path.
 */

import { isoDateTime, isoDayFromDays, MS_PER_DAY } from './types/format.js';

export { MS_PER_DAY };

/** 'YYYY-MM-DD' of the UTC day holding `ms` (years 0000–9999). */
export function isoDate(ms: number): string {
  return isoDayFromDays(Math.floor(ms / MS_PER_DAY));
}

/** The Unix seconds of an instant `ms` (an `epoch` value; fractions of a second are dropped). */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** 'YYYY-MM-DDTHH:mm:ss.sssZ' of any instant `ms` (fractions of a millisecond are dropped). */
export function isoInstant(ms: number): string {
  return isoDateTime(Math.floor(ms));
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days-from-civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = (((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) | 0) + day - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146097 + doe - 719468;
}

/** Days in a month of the proleptic Gregorian calendar. */
function monthDays(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/** The two digits at `at` as a number, or -1 when either is not a digit. */
function two(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >>> 0 > 9 || b >>> 0 > 9 ? -1 : a * 10 + b;
}

/**
 * Epoch ms of the canonical forms generators emit ('YYYY-MM-DD', '...THH:mm:ss[.sss]Z'), else NaN
 * (then Date.parse decides). Anchors and ordered fields parse a value or two per row: char codes and
 * integer arithmetic only.
 */
function parseCanonical(text: string): number {
  const n = text.length;
  if ((n !== 10 && n !== 20 && n !== 24) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45)
    return Number.NaN;
  const century = two(text, 0);
  const yy = two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  if (century < 0 || yy < 0 || month < 1 || month > 12 || day < 1) return Number.NaN;
  const year = century * 100 + yy;
  if (day > 28 && day > monthDays(year, month)) return Number.NaN;
  const date = daysFromCivil(year, month, day) * MS_PER_DAY;
  if (n === 10) return date;
  if (
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(n - 1) !== 90 || // Z
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  )
    return Number.NaN;
  let millis = 0;
  if (n === 24) {
    const tens = two(text, 20);
    const unit = text.charCodeAt(22) - 48;
    if (text.charCodeAt(19) !== 46 || tens < 0 || unit >>> 0 > 9) return Number.NaN;
    millis = tens * 10 + unit;
  }
  const h = two(text, 11);
  const m = two(text, 14);
  const s = two(text, 17);
  // Out of range (24:00:00, leap seconds) or not digits: Date.parse decides.
  if (h < 0 || m < 0 || s < 0 || h > 23 || m > 59 || s > 59) return Number.NaN;
  return date + h * 3600000 + m * 60000 + s * 1000 + millis;
}

/** Epoch ms of an ISO date or date-time string, or of Unix seconds (an `epoch` value), or NaN. */
export function parseIsoMs(value: unknown): number {
  if (typeof value === 'number') return value * 1000;
  if (typeof value !== 'string') return Number.NaN;
  const fast = parseCanonical(value);
  if (!Number.isNaN(fast)) return fast;
  // A date-time without an offset would be read in the process's time zone; the engine works in UTC.
  return Date.parse(LOCAL_DATE_TIME.test(value) ? value + 'Z' : value);
}

const LOCAL_DATE_TIME = /T\d\d:\d\d(:\d\d(\.\d+)?)?$/;
