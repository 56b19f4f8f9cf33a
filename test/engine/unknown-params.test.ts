/** Unknown params keys are refused with the closest known key; engine-level keys pass on every type. */
import t from 'tap';
import { ENGINE_PARAMS } from '../../workers/engine/engine-params.js';
import { compile, type FieldSpec } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';

function errorOf(fields: FieldSpec[]) {
  const result = compile({ tables: [{ name: 'users', count: 3, fields }], seed: 1, locale: 'en' });
  return result.ok ? undefined : result.error;
}

t.test('a misspelt key is a SCHEMA_ERROR naming the field and key, with the closest known key', async (t) => {
  const error = errorOf([{ name: 'mail', type: 'email', params: { domian: 'x.com' } }]);
  t.equal(error?.code, 'SCHEMA_ERROR');
  t.same(error?.details, [
    {
      field: 'tables[0].fields[0].params.domian',
      message: 'unknown param "domian" for type "email"; did you mean "domain"?',
      suggestion: 'domain',
    },
  ]);
  t.match(error?.message, /params\.domian/);
});

t.test('suggestions come from the type and the engine keys; far-off keys get none', async (t) => {
  const first = (fields: FieldSpec[]) => errorOf(fields)?.details[0];
  t.equal(first([{ name: 'd', type: 'date_past', params: { max_day: 3 } }])?.suggestion, 'max_days');
  t.equal(first([{ name: 'n', type: 'integer', params: { nul_rate: 0.1 } }])?.suggestion, 'null_rate');
  t.equal(
    first([{ name: 'v', type: 'embedding_vector', params: { dimension: 3 } }])?.suggestion,
    'dimensions',
  );
  const far = first([{ name: 'e', type: 'email', params: { bogus: 1 } }]);
  t.equal(far?.field, 'tables[0].fields[0].params.bogus');
  t.equal(far?.suggestion, undefined);
  t.equal(
    first([{ name: 'u', type: 'uuid', params: { format: 'v7' } }])?.field,
    'tables[0].fields[0].params.format',
  );
});

t.test('every unknown key is reported, with the other problems', async (t) => {
  const error = errorOf([
    { name: 'a', type: 'integer', params: { min: 'x', maxx: 3 } },
    { name: 'b', type: 'ref', params: { table: 'users', distribusion: 'uniform' } },
  ]);
  t.same(
    error?.details.map((d) => d.field),
    [
      'tables[0].fields[0].params.min',
      'tables[0].fields[0].params.maxx',
      'tables[0].fields[1].params.distribusion',
    ],
  );
});

t.test('unique and nullable in params point to the field', async (t) => {
  const detail = errorOf([{ name: 'a', type: 'integer', params: { unique: true } }])?.details[0];
  t.match(detail?.message, /belongs on the field/);
});

t.test('engine-level keys pass on every type they apply to, and only there', async (t) => {
  const samples: Record<string, unknown> = {
    null_rate: 0.2,
    primary_key: false,
    after: 'x',
    before: 'x',
    max_gap_days: 3,
    max_gap: 3,
    per_row_locale: false,
    after_parents: false,
    when: { field: 'x', in: ['a'] },
  };
  t.same(Object.keys(samples).sort(), ENGINE_PARAMS.map((p) => p.key).sort(), 'one sample per key');
  for (const param of ENGINE_PARAMS) {
    for (const id of FIELD_TYPES.keys()) {
      const applies = param.types === undefined || param.types.includes(id);
      const details =
        errorOf([{ name: 'f', type: id, params: { [param.key]: samples[param.key] } }])?.details.filter((d) =>
          d.message.startsWith('unknown param'),
        ) ?? [];
      if (applies && details.length > 0) t.fail(`${param.key} refused on ${id}`);
      if (!applies && details.length === 0) t.fail(`${param.key} accepted on ${id}`);
    }
  }
  t.pass('checked');
});

t.test('nullable takes its inner type params; array element params are checked too', async (t) => {
  t.equal(
    errorOf([{ name: 'a', type: 'nullable', params: { of: 'integer', min: 1, max: 3, null_rate: 0.5 } }]),
    undefined,
  );
  const inner = errorOf([{ name: 'a', type: 'nullable', params: { of: 'integer', minn: 1 } }])?.details[0];
  t.equal(inner?.suggestion, 'min');
  const element = errorOf([
    { name: 'a', type: 'array', params: { of: 'email', params: { domian: 'x.com' } } },
  ]);
  t.same(error2(element), ['tables[0].fields[0].params.params.domian', 'domain']);
  const engineInside = errorOf([
    { name: 'a', type: 'array', params: { of: 'integer', params: { null_rate: 0.5 } } },
  ]);
  t.equal(
    engineInside?.details[0]?.field,
    'tables[0].fields[0].params.params.null_rate',
    'no engine keys inside',
  );
});

function error2(error: ReturnType<typeof errorOf>) {
  return [error?.details[0]?.field, error?.details[0]?.suggestion];
}

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
