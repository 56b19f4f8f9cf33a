/**
 * The fast encoders (workers/output/rows.ts, encodeChunkBytes) against the reference string encoders:
 * the same bytes for random values of every shape, and the kinds they write without escaping hold only
 * characters that never need it.
 */
import fc from 'fast-check';
import t from 'tap';
import {
  compile,
  FIELD_TYPES,
  generateRows,
  type PlannedTable,
  type Value,
} from '../../workers/engine/index.js';
import { RESOLVED_BY_ENGINE } from '../../workers/engine/types/derived.js';
import { csvChunk } from '../../workers/output/csv.js';
import { encodeChunk, encodeChunkBytes } from '../../workers/output/encode.js';
import { jsonChunk, ndjsonChunk } from '../../workers/output/json.js';
import { gridFormatter } from '../../workers/output/number.js';
import { csvRows, jsonRows, ndjsonRows, PLAIN_KINDS, sqlRows } from '../../workers/output/rows.js';
import { sqlChunk } from '../../workers/output/sql.js';

const tricky = fc.constantFrom(
  '',
  ',',
  '"',
  "'",
  '\\',
  '\0',
  '\r\n',
  '\u2028',
  '\ud800',
  '😀',
  'é',
  '\u0001',
);
const text = fc
  .array(fc.oneof(fc.string({ unit: 'binary' }), tricky), { maxLength: 4 })
  .map((a) => a.join(''));
// Numbers on decimal grids (what decimal and float columns hold), from tiny to beyond 15 digits.
const gridNumber = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.integer(),
      fc.double({ min: -1e17, max: 1e17, noNaN: true }).map(Math.trunc),
    ),
    fc.integer({ min: 0, max: 12 }),
  )
  .map(([n, p]) => n / 10 ** p);
const value: fc.Arbitrary<Value> = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  gridNumber,
  fc.constantFrom(0, -0, 1e-6, -1e-6, 1e-7, 0.1 + 0.2, 1e21, 123456789012345.6),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string(), fc.oneof(text, fc.integer(), fc.constant(null)), { maxKeys: 2 }),
);

const tableOf = (kinds: readonly string[], count: number, precision?: number) =>
  ({
    name: 'we"ird`t',
    count,
    fields: kinds.map((kind, i) => ({
      name: `f${i}"\u2028`,
      kind,
      params: precision === undefined ? {} : { precision },
    })),
  }) as unknown as PlannedTable;

t.test('gridFormatter writes String(x) for every number', async (t) => {
  const numbers = fc.oneof(gridNumber, fc.double({ noNaN: true }), fc.integer());
  for (const precision of [-1, 0, 1, 2, 3, 4, 6, 10, 11, 2.5]) {
    const format = gridFormatter(precision);
    fc.assert(
      fc.property(numbers, (x) => format(x) === String(x)),
      { numRuns: 3000 },
    );
    for (const x of [0, -0, 1e-6, -1e-6, 9.9e-7, 1e-10, 0.1 + 0.2, 49.99, -49.99, 1e15 / 10 ** precision]) {
      t.equal(format(x), String(x), `precision ${precision}: ${x}`);
    }
    // Every value of a dense grid, around 0 and near 15 digits.
    if (Number.isInteger(precision) && precision >= 0 && precision <= 10) {
      const scale = 10 ** precision;
      for (const base of [0, 1e15 - 5000, -1e15 + 1, 2 ** 53 - 5000]) {
        for (let n = base - 2000; n < base + 2000; n++) {
          const x = n / scale;
          if (format(x) !== String(x)) t.fail(`precision ${precision}: ${x}`);
        }
      }
    }
  }
});

