import fc from 'fast-check';
import t from 'tap';
import type { ColumnKind, Value } from '../../workers/engine/field-type.js';
import { LOCALE_CODES } from '../../workers/engine/locales/index.js';
import { isoDateTime, isoDayFromDays } from '../../workers/engine/types/format.js';
import { RESOLVED_BY_ENGINE } from '../../workers/engine/types/derived.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { cellContext, cellRng, paramsFor } from './cell-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
const MAY_BE_EMPTY = new Set(['empty_string', 'nullable', ...RESOLVED_BY_ENGINE]);

/** Why `value` does not fit `kind`, or undefined when it does. */
function problem(id: string, kind: ColumnKind, value: Value): string | undefined {
  if (value === null) return MAY_BE_EMPTY.has(id) ? undefined : 'null';
  // A sequence is a string in JSON, as the hosted service gives, and the integer of its SQL column.
  if (id === 'sequence' && typeof value === 'string' && /^-?\d+$/.test(value)) value = Number(value);
  switch (kind) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? undefined : 'uuid';
    case 'integer':
      return Number.isSafeInteger(value) && Math.abs(value as number) <= 2 ** 31 ? undefined : 'integer';
    case 'bigint':
      return Number.isSafeInteger(value) ? undefined : 'bigint';
    case 'decimal':
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'date';
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) && new Date(value).toISOString() === value
        ? undefined
        : 'datetime';
    case 'epoch':
      return Number.isSafeInteger(value) ? undefined : 'Unix seconds';
    case 'time':
      return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(value)
        ? undefined
        : 'time';
    case 'json':
      return typeof value === 'object' ? undefined : 'json';
    default:
      if (typeof value !== 'string') return 'text';
      return value === '' && !MAY_BE_EMPTY.has(id) ? 'empty' : undefined;
  }
}

t.test('every type in every locale yields a valid value', async (t) => {
  let checked = 0;
  for (const locale of LOCALE_CODES) {
    for (const [id, type] of FIELD_TYPES) {
      if (RESOLVED_BY_ENGINE.has(id)) continue; // resolved by the engine core
      const params = paramsFor(id);
      const kind = type.kind(params);
      for (let row = 0; row < 20; row++) {
        const value = type.generate(cellRng(7, row), cellContext({ locale, row, seed: 7 }), params);
        const issue = problem(id, kind, value);
        if (issue) t.fail(`${locale} ${id} row ${row}: ${issue} ${JSON.stringify(value)}`);
        if (id === 'email' && !EMAIL.test(value as string)) t.fail(`${locale} email ${String(value)}`);
        checked++;
      }
    }
  }
  t.ok(checked > 70_000);
});

t.test('integer stays in [min, max]', async (t) => {
  const integer = FIELD_TYPES.get('integer')!;
  fc.assert(
    fc.property(
      fc.integer(),
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.integer({ min: 0, max: 1e9 }),
      (seed, min, span) => {
        const params = { min, max: min + span };
        const value = integer.generate(cellRng(seed), cellContext(), params) as number;
        return Number.isInteger(value) && value >= min && value <= min + span;
      },
    ),
  );
  t.equal(integer.kind({ min: 0, max: 2 ** 40 }), 'bigint');
  t.equal(integer.kind({ min: 0, max: 100 }), 'integer');
});

t.test('price and decimal honour min, max and precision', async (t) => {
  for (const id of ['price', 'amount', 'decimal']) {
    const type = FIELD_TYPES.get(id)!;
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 4 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (seed, precision, min) => {
          const params = { min, max: min + 500, precision };
          const value = type.generate(cellRng(seed), cellContext(), params) as number;
          const scaled = value * 10 ** precision;
          return (
            value >= min - 1e-9 && value <= min + 500 + 1e-9 && Math.abs(scaled - Math.round(scaled)) < 1e-6
          );
        },
      ),
    );
  }
  t.pass();
});

