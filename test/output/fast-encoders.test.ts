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
import { csvChunk } from '../../workers/output/csv.js';
import { encodeChunk, encodeChunkBytes } from '../../workers/output/encode.js';
import { jsonChunk, ndjsonChunk } from '../../workers/output/json.js';
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
const value: fc.Arbitrary<Value> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string(), fc.oneof(text, fc.integer(), fc.constant(null)), { maxKeys: 2 }),
);

const tableOf = (kinds: readonly string[], count: number) =>
  ({
    name: 'we"ird`t',
    count,
    fields: kinds.map((kind, i) => ({ name: `f${i}"\u2028`, kind })),
  }) as unknown as PlannedTable;

t.test('row encoders match the reference chunk encoders on random values', async (t) => {
  const kinds = fc.array(fc.constantFrom('text', 'integer', 'float', 'boolean', 'json'), {
    minLength: 1,
    maxLength: 4,
  });
  fc.assert(
    fc.property(
      kinds,
      fc.nat(1200),
      fc.array(fc.array(value, { minLength: 4, maxLength: 4 }), { maxLength: 8 }),
      (k, start, raw) => {
        const rows = raw.map((r) => r.slice(0, k.length));
        const table = tableOf(k, start + rows.length);
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
    { numRuns: 150 },
  );
});

const PARAMS: Record<string, Record<string, unknown>> = {
  enum: { values: ['a', "b'c", 'd\\e', 'x,"y"\n'] },
  constant: { value: { a: [1, '\u2028'] } },
};

t.test('uuid, date, datetime and time values never need quoting; chunks match the reference', async (t) => {
  const fields = [...FIELD_TYPES.keys()]
    .filter((id) => id !== 'ref')
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
      t.same(
        Buffer.from(encodeChunkBytes({ ...task, options })),
        Buffer.from(encodeChunk({ ...task, options })),
        `${locale} ${encoding} ${dialect}${jsonEscape ? ' in JSON' : ''}`,
      );
    }
  }
});
