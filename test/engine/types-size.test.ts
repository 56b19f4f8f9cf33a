/**
 * Every field type keeps its declared worst case (FieldType.maxBytes): no value it generates, in any
 * locale and under default and extreme params, takes more bytes in any output than it declares. The
 * outputs are the real encoders': JSON value, CSV field, SQL literal of each dialect, and CSV or SQL
 * text escaped again inside the JSON envelope.
 */
import fc from 'fast-check';
import t from 'tap';
import type { ColumnKind, RawParams, Value } from '../../workers/engine/field-type.js';
import { LOCALE_CODES } from '../../workers/engine/locales/index.js';
import { textCost, valueBytes } from '../../workers/engine/size.js';
import { RESOLVED_BY_ENGINE } from '../../workers/engine/types/derived.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { csvField } from '../../workers/output/csv.js';
import { jsonStringBody } from '../../workers/output/encode.js';
import { jsonValue } from '../../workers/output/json.js';
import { SQL_DIALECTS } from '../../workers/output/options.js';
import { sqlLiteral } from '../../workers/output/sql.js';
import { cellContext, cellRng, paramsFor } from './cell-context.js';

/** The most UTF-8 bytes of `value` among every output. */
function encodedBytes(kind: ColumnKind, value: Value): number {
  const texts = [jsonValue(value), csvField(value), jsonStringBody(csvField(value))];
  for (const dialect of SQL_DIALECTS) {
    const literal = sqlLiteral(dialect, kind, value);
    texts.push(literal, jsonStringBody(literal));
  }
  return Math.max(...texts.map((text) => Buffer.byteLength(text)));
}

const NASTY = '"\'\\\u0001\n\u2028é語😀\ud800';

/** Params at the edges of what each size-driving type accepts (besides the defaults). */
const EXTREMES: Record<string, RawParams[]> = {
  long_string: [{ length: 1 }, { length: 100_000 }],
  words: [{ min: 100, max: 100 }],
  text: [{ min: 100, max: 100 }],
  embedding_vector: [{ dims: 1 }, { dims: 4096 }],
  email: [{ domain: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com` }],
  enum: [{ values: [NASTY, 'a', 12.5, -9007199254740991, true, null] }, { values: ['x'.repeat(5000)] }],
  constant: [{ value: NASTY }, { value: { a: [NASTY, 1, null], [NASTY]: true } }, { value: -1.5e300 }],
  sequence: [
    { prefix: NASTY, suffix: NASTY, pad: 20 },
    { start: -9007199254740991, step: -9007199254740991 },
    { start: 9007199254740991, step: 9007199254740991, pad: 3 },
  ],
  nullable: [{ of: 'paragraph' }, { of: 'long_string', length: 5000 }],
  array: [
    { of: 'enum', min: 50, max: 50, params: { values: [NASTY] } },
    { of: 'long_string', min: 3, max: 3, params: { length: 2000 } },
    { of: 'embedding_vector', min: 2, max: 2, params: { dims: 64 } },
  ],
  json: [{ fields: { [NASTY]: 'paragraph', b: 'email', c: 'unicode_string', d: 'array' } }],
  object: [
    {
      properties: {
        [NASTY]: { type: 'paragraph', nullable: true },
        b: {
          type: 'array',
          params: { of: 'object', max: 3, params: { properties: { c: { type: 'unicode_string' } } } },
        },
        d: { type: 'constant', params: { value: NASTY } },
      },
    },
  ],
  integer: [{ min: -9007199254740991, max: 9007199254740991 }],
  number: [
    { min: -1e15, max: 1e15, precision: 0 },
    { min: -1e5, max: 1e5, precision: 10 },
  ],
  float: [
    { min: -1e300, max: 1e300, precision: 0 },
    { min: -1, max: 1, precision: 10 },
  ],
  decimal: [{ min: -1e5, max: 1e5, precision: 10 }],
  price: [{ min: 0, max: 1e13, precision: 2 }],
  pattern: [
    { regex: '^(["\\\\\']{0,3}(a|語|\\u00e9)*){2,4}$' },
    { regex: '[\\x00-\\x1f]+' },
    { regex: '[\\s\\S]+', min_length: 2, max_length: 3 },
    { regex: '^[^a]{2}.$' },
  ],
};

function rowsFor(params: RawParams): number {
  const length = typeof params['length'] === 'number' ? params['length'] : 0;
  return length > 10_000 ? 2 : 60;
}

t.test('no type generates a value larger than its maxBytes', async (t) => {
  let checked = 0;
  for (const [id, type] of FIELD_TYPES) {
    if (RESOLVED_BY_ENGINE.has(id) && id !== 'ref') continue; // sized from their sources (types-size of plans)
    for (const params of [paramsFor(id), ...(EXTREMES[id] ?? [])]) {
      if (type.validate(params).length > 0) {
        t.fail(`${id}: test params ${JSON.stringify(params)} are not valid`);
        continue;
      }
      const declared = type.maxBytes(params);
      const kind = type.kind(params);
      let largest = 0;
      for (const locale of LOCALE_CODES) {
        for (let row = 0; row < rowsFor(params); row++) {
          const ctx = cellContext({ locale, row, seed: row + 7, fieldName: id });
          const value = type.generate(cellRng(row * 31 + locale.length, row), ctx, params);
          largest = Math.max(largest, encodedBytes(kind, value));
          if (type.nth && row < Math.min(50, type.cardinality!(params, locale)))
            largest = Math.max(largest, encodedBytes(kind, type.nth(row, ctx, params)));
          checked++;
        }
      }
      if (largest > declared)
        t.fail(`${id} ${JSON.stringify(params)}: ${largest} bytes > maxBytes ${declared}`);
    }
  }
  t.ok(checked > 100_000, `${checked} values checked`);
});

t.test('the size of any given text or value bounds its encodings', async (t) => {
  const text = fc.string({ unit: 'binary', maxLength: 40 });
  const value: fc.Arbitrary<Value> = fc.oneof(
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.dictionary(text, fc.oneof(text, fc.integer(), fc.constant(null)), { maxKeys: 3 }),
    fc.array(text, { maxLength: 3 }),
  );
  fc.assert(
    fc.property(
      value,
      (v) => encodedBytes(typeof v === 'object' && v !== null ? 'json' : 'text', v) <= valueBytes(v),
    ),
    { numRuns: 5000 },
  );
  t.equal(textCost('a"b'), 6, 'a quote may take 4 bytes');
  t.equal(textCost('😀'), 4, 'a surrogate pair is one 4-byte character');
  t.equal(textCost('\ud800'), 6, 'a lone surrogate may be escaped');
});
