/**
 * Testing types: edge-case values meant to break naive code paths (XSS and SQL-injection payloads,
 * awkward Unicode, boundary integers, far-future dates). Payloads are inert strings from fixed lists.
 */
import type { FieldType, RawParams } from '../field-type.js';
import { define } from './define.js';
import { MALFORMED, MALFORMED_KINDS } from './malformed-values.js';
import { check, num } from './params.js';
import { paragraph, PROSE_UNIT_COST } from './text.js';
import { longestCost, QUOTE_BYTES, textCost } from '../size.js';

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "javascript:alert('xss')",
  '<iframe src="javascript:alert(1)"></iframe>',
  "'';!--\"<XSS>=&{()}",
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];
const SQLI = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' UNION SELECT NULL, username, password FROM users --",
  "admin'--",
  '1; SELECT pg_sleep(5) --',
  "' AND 1=CONVERT(int, (SELECT @@version)) --",
  '%27%20OR%201%3D1',
  "Robert'); DROP TABLE Students;--",
];
const UNICODE = [
  'Zoë Saldaña',
  'Ñandú über café',
  '日本語のテキスト',
  '中文字符',
  '한국어 텍스트',
  'العربية نص',
  'עברית',
  'Ελληνικά',
  'Привет, мир',
  '🙂👍🏽👨‍👩‍👧‍👦',
  'e\u0301 (combining accent)',
  'Zero\u200bWidth\u200bSpace',
  '𝕳𝖊𝖑𝖑𝖔 (math bold)',
  'Z̴̡̛a̷͖l̶g̵o̵',
  '\u202eRTL override',
  'Tab\tand\nnewline',
  'ﬁ ligature',
  'İstanbul ı',
];
const BOUNDARY = [
  0, 1, -1, 127, -128, 255, 32767, -32768, 65535, 2147483647, -2147483648, 4294967295, 9007199254740991,
  -9007199254740991,
];
const ERRORS = [
  'N/A',
  '#N/A',
  '#REF!',
  '#DIV/0!',
  '#VALUE!',
  'NaN',
  'null',
  'undefined',
  'NULL',
  'Infinity',
  '-',
  'ERROR',
  'None',
  'nil',
];
const FUTURE = [
  '2038-01-19T03:14:08.000Z',
  '2038-01-19T03:14:07.000Z',
  '2100-01-01T00:00:00.000Z',
  '2106-02-07T06:28:16.000Z',
  '2999-12-31T23:59:59.000Z',
  '9999-12-31T23:59:59.000Z',
  '2050-06-15T12:00:00.000Z',
  '2286-11-20T17:46:40.000Z',
];

/** Fillers between runs of `long_string.char`. */
const FILLERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/** `long_string`'s [shortest, longest] length: min_length (else length, else 1000) to max_length. */
function lengthRange(p: RawParams): [number, number] {
  const lo = num(p, 'min_length', num(p, 'length', 1000));
  return [lo, Math.max(lo, num(p, 'max_length', lo))];
}

function errorPool(p: RawParams): readonly string[] {
  return MALFORMED[p['target_type'] as string] ?? ERRORS;
}

