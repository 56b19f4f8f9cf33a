import t from 'tap';
import type { RawParams } from '../../workers/engine/field-type.js';
import { compile } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import { column, planOf } from './engine-helpers.js';

function paths(id: string, params: RawParams): string[] {
  return FIELD_TYPES.get(id)!
    .validate(params)
    .map((issue) => issue.path);
}

t.test(
  "a type's validate looks at its own keys only (the compiler refuses unknown ones: unknown-params.test.ts)",
  async (t) => {
    t.same(
      paths('integer', { min: 1, max: 5, null_rate: 0.3, after: 'created_at', unique: true, whatever: [] }),
      [],
    );
    t.same(paths('email', { domain: 'example.com', per_parent: 3 }), []);
  },
);

t.test('numbers and ranges', async (t) => {
  t.same(paths('integer', { min: 10, max: 1 }), ['min']);
  t.same(paths('integer', { min: 'a' }), ['min']);
  t.same(paths('price', { precision: 11 }), ['precision']);
  t.same(paths('decimal', { precision: -1 }), ['precision']);
  t.same(paths('boolean', { probability: 1.5 }), ['probability']);
  t.same(paths('sequence', { step: 0, prefix: 3 }), ['step', 'prefix']);
  t.same(paths('embedding_vector', { dims: 0 }), ['dims']);
  t.same(paths('long_string', { length: 1.5 }), ['length']);
  t.same(paths('integer', { min: 1.5 }), ['min'], 'integer bounds are integers');
  t.same(paths('integer', { max: 2 ** 53 }), ['max'], 'and exact');
  t.same(
    paths('price', { min: -1e308, max: 1e308 }),
    ['min', 'max', 'max'],
    'bounds scaled by 10^2 overflow',
  );
  t.same(paths('number', { max: 1e15, precision: 2 }), ['max'], 'a grid beyond 2^53 loses digits');
  t.same(paths('float', { min: -1e308, max: 1e308, precision: 0 }), ['max'], 'max − min overflows');
  t.same(paths('salary', { max: 1e300 }), ['max']);
  t.same(paths('price', { min: -1e12, max: 1e12 }), [], 'large exact ranges pass');
  t.same(paths('boolean', { probability: null }), [], 'null is the default (documented)');
});

t.test('enum', async (t) => {
  t.same(paths('enum', {}), ['values']);
  t.same(paths('enum', { values: 'a,b' }), ['values']);
  t.same(paths('enum', { values: ['a', 'b', { x: 1 }] }), ['values[2]']);
  t.same(paths('enum', { values: ['a', 'b'], weights: [1] }), ['weights']);
  t.same(paths('enum', { values: ['a', 'b'], weights: [1, -2] }), ['weights[1]']);
  t.same(paths('enum', { values: ['a', 'b'], weights: [1, 2] }), []);
});

t.test('dates', async (t) => {
  t.same(paths('datetime', { min: 'yesterday' }), ['min']);
  t.same(paths('date', { min: '2024-02-30' }), ['min']);
  t.same(paths('timestamp', { min: '2025-01-01', max: '2024-01-01' }), ['min']);
  t.same(paths('datetime', { min: '2024-01-01T10:00:00Z', max: '2024-01-01T12:00:00.000Z' }), []);
  t.same(paths('date_range', { min_gap_days: 5, max_gap_days: 2, min_date: 'x' }), [
    'min_gap_days',
    'min_date',
  ]);
});

t.test('ref, email, sku, array, nullable', async (t) => {
  t.same(paths('array', { params: 'x' }), ['params'], 'element params are an object');
  t.same(paths('ref', {}), ['table']);
  t.same(paths('ref', { table: 'users', distribution: 'zipf', alpha: 0 }), ['distribution', 'alpha']);
  t.same(paths('ref', { table: 'users', per_parent: { min: 3, max: 1 }, allow_self: 'no' }), [
    'allow_self',
    'per_parent.min',
  ]);
  t.same(
    paths('ref', {
      table: 'users',
      field: 'id',
      distribution: 'power_law',
      alpha: 1.2,
      per_parent: { min: 0, max: 3 },
    }),
    [],
  );
  t.same(paths('email', { domain: 'not a domain' }), ['domain']);
  t.same(paths('sku', { prefix: 'AB CD' }), ['prefix']);
  t.same(paths('array', { of: 'nope' }), ['of']);
  t.same(paths('array', { of: 'integer', min: 2, max: 1, params: { min: 5, max: 1 } }), [
    'min',
    'params.min',
  ]);
  t.same(paths('nullable', { of: 'integer', null_rate: 2 }), ['null_rate']);
  t.same(paths('constant', {}), [], 'no value: null, as the hosted service gives');
});

t.test('text by meaning and animals: an unknown domain or kind is refused at its key', async (t) => {
  for (const id of ['note', 'diagnosis', 'domain_text'])
    t.same(paths(id, { domain: 'astrology' }), ['domain'], `${id}: unknown domain`);
  t.same(paths('note', { domain: 7 }), ['domain'], 'a domain is a string');
  t.same(paths('note', { domain: 'veterinary' }), []);
  t.same(paths('animal_species', { kind: 'zoo' }), ['kind']);
  t.same(paths('animal_species', { kind: true }), ['kind']);
  t.same(paths('animal_species', { kind: 'pet' }), []);
});

t.test('a specialty is human or veterinary: another domain is refused, a vet’s are a vet’s', async (t) => {
  t.same(paths('medical_specialty', { domain: 'dragon' }), ['domain']);
  t.same(paths('medical_specialty', { domain: 3 }), ['domain']);
  t.same(paths('medical_specialty', { domain: 'veterinary' }), []);
  const field = { name: 'specialty', type: 'medical_specialty', unique: true };
  const refused = compile({
    seed: 1,
    locale: 'en',
    tables: [{ name: 'clinics', count: 3, fields: [{ ...field, params: { domain: 'dragon' } }] }],
  });
  t.match(refused, { ok: false, error: { code: 'SCHEMA_ERROR', details: [{ field: /params\.domain$/ }] } });
  const vet = column(
    planOf([{ name: 'clinics', count: 11, fields: [{ ...field, params: { domain: 'veterinary' } }] }]),
    'clinics',
    'specialty',
  );
  t.equal(new Set(vet).size, 11, 'every veterinary specialty once');
  t.notOk(vet.includes('Obstetrics and Gynecology'));
  t.ok(vet.includes('Exotic Animal Medicine'));
  const human = column(planOf([{ name: 'doctors', count: 16, fields: [field] }]), 'doctors', 'specialty');
  t.ok(human.includes('Obstetrics and Gynecology') && !human.includes('Exotic Animal Medicine'));
});
