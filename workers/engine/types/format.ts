/**
 * Low-level string builders for the hot path: hex from 32-bit words through a lookup table, digit
 * patterns filled char by char, random alphanumerics. No regex and no template parsing per value.
 */
import type { Rng } from '../field-type.js';

/** Two lowercase hex chars for every byte value. */
export const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, '0'),
);

/** Eight hex chars of one 32-bit word. */
export function hex32(word: number): string {
  return (
    HEX_BYTE[word >>> 24]! +
    HEX_BYTE[(word >>> 16) & 255]! +
    HEX_BYTE[(word >>> 8) & 255]! +
    HEX_BYTE[word & 255]!
  );
}

/** `length` random lowercase hex chars. */
export function hex(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) out += hex32(rng.u32());
  return out.length === length ? out : out.slice(0, length);
}

const HASH = 35; // '#'
const BANG = 33; // '!'

/** Replaces `#` by a digit 0–9 and `!` by a digit 2–9; other chars stay. */
export function fillDigits(rng: Rng, pattern: string): string {
  let out = '';
  let pool = 0;
  let left = 0;
  for (let i = 0; i < pattern.length; i++) {
    const code = pattern.charCodeAt(i);
    if (code !== HASH && code !== BANG) {
      out += pattern[i];
      continue;
    }
    if (left === 0) {
      // One 32-bit draw gives nine decimal digits.
      pool = rng.u32();
      left = 9;
    }
    const digit = pool % 10;
    pool = (pool - digit) / 10;
    left--;
    out += code === HASH ? digit : 2 + (digit & 7);
  }
  return out;
}

/** `length` chars drawn from `alphabet` (at most 64 symbols, ideally a power of two). */
export function randomChars(rng: Rng, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng.float() * alphabet.length)];
  return out;
}

export const UPPER_ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `value` as a string of at least `width` digits. */
export function pad(value: number, width: number): string {
  const text = String(value);
  return text.length >= width ? text : '0'.repeat(width - text.length) + text;
}

/** Encodes a non-negative integer in base 36 (used to make `nth` values distinct and compact). */
export function base36(n: number): string {
  return n.toString(36);
}

/** Capitalizes the first letter. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);
const MS_DIGITS: readonly string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** Milliseconds in a day: the one definition (the engine's dates and times all use it). */
export const MS_PER_DAY = 86_400_000;

// Civil date of the last `civil()` call: module scratch instead of a returned tuple (no allocation).
let civilYear = 0;
let civilMonth = 0;
let civilDay = 0;

/**
 * Sets civilYear/Month/Day from a day number (days since 1970-01-01), by Hinnant's civil-from-days.
 * Below the era everything is a non-negative int32, so `| 0` truncation is floor and keeps the JIT on
 * integer arithmetic (3× faster than float Math.floor here).
 */
function civil(days: number): void {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = (z - era * 146_097) | 0;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0;
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0));
  const mp = ((5 * doy + 2) / 153) | 0;
  civilDay = doy - (((153 * mp + 2) / 5) | 0) + 1;
  civilMonth = mp < 10 ? mp + 3 : mp - 9;
  civilYear = (yoe + era * 400 + (civilMonth <= 2 ? 1 : 0)) | 0;
}

/** The pre-optimisation formatting, kept for years outside 0–9999 so their (odd) output is unchanged. */
function joinedDay(): string {
  return (
    TWO_DIGITS[Math.floor(civilYear / 100)]! +
    TWO_DIGITS[civilYear % 100]! +
    '-' +
    TWO_DIGITS[civilMonth]! +
    '-' +
    TWO_DIGITS[civilDay]!
  );
}

const ZERO = 48;
const DASH = 45;

/**
 * 'YYYY-MM-DD' of a day number (days since 1970-01-01); years 0–9999. Built by one fromCharCode call:
 * a flat string, where joining six pieces made a rope of cons strings (slower, and more garbage).
 */
export function isoDayFromDays(days: number): string {
  civil(days);
  const y = civilYear;
  if (y < 0 || y > 9999) return joinedDay();
  const mo = civilMonth;
  const d = civilDay;
  return String.fromCharCode(
    ZERO + ((y / 1000) | 0),
    ZERO + (((y / 100) | 0) % 10),
    ZERO + (((y / 10) | 0) % 10),
    ZERO + (y % 10),
    DASH,
    ZERO + ((mo / 10) | 0),
    ZERO + (mo % 10),
    DASH,
    ZERO + ((d / 10) | 0),
    ZERO + (d % 10),
  );
}

/** ISO 8601 UTC 'YYYY-MM-DDTHH:mm:ss.sssZ' of integer epoch ms, like toISOString without a Date. */
export function isoDateTime(ms: number): string {
  const days = Math.floor(ms / MS_PER_DAY);
  const inDay = ms - days * MS_PER_DAY;
  civil(days);
  const y = civilYear;
  if (y < 0 || y > 9999 || !Number.isInteger(inDay)) return joinedDateTime(inDay);
  // inDay is an int32 in [0, 86400000): integer arithmetic from here on.
  let rest = inDay | 0;
  const millis = rest % 1000;
  rest = ((rest - millis) / 1000) | 0;
  const s = rest % 60;
  rest = ((rest - s) / 60) | 0;
  const m = rest % 60;
  const h = ((rest - m) / 60) | 0;
  const mo = civilMonth;
  const d = civilDay;
  return String.fromCharCode(
    ZERO + ((y / 1000) | 0),
    ZERO + (((y / 100) | 0) % 10),
    ZERO + (((y / 10) | 0) % 10),
    ZERO + (y % 10),
    DASH,
    ZERO + ((mo / 10) | 0),
    ZERO + (mo % 10),
    DASH,
    ZERO + ((d / 10) | 0),
    ZERO + (d % 10),
    84, // T
    ZERO + ((h / 10) | 0),
    ZERO + (h % 10),
    58, // :
    ZERO + ((m / 10) | 0),
    ZERO + (m % 10),
    58,
    ZERO + ((s / 10) | 0),
    ZERO + (s % 10),
    46, // .
    ZERO + ((millis / 100) | 0),
    ZERO + (((millis / 10) | 0) % 10),
    ZERO + (millis % 10),
    90, // Z
  );
}

/** The pre-optimisation date-time formatting (see joinedDay), after civil() of the day. */
function joinedDateTime(inDay: number): string {
  let rest = inDay;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const s = rest % 60;
  rest = (rest - s) / 60;
  const m = rest % 60;
  const h = (rest - m) / 60;
  const time = TWO_DIGITS[h]! + ':' + TWO_DIGITS[m]! + ':' + TWO_DIGITS[s]! + '.' + MS_DIGITS[millis]!;
  return joinedDay() + 'T' + time + 'Z';
}