t.test('enum values and weights', async (t) => {
  const type = FIELD_TYPES.get('enum')!;
  fc.assert(
    fc.property(fc.integer(), fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 6 }), (seed, values) =>
      values.includes(type.generate(cellRng(seed), cellContext(), { values }) as string),
    ),
  );
  const params = { values: ['a', 'b', 'c'], weights: [8, 2, 0] };
  const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
  for (let row = 0; row < 10_000; row++)
    counts[type.generate(cellRng(3, row), cellContext(), params) as string]!++;
  t.equal(counts['c'], 0);
  t.ok(counts['a']! > 7_600 && counts['a']! < 8_400, `a ≈ 80%: ${counts['a']}`);
});

t.test('boolean probability', async (t) => {
  const type = FIELD_TYPES.get('boolean')!;
  let trues = 0;
  for (let row = 0; row < 10_000; row++)
    if (type.generate(cellRng(5, row), cellContext(), { probability: 0.2 })) trues++;
  t.ok(trues > 1_800 && trues < 2_200, `${trues}`);
});

t.test('sequence formula', async (t) => {
  const type = FIELD_TYPES.get('sequence')!;
  fc.assert(
    fc.property(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.integer({ min: 1, max: 100 }),
      fc.nat(1e6),
      (start, step, row) => {
        const value = type.generate(cellRng(1), cellContext({ row }), { start, step });
        return value === String(start + row * step); // a string, as the hosted service gives
      },
    ),
  );
  t.equal(type.generate(cellRng(1), cellContext({ row: 4 }), { prefix: 'INV-', pad: 4 }), 'INV-0005');
  t.equal(type.kind({ prefix: 'A' }), 'text');
});

t.test('datetime and date stay in the window', async (t) => {
  const min = Date.UTC(2000, 0, 1);
  const max = Date.UTC(2030, 0, 1);
  fc.assert(
    fc.property(
      fc.integer(),
      fc.integer({ min, max }),
      fc.integer({ min: 0, max: 5e10 }),
      (seed, lo, span) => {
        const params = { min: new Date(lo).toISOString(), max: new Date(lo + span).toISOString() };
        const dt = FIELD_TYPES.get('datetime')!.generate(cellRng(seed), cellContext(), params) as string;
        const ms = Date.parse(dt);
        return ms >= lo && ms <= lo + span + 999;
      },
    ),
  );
  const d = FIELD_TYPES.get('date')!;
  for (let row = 0; row < 200; row++) {
    const value = d.generate(cellRng(9, row), cellContext(), {
      min: '2024-02-01',
      max: '2024-02-29',
    }) as string;
    if (value < '2024-02-01' || value > '2024-02-29') t.fail(value);
  }
  t.pass();
});

t.test('nth gives distinct values', async (t) => {
  for (const [id, type] of FIELD_TYPES) {
    if (!type.cardinality || !type.nth) continue;
    const params = paramsFor(id);
    const total = Math.min(type.cardinality(params, 'en'), 2_000);
    const seen = new Set<string>();
    for (let n = 0; n < total; n++) seen.add(JSON.stringify(type.nth(n, cellContext({ row: n }), params)));
    t.equal(seen.size, total, `${id}: ${total} distinct`);
  }
  const uuid = FIELD_TYPES.get('uuid')!;
  for (const n of [0, 2 ** 32, 2 ** 40 + 5]) t.match(uuid.nth!(n, cellContext(), {}), UUID);
});

t.test('fast ISO formatting matches Date#toISOString', async (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: Date.UTC(0, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
      (ms) => isoDateTime(ms) === new Date(ms).toISOString(),
    ),
    { numRuns: 20_000 },
  );
  t.equal(isoDateTime(Date.UTC(1969, 11, 31, 23, 59, 59, 999)), '1969-12-31T23:59:59.999Z');
  t.equal(isoDayFromDays(-1), '1969-12-31');
});
