/**
 * `by`: a field drawn from the values of other fields of its row. The keys are computed first whatever
 * the field order, the draw is a pure function of the cell and its keys, and bad names are refused
 * with the schema error.
 */
import fc from 'fast-check';
import t from 'tap';
import { compile, type FieldSpec, type TableSpec } from '../../workers/engine/index.js';
import { KEYED_TYPES } from '../../workers/engine/engine-params.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { afinnScore } from '../realism/story-measures.js';
import { allRows, planOf } from './engine-helpers.js';

const reviews = (fields: FieldSpec[], count = 200): TableSpec[] => [{ name: 'reviews', count, fields }];
const rating: FieldSpec = { name: 'rating', type: 'rating' };
const body: FieldSpec = { name: 'body', type: 'review', params: { by: 'rating' } };

t.test('the types that read `by` are the ones with prepareBy', async (t) => {
  const withBy = [...FIELD_TYPES.values()].filter((type) => type.prepareBy !== undefined).map((x) => x.id);
  t.same([...withBy].sort(), [...KEYED_TYPES].sort());
});

t.test('a keyed field reads its row whatever the field order', async (t) => {
  const before = allRows(planOf(reviews([rating, body]), 7), 'reviews');
  const after = allRows(planOf(reviews([body, rating]), 7), 'reviews');
  t.same(
    after.map(([b, r]) => [r, b]),
    before,
    'the same rating and body, listed either way',
  );
  for (const [stars, text] of before) {
    const score = afinnScore(String(text));
    if (stars !== 3)
      t.ok((stars as number) >= 4 ? score > 0 : score < 0, `${String(stars)}: ${String(text)}`);
  }
});

t.test('adding an unrelated field, or a second reader, changes no value', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat(3), (seed, at) => {
      const base = allRows(planOf(reviews([rating, body], 40), seed), 'reviews');
      const fields: FieldSpec[] = [rating, body];
      fields.splice(at % 3, 0, { name: 'title', type: 'review_title', params: { by: 'rating' } });
      const more = allRows(planOf(reviews(fields, 40), seed), 'reviews');
      const keep = (row: unknown[]) => row.filter((_, i) => i !== at % 3);
      return JSON.stringify(more.map(keep)) === JSON.stringify(base);
    }),
    { numRuns: 40 },
  );
  t.end();
});

t.test('a null key gives the plain draw; a key the type does not know too', async (t) => {
  const rows = allRows(
    planOf(
      reviews([
        { name: 'rating', type: 'rating', nullable: true, params: { null_rate: 0.5 } },
        { name: 'mood', type: 'enum', params: { values: ['x', 'y'] } },
        body,
        { name: 'other', type: 'review', params: { by: 'mood' } },
      ]),
    ),
    'reviews',
  );
  t.ok(rows.some((r) => r[0] === null && typeof r[2] === 'string' && r[2] !== ''));
  t.ok(rows.every((r) => typeof r[3] === 'string' && r[3] !== ''));
});

const refused = (fields: FieldSpec[]) => {
  const result = compile({ seed: 1, locale: 'en', tables: reviews(fields) });
  return result.ok ? null : result.error;
};

t.test('bad `by` values are schema errors at the param', async (t) => {
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: 'stars' } }]), {
    code: 'SCHEMA_ERROR',
    details: [{ field: 'tables[0].fields[1].params.by', message: /"stars" is not defined in "reviews"/ }],
  });
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: 'body' } }]), {
    details: [{ field: 'tables[0].fields[1].params.by', message: /cannot depend on itself/ }],
  });
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: ['rating', 7] } }]), {
    details: [{ field: 'tables[0].fields[1].params.by', message: /by must name a field/ }],
  });
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: [] } }]), {
    details: [{ field: 'tables[0].fields[1].params.by' }],
  });
  t.match(refused([rating, { ...body, unique: true }]), {
    details: [{ field: 'tables[0].fields[1].params.by', message: /cannot be unique/ }],
  });
  t.match(
    refused([
      { name: 'a', type: 'review', params: { by: 'b' } },
      { name: 'b', type: 'review_title', params: { by: 'a' } },
    ]),
    { details: [{ message: /computed from each other/ }] },
  );
});

t.test('`by` on a type that reads no other field is an unknown key, warned and ignored', async (t) => {
  const result = compile({
    seed: 1,
    locale: 'en',
    tables: reviews([rating, { name: 'note', type: 'sentence', params: { by: 'rating' } }]),
  });
  t.ok(result.ok);
  if (result.ok) t.match(result.warnings, [/params\.by: unknown key/]);
});