t.test('row encoders match the reference chunk encoders on random values', async (t) => {
  const kinds = fc.array(
    fc.constantFrom('text', 'integer', 'bigint', 'decimal', 'float', 'boolean', 'json'),
    { minLength: 1, maxLength: 4 },
  );
  fc.assert(
    fc.property(
      kinds,
      fc.nat(1200),
      fc.array(fc.array(value, { minLength: 4, maxLength: 4 }), { maxLength: 8 }),
      fc.option(fc.integer({ min: 0, max: 10 })),
      (k, start, raw, precision) => {
        const rows = raw.map((r) => r.slice(0, k.length));
        const table = tableOf(k, start + rows.length, precision ?? undefined);
        const join = (encode: (v: readonly Value[], row: number) => string) =>
          rows.map((r, i) => encode(r, start + i)).join('');
        t.equal(join(csvRows(table)), csvChunk(rows));
        t.equal(join(jsonRows(table)), jsonChunk(table, rows, start));
        t.equal(join(ndjsonRows(table)), ndjsonChunk(table, rows));
        for (const dialect of ['postgres', 'mysql', 'sqlite'] as const) {
          t.equal(join(sqlRows(dialect, table)), sqlChunk(dialect, table, rows, start));
        }
      },
    ),
    { numRuns: 400 },
  );
});

const PARAMS: Record<string, Record<string, unknown>> = {
  enum: { values: ['a', "b'c", 'd\\e', 'x,"y"\n'] },
  constant: { value: { a: [1, '\u2028'] } },
  pattern: { regex: '^[A-Z]{2}[",\\\\\'\\n]\\d{3}$' },
  object: {
    properties: { note: { type: 'constant', params: { value: 'a,"b"\n' } }, n: { type: 'integer' } },
  },
};

t.test('uuid, date, datetime and time values never need quoting; chunks match the reference', async (t) => {
  const fields = [...FIELD_TYPES.keys()]
    .filter((id) => !RESOLVED_BY_ENGINE.has(id))
    .map((id) => ({ name: `f_${id}`, type: id, ...(PARAMS[id] ? { params: PARAMS[id] } : {}) }));
  fields.push({ name: 'maybe', type: 'nullable', params: { of: 'uuid' } } as never);
  for (const locale of ['en', 'ja', 'ar', 'hi']) {
    const compiled = compile({ tables: [{ name: 'all', count: 600, fields }], locale, seed: 7 });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const plain = compiled.plan.tables[0]!.fields.flatMap((f, i) => (PLAIN_KINDS.has(f.kind) ? [i] : []));
    t.ok(plain.length >= 4, 'several plain-kind types');
    for (const row of generateRows(compiled.plan, 'all', 0, 600)) {
      for (const i of plain) {
        const v = row[i];
        if (v !== null && !(typeof v === 'string' && /^[0-9A-Za-z:.+-]+$/.test(v))) {
          t.fail(`${compiled.plan.tables[0]!.fields[i]!.type}: ${JSON.stringify(v)}`);
        }
      }
    }
    const task = { plan: compiled.plan, table: 'all', start: 0, end: 600 };
    for (const [encoding, jsonEscape, dialect] of [
      ['csv', false, 'postgres'],
      ['csv', true, 'postgres'],
      ['json', false, 'postgres'],
      ['ndjson', false, 'postgres'],
      ['sql', false, 'mysql'],
      ['sql', true, 'sqlite'],
    ] as const) {
      const options = { encoding, dialect, jsonEscape };
      // Buffer.equals, not t.same: a failing deep comparison of megabytes takes minutes to report.
      const fast = Buffer.from(encodeChunkBytes({ ...task, options }));
      const reference = Buffer.from(encodeChunk({ ...task, options }));
      const same = fast.equals(reference);
      const at = same ? -1 : fast.findIndex((byte, i) => byte !== reference[i]);
      t.ok(
        same,
        `${locale} ${encoding} ${dialect}${jsonEscape ? ' in JSON' : ''}` +
          (same ? '' : `: differs at byte ${at}: ${fast.subarray(at, at + 40)}`),
      );
    }
  }
});
