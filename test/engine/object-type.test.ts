import t from 'tap';
import { compile, generateRecords } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';

const paths = (id: string, params: Record<string, unknown>): string[] =>
  FIELD_TYPES.get(id)!
    .validate(params)
    .filter((i) => i.warning !== true)
    .map((i) => i.path);

function rows(fields: unknown[], count = 40): Record<string, unknown>[] {
  const result = compile({
    tables: [{ name: 't', count, fields }] as never,
    locale: 'en',
    seed: 7,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return generateRecords(result.plan, 't', 0, count) as Record<string, unknown>[];
}

t.test('object: every key has its own type, params and nulls, and objects nest', async (t) => {
  const address = {
    type: 'object',
    params: {
      properties: {
        city: { type: 'city' },
        zip: { type: 'integer', params: { min: 10000, max: 99999 } },
        note: { type: 'word', nullable: true, null_rate: 0.5 },
        tags: { type: 'array', params: { of: 'enum', min: 2, max: 2, params: { values: ['a', 'b'] } } },
        geo: { type: 'object', params: { properties: { lat: { type: 'latitude' } } } },
      },
    },
  };
  const out = rows([{ name: 'address', ...address }]);
  let nulls = 0;
  for (const row of out) {
    const a = row['address'] as Record<string, unknown>;
    t.same(Object.keys(a), ['city', 'zip', 'note', 'tags', 'geo']);
    t.type(a['city'], 'string');
    t.ok(Number.isInteger(a['zip']) && (a['zip'] as number) >= 10000 && (a['zip'] as number) <= 99999);
    if (a['note'] === null) nulls++;
    t.equal((a['tags'] as unknown[]).length, 2);
    t.type((a['geo'] as Record<string, unknown>)['lat'], 'number');
  }
  t.ok(nulls > 5 && nulls < 35, `about half the notes are null (${nulls}/40)`);
  t.same(rows([{ name: 'address', ...address }]), out, 'the same seed gives the same objects');
});

t.test('object: a key named __proto__ is a key', async (t) => {
  const properties = JSON.parse('{"__proto__": {"type": "word"}}') as unknown;
  const [row] = rows([{ name: 'o', type: 'object', params: { properties } }], 1);
  const o = row!['o'] as Record<string, unknown>;
  t.ok(Object.prototype.hasOwnProperty.call(o, '__proto__'));
  t.equal(Object.getPrototypeOf(o), Object.prototype);
});

t.test('object: bad properties are refused with their path', async (t) => {
  t.same(paths('object', {}), ['properties']);
  t.same(paths('object', { properties: [] }), ['properties']);
  t.same(paths('object', { properties: { a: 'word' } }), ['properties.a']);
  t.same(paths('object', { properties: { a: {} } }), ['properties.a.type']);
  t.same(paths('object', { properties: { a: { type: 'nope' } } }), ['properties.a.type']);
  t.same(paths('object', { properties: { a: { type: 'ref', params: { table: 'x' } } } }), [
    'properties.a.type',
  ]);
  t.same(paths('object', { properties: { a: { type: 'integer', params: { min: 5, max: 1 } } } }), [
    'properties.a.params.min',
  ]);
  t.same(paths('object', { properties: { a: { type: 'word', nullable: 'yes', null_rate: 2, other: 1 } } }), [
    'properties.a.other',
    'properties.a.nullable',
    'properties.a.null_rate',
  ]);
});

t.test('array unique: no two elements are equal', async (t) => {
  const out = rows([
    {
      name: 'tags',
      type: 'array',
      params: { of: 'enum', min: 3, max: 3, unique: true, params: { values: ['a', 'b', 'c'] } },
    },
    {
      name: 'n',
      type: 'array',
      params: { of: 'integer', min: 5, max: 5, unique: true, params: { min: 1, max: 6 } },
    },
  ]);
  for (const row of out) {
    const tags = row['tags'] as string[];
    t.same([...tags].sort(), ['a', 'b', 'c']);
    t.equal(new Set(row['n'] as number[]).size, 5);
  }
  t.same(paths('array', { unique: 'yes' }), ['unique']);
});
