/**
 * Unknown params keys are served (the interface allows extra keys) and each is named in a warning with
 * the closest known key; engine-level keys are known on every type they apply to.
 */
import t from 'tap';
import { ENGINE_PARAMS } from '../../workers/engine/engine-params.js';
import { compile, type FieldSpec } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { column, planOf } from './engine-helpers.js';

function errorOf(fields: FieldSpec[]) {
  const result = compile({ tables: [{ name: 'users', count: 3, fields }], seed: 1, locale: 'en' });
  return result.ok ? undefined : result.error;
}

/** The warnings of a request that must compile. */
function warningsOf(fields: FieldSpec[]): string[] {
  const result = compile({ tables: [{ name: 'users', count: 3, fields }], seed: 1, locale: 'en' });
  if (!result.ok) throw new Error(result.error.message);
  return result.warnings;
}

t.test('a misspelt key is served, named in a warning with the closest known key', async (t) => {
  t.same(warningsOf([{ name: 'mail', type: 'email', params: { domian: 'x.com' } }]), [
    'tables[0].fields[0].params.domian: unknown key, ignored; did you mean domain?',
  ]);
  t.same(
    warningsOf([
      { name: 'a', type: 'integer' },
      { name: 'n', type: 'integer', params: { mni: 5 } },
    ]),
    ['tables[0].fields[1].params.mni: unknown key, ignored; did you mean min?'],
  );
  t.same(warningsOf([{ name: 'mail', type: 'email' }]), [], 'none without unknown keys');
});

t.test('known keys keep working beside unknown ones, whose values are ignored', async (t) => {
  const fields = (params: Record<string, unknown>): FieldSpec[] => [{ name: 'n', type: 'integer', params }];
  const values = (params: Record<string, unknown>) =>
    column(planOf([{ name: 't', count: 50, fields: fields(params) }]), 't', 'n');
  t.same(values({ min: 3, max: 5, bogus: { deep: [1] } }), values({ min: 3, max: 5 }));
  t.ok(values({ min: 3, max: 5, bogus: 1 }).every((v) => Number(v) >= 3 && Number(v) <= 5));
});

t.test('suggestions come from the type and the engine keys; far-off keys get none', async (t) => {
  const first = (fields: FieldSpec[]) => warningsOf(fields)[0];
  t.match(first([{ name: 'd', type: 'date_past', params: { max_day: 3 } }]), /did you mean max_days\?$/);
  t.match(first([{ name: 'n', type: 'integer', params: { nul_rate: 0.1 } }]), /did you mean null_rate\?$/);
  t.match(
    first([{ name: 'v', type: 'embedding_vector', params: { dimension: 3 } }]),
    /did you mean dimensions\?$/,
  );
  t.equal(
    first([{ name: 'e', type: 'email', params: { bogus: 1 } }]),
    'tables[0].fields[0].params.bogus: unknown key, ignored',
  );
  t.match(
    first([{ name: 'u', type: 'uuid', params: { format: 'v7' } }]),
    /^tables\[0\]\.fields\[0\]\.params\.format: /,
  );
});

t.test('every unknown key is named, and other problems are still refused', async (t) => {
  t.same(
    warningsOf([
      { name: 'a', type: 'integer', params: { maxx: 3 } },
      { name: 'b', type: 'email', params: { distribusion: 'uniform', x: 1 } },
    ]),
    [
      'tables[0].fields[0].params.maxx: unknown key, ignored; did you mean max?',
      'tables[0].fields[1].params.distribusion: unknown key, ignored',
      'tables[0].fields[1].params.x: unknown key, ignored',
    ],
  );
  const error = errorOf([{ name: 'a', type: 'integer', params: { min: 'x', maxx: 3 } }]);
  t.equal(error?.code, 'SCHEMA_ERROR');
  t.same(
    error?.details.map((d) => d.field),
    ['tables[0].fields[0].params.min'],
    'the bad value is refused; the unknown key is no refusal',
  );
});

t.test('unique and nullable in params point to the field', async (t) => {
  t.match(warningsOf([{ name: 'a', type: 'integer', params: { unique: true } }])[0], /belongs on the field/);
});

