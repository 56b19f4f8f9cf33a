/**
 * Epoch milliseconds to ISO 8601 text without Date objects (used when the engine tightens a date
 * field's min/max for `after`/`before`). Civil-from-days after Howard Hinnant's algorithm.
 */

const DAY_MS = 86400000;

const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

function pad2(n: number): string {
  return TWO[n] as string;
}

function pad3(n: number): string {
  return THREE[n] as string;
}

/** 'YYYY-MM-DD' of the UTC day holding `ms` (years 0000–9999). */
export function isoDate(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return pad2(Math.floor(year / 100)) + pad2(year % 100) + '-' + pad2(month) + '-' + pad2(day);
}

/** 'YYYY-MM-DDTHH:mm:ss.sssZ' of `ms`. */
export function isoDateTime(ms: number): string {
  const t = Math.floor(ms);
  const inDay = t - Math.floor(t / DAY_MS) * DAY_MS;
  const h = Math.floor(inDay / 3600000);
  const m = Math.floor((inDay % 3600000) / 60000);
  const s = Math.floor((inDay % 60000) / 1000);
  return isoDate(t) + 'T' + pad2(h) + ':' + pad2(m) + ':' + pad2(s) + '.' + pad3(inDay % 1000) + 'Z';
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days-from-civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Digits at [at, at + n) as a number, or NaN when any is not a digit. */
function digits(text: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

/** Epoch ms of the canonical forms generators emit ('YYYY-MM-DD', '...THH:mm:ss[.sss]Z'), else NaN. */
function parseCanonical(text: string): number {
  const n = text.length;
  if ((n !== 10 && n !== 20 && n !== 24) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45)
    return Number.NaN;
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 28)) return Number.NaN; // later days: let Date.parse check
  const date = daysFromCivil(digits(text, 0, 4), month, day) * DAY_MS;
  if (n === 10) return date;
  if (text[10] !== 'T' || text[n - 1] !== 'Z' || text[13] !== ':' || text[16] !== ':') return Number.NaN;
  const millis = n === 24 ? (text[19] === '.' ? digits(text, 20, 3) : Number.NaN) : 0;
  return (
    date + digits(text, 11, 2) * 3600000 + digits(text, 14, 2) * 60000 + digits(text, 17, 2) * 1000 + millis
  );
}

/** Epoch ms of an ISO date or date-time string, or NaN. */
export function parseIsoMs(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  const fast = parseCanonical(value);
  if (!Number.isNaN(fast)) return fast;
  // A date-time without an offset would be read in the process's time zone; the engine works in UTC.
  return Date.parse(LOCAL_DATE_TIME.test(value) ? value + 'Z' : value);
}

const LOCAL_DATE_TIME = /T\d\d:\d\d(:\d\d(\.\d+)?)?$/;

export const MS_PER_DAY = DAY_MS;