export const TESTING_TYPES: readonly FieldType[] = [
  define({
    id: 'xss_string',
    category: 'testing',
    description: 'Cross-site scripting test payload from a fixed list (inert string).',
    example: XSS[0]!,
    generate: (rng) => rng.pick(XSS),
    cardinality: () => XSS.length,
    nth: (n) => XSS[n]!,
  }),
  define({
    id: 'sql_injection_string',
    category: 'testing',
    description: 'SQL-injection test payload from a fixed list (inert string).',
    example: SQLI[0]!,
    generate: (rng) => rng.pick(SQLI),
    cardinality: () => SQLI.length,
    nth: (n) => SQLI[n]!,
  }),
  define({
    id: 'unicode_string',
    category: 'testing',
    description:
      'Text exercising Unicode: scripts, emoji ZWJ sequences, combining marks, RTL, zero-width chars.',
    example: UNICODE[0]!,
    generate: (rng) => rng.pick(UNICODE),
    cardinality: () => UNICODE.length,
    nth: (n) => UNICODE[n]!,
  }),
  define({
    id: 'long_string',
    category: 'testing',
    description:
      'English text of exactly `length` characters (default 1000), or of a length drawn in `min_length`–`max_length`; with `char`, runs of 100 of that character with one random filler between runs.',
    params: {
      length: 'integer 1–100000 (default 1000)',
      min_length: 'integer 1–100000, shortest length (default: length)',
      max_length: 'integer 1–100000, longest length (default: the shortest)',
      char: 'one character (UTF-16 unit, not a surrogate) repeated instead of English text',
    },
    example: 'The team simplifies the onboarding process for everyone. Our platform…',
    validate: (p) =>
      check(p, (c) => {
        const opts = { integer: true, min: 1, max: 100_000 };
        c.number('length', opts);
        c.number('min_length', opts);
        c.number('max_length', opts);
        if (typeof p['max_length'] === 'number' && p['max_length'] < lengthRange(p)[0])
          c.fail('max_length', 'max_length must not be less than min_length (or length)');
        const char = c.string('char');
        if (char !== undefined && (char.length !== 1 || /[\ud800-\udfff]/.test(char)))
          c.fail('char', 'char must be exactly one character (a UTF-16 unit, not a surrogate)');
      }),
    maxBytes: (p) =>
      lengthRange(p)[1] *
        (typeof p['char'] === 'string' ? Math.max(1, textCost(p['char'])) : PROSE_UNIT_COST) +
      QUOTE_BYTES,
    generate: (rng, _, p) => {
      const [lo, hi] = lengthRange(p);
      const length = lo === hi ? lo : rng.int(lo, hi);
      const char = p['char'];
      let out = '';
      if (typeof char === 'string') {
        const run = char.repeat(100);
        while (out.length < length) out += (out === '' ? '' : rng.pick(FILLERS)) + run;
        return out.slice(0, length);
      }
      while (out.length < length) out += (out === '' ? '' : ' ') + paragraph(rng, 4);
      return out.slice(0, length);
    },
  }),
  define({
    id: 'boundary_integer',
    category: 'testing',
    description: 'Edge integer: 0, ±1, int8/16/32 limits, 2^32−1, ±(2^53−1).',
    example: 2147483647,
    kind: 'bigint',
    generate: (rng) => rng.pick(BOUNDARY),
    cardinality: () => BOUNDARY.length,
    nth: (n) => BOUNDARY[n]!,
  }),
  define({
    id: 'empty_string',
    category: 'testing',
    description: 'The empty string; with `frequency` < 1, otherwise a single space or null (half each).',
    params: { frequency: 'number 0–1, chance of "" (default 1)' },
    example: '',
    validate: (p) => check(p, (c) => c.number('frequency', { min: 0, max: 1 })),
    generate: (rng, _, p) => {
      const frequency = num(p, 'frequency', 1);
      if (frequency >= 1 || rng.float() < frequency) return '';
      return rng.chance(0.5) ? ' ' : null;
    },
    // Only "" is promised distinct values: a lower frequency mixes in spaces and nulls.
    cardinality: (p) => (num(p, 'frequency', 1) < 1 ? 0 : 1),
    nth: () => '',
  }),
  define({
    id: 'error_value',
    category: 'testing',
    description:
      'Placeholder and error strings that leak into real data (N/A, #REF!, NaN, null...); `target_type` gives malformed values of one kind instead.',
    params: { target_type: `one of ${MALFORMED_KINDS.join(', ')} (default: placeholders of every kind)` },
    example: 'N/A',
    validate: (p) => check(p, (c) => c.string('target_type', { oneOf: MALFORMED_KINDS })),
    maxBytes: (p) => longestCost(errorPool(p)) + QUOTE_BYTES,
    generate: (rng, _, p) => rng.pick(errorPool(p)),
    cardinality: (p) => errorPool(p).length,
    nth: (n, _, p) => errorPool(p)[n]!,
  }),
  define({
    id: 'future_proof_date',
    category: 'testing',
    description: 'Instant at or past 32-bit and other epoch limits (2038-01-19, 2106, 9999-12-31...).',
    example: FUTURE[0]!,
    kind: 'datetime',
    generate: (rng) => rng.pick(FUTURE),
    cardinality: () => FUTURE.length,
    nth: (n) => FUTURE[n]!,
  }),
];