t.test('engine-level keys are known on every type they apply to, and only there', async (t) => {
  const samples: Record<string, unknown> = {
    null_rate: 0.2,
    primary_key: false,
    after: 'x',
    before: 'x',
    max_gap_days: 3,
    max_gap: 3,
    min_gap_days: 1,
    min_gap: 1,
    per_row_locale: false,
    after_parents: false,
    ascending: false,
    in_order: false,
    distinct: false,
    when: { field: 'x', in: ['a'] },
    by: 'x',
  };
  t.same(Object.keys(samples).sort(), ENGINE_PARAMS.map((p) => p.key).sort(), 'one sample per key');
  for (const param of ENGINE_PARAMS) {
    for (const id of FIELD_TYPES.keys()) {
      const applies = param.types === undefined || param.types.includes(id);
      const result = compile({
        tables: [
          {
            name: 'users',
            count: 3,
            fields: [{ name: 'f', type: id, params: { [param.key]: samples[param.key] } }],
          },
        ],
        seed: 1,
        locale: 'en',
      });
      const warned = result.ok && result.warnings.some((w) => w.includes(`params.${param.key}: unknown key`));
      if (applies && warned) t.fail(`${param.key} unknown on ${id}`);
      if (!applies && result.ok && !warned) t.fail(`${param.key} known on ${id}`);
    }
  }
  t.pass('checked');
});

t.test('nullable takes its inner type params; array element params are checked too', async (t) => {
  t.same(
    warningsOf([{ name: 'a', type: 'nullable', params: { of: 'integer', min: 1, max: 3, null_rate: 0.5 } }]),
    [],
  );
  t.match(
    warningsOf([{ name: 'a', type: 'nullable', params: { of: 'integer', minn: 1 } }])[0],
    /did you mean min\?$/,
  );
  t.same(warningsOf([{ name: 'a', type: 'array', params: { of: 'email', params: { domian: 'x.com' } } }]), [
    'tables[0].fields[0].params.params.domian: unknown key, ignored; did you mean domain?',
  ]);
  t.match(
    warningsOf([{ name: 'a', type: 'array', params: { of: 'integer', params: { null_rate: 0.5 } } }])[0],
    /^tables\[0\]\.fields\[0\]\.params\.params\.null_rate: unknown key, ignored/,
    'no engine keys inside',
  );
  const error = errorOf([
    { name: 'a', type: 'array', params: { of: 'integer', params: { min: 'x', bad: 1 } } },
  ]);
  t.same(
    error?.details.map((d) => d.field),
    ['tables[0].fields[0].params.params.min'],
    'element errors still refuse',
  );
  const nested = errorOf([{ name: 'a', type: 'nullable', params: { of: 'integer', min: 'x' } }]);
  t.equal(nested?.details[0]?.field, 'tables[0].fields[0].params.min');
});

t.test('weights of the wrong length are refused (the hosted service writes null)', async (t) => {
  const error = errorOf([
    { name: 'g', type: 'gender', params: { values: ['a', 'b', 'c'], weights: [1, 2] } },
  ]);
  t.equal(error?.code, 'SCHEMA_ERROR');
  t.equal(error?.details[0]?.field, 'tables[0].fields[0].params.weights');
  t.match(error?.details[0]?.message, /one entry per value/);
});

t.test('a hosted key and ours for one setting are not mixed', async (t) => {
  const fields = (type: string, params: Record<string, unknown>) =>
    errorOf([{ name: 'f', type, params }])?.details[0]?.field;
  t.equal(fields('embedding_vector', { dims: 3, dimensions: 4 }), 'tables[0].fields[0].params.dimensions');
  t.equal(fields('date_past', { min: '2024-01-01', max_days: 4 }), 'tables[0].fields[0].params.max_days');
  t.equal(fields('array', { min: 1, min_length: 2 }), 'tables[0].fields[0].params.min_length');
  t.equal(fields('paragraph', { sentences: 2, max: 4 }), 'tables[0].fields[0].params.sentences');
  t.equal(fields('password_hash', { algorithm: 'argon2', rounds: 12 }), 'tables[0].fields[0].params.rounds');
});
