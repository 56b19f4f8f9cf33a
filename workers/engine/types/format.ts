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
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01), by Hinnant's civil-from-days; years 0–9999. */
export function isoDayFromDays(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return (
    TWO_DIGITS[Math.floor(year / 100)]! +
    TWO_DIGITS[year % 100]! +
    '-' +
    TWO_DIGITS[month]! +
    '-' +
    TWO_DIGITS[day]!
  );
}

/** ISO 8601 UTC 'YYYY-MM-DDTHH:mm:ss.sssZ' of epoch ms, like toISOString but without a Date object. */
export function isoDateTime(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const s = rest % 60;
  rest = (rest - s) / 60;
  const m = rest % 60;
  const h = (rest - m) / 60;
  return (
    isoDayFromDays(days) +
    'T' +
    TWO_DIGITS[h]! +
    ':' +
    TWO_DIGITS[m]! +
    ':' +
    TWO_DIGITS[s]! +
    '.' +
    MS_DIGITS[millis]! +
    'Z'
  );
}

let hex16: readonly string[] | undefined;

/** Four hex chars for every 16-bit value (~2 MB, built on first use): halves the joins of a UUID. */
export function hex16Table(): readonly string[] {
  hex16 ??= Array.from({ length: 65536 }, (_, i) => HEX_BYTE[i >>> 8]! + HEX_BYTE[i & 255]!);
  return hex16;
}
