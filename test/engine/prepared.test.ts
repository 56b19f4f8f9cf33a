/**
 * The FieldType fast paths the engine prefers: `prepare(params)` must return exactly what
 * `generate(rng, ctx, params)` returns, and `prepareWindow(params)` the instant of what `generate` returns
 * with `min`/`max` tightened to ISO texts (the engine's former path for after/before).
 */
import fc from 'fast-check';
import t from 'tap';
import type { RawParams } from '../../workers/engine/field-type.js';
import { isoDate, isoInstant, parseIsoMs } from '../../workers/engine/iso-time.js';
import { LOCALE_CODES } from '../../workers/engine/locales/index.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { cellContext, cellRng, paramsFor } from './cell-context.js';

const DAY = 86_400_000;
const seed = fc.integer({ min: 0, max: 0xffffffff });
const iso = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());
const isoDay = iso.map((text) => text.slice(0, 10));

/** Params worth trying per type with a prepare(); default params are tried for every type. */
const PARAMS: Readonly<Record<string, fc.Arbitrary<RawParams>>> = {
  boolean: fc.record({ probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
  integer: fc
    .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }))
    .map(([min, span]) => ({ min, max: min + span })),
  number: fc.record(
    {
      min: fc.integer({ min: -1000, max: 0 }),
      max: fc.integer({ min: 1, max: 1000 }),
      precision: fc.integer({ min: 0, max: 4 }),
    },
    { requiredKeys: [] },
  ),
  float: fc.record({ min: fc.integer({ min: -1000, max: 0 }), precision: fc.integer({ min: 0, max: 6 }) }),
  price: fc.record({ min: fc.integer({ min: 0, max: 50 }), precision: fc.integer({ min: 0, max: 3 }) }),
  enum: fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 5 }).chain((values) =>
    fc.record({
      values: fc.constant(values),
      weights: fc
        .array(fc.nat(9), { minLength: values.length, maxLength: values.length })
        .map((w) => [...w.slice(1), 1]),
    }),
  ),
  email: fc.record({ domain: fc.constantFrom('example.com', 'mail.test') }, { requiredKeys: [] }),
  datetime: fc.record({ min: iso, max: iso }, { requiredKeys: [] }),
  date: fc.record({ min: isoDay, max: isoDay }, { requiredKeys: [] }),
};

t.test('prepare(params) generates what generate(params) does', async (t) => {
  const prepared = [...FIELD_TYPES].filter(([, type]) => type.prepare !== undefined);
  t.ok(prepared.length >= 10, 'the hot types have a fast path');
  for (const [id, type] of prepared) {
    const extra = PARAMS[id] ?? fc.constant({});
    fc.assert(
      fc.property(seed, fc.constantFrom(...LOCALE_CODES), extra, (s, locale, more) => {
        const params = { ...paramsFor(id), ...more };
        if (type.validate(params).length > 0) return true; // prepare() takes validated params
        const generate = type.prepare!(params);
        for (let row = 0; row < 5; row++) {
          const ctx = cellContext({ locale, row, seed: s, fieldName: 'age' });
          const want = type.generate(cellRng(s, row), ctx, params);
          const got = generate(cellRng(s, row), ctx);
          if (JSON.stringify(got) !== JSON.stringify(want)) return false;
        }
        return true;
      }),
      { numRuns: 60 },
    );
  }
});

t.test('prepareWindow(params) draws the instant generate draws for the ISO window', async (t) => {
  const windowed = [...FIELD_TYPES].filter(([, type]) => type.prepareWindow !== undefined);
  t.ok(windowed.length >= 6, 'every date type with min/max has a window fast path');
  for (const [id, type] of windowed) {
    const dateKind = type.kind({}) === 'date';
    fc.assert(
      fc.property(
        seed,
        fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 0, max: 400 * DAY }),
        (s, lo, span) => {
          const hi = lo + span;
          // What the engine passes: the instants the texts parse to (a date: its days' first and last ms).
          const minText = dateKind ? isoDate(lo) : isoInstant(lo);
          const maxText = dateKind ? isoDate(hi) : isoInstant(hi);
          const min = parseIsoMs(minText);
          const max = parseIsoMs(maxText) + (dateKind ? DAY - 1 : 0);
          const want = type.generate(cellRng(s), cellContext(), { min: minText, max: maxText });
          const ms = type.prepareWindow!({})(cellRng(s), cellContext(), min, max);
          if (type.kind({}) === 'epoch') return ms / 1000 === want; // Unix seconds
          return (dateKind ? isoDate(ms) : isoInstant(ms)) === want;
        },
      ),
      { numRuns: 200 },
    );
    t.pass(id);
  }
});
