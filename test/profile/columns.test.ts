/**
 * One column of a profile, from sampled values: what leaves (aggregates, shared labels, shapes) and
 * what never does (values of personal types, rare labels, keys), for every column kind.
 */
import t from 'tap';
import {
  asInstant,
  type ColumnFacts,
  profileColumn,
  roundSignificant,
  valueShape,
} from '../../src/profile/columns.js';

const facts = (over: Partial<ColumnFacts> & { field: ColumnFacts['field'] }): ColumnFacts => ({
  kind: 'text',
  key: false,
  nullable: true,
  ...over,
});
const K = { minGroup: 10 };
const repeat = <T>(value: T, n: number): T[] => Array.from({ length: n }, () => value);

t.test('labels shared by K rows become weighted categories; rarer ones never leave', (t) => {
  const values = [
    ...repeat('gold', 70),
    ...repeat('silver', 25),
    ...repeat('secret-x', 5),
    ...repeat(null, 20),
  ];
  const field = profileColumn(facts({ field: { name: 'tier', type: 'text' } }), values, K);
  t.same(field.type, 'enum');
  t.same(field.params?.['values'], ['gold', 'silver']);
  t.same(field.params?.['weights'], [0.7368, 0.2632]);
  t.equal(field.params?.['null_rate'], 0.1667);
  t.notMatch(JSON.stringify(field), /secret-x/, 'a label of 5 rows is left out');
  t.end();
});

t.test('personal types are never categories, however often a value repeats', (t) => {
  for (const type of ['first_name', 'city', 'email', 'phone', 'street_address']) {
    const field = profileColumn(facts({ field: { name: 'x', type } }), repeat('Zorvandeth', 100), K);
    t.notMatch(JSON.stringify(field), /Zorvandeth/, type);
  }
  t.end();
});

t.test('shapes are recognized, values not kept', (t) => {
  t.equal(valueShape(['a@b.io', 'c@d.org']), 'email');
  t.equal(valueShape(['550e8400-e29b-41d4-a716-446655440000']), 'uuid');
  t.equal(valueShape(['https://x.example/a', 'http://y.example']), 'url');
  t.equal(valueShape(['+44 7700 900123', '(555) 010-2030']), 'phone');
  t.equal(valueShape(['hello there', 'a@b.io']), undefined);
  t.equal(valueShape([]), undefined);
  const contact = profileColumn(
    facts({ field: { name: 'contact', type: 'text' } }),
    Array.from({ length: 50 }, (_, i) => `p${i}@corp.example`),
    K,
  );
  t.same(contact, { name: 'contact', type: 'email' }, 'an email type');
  const key = profileColumn(
    facts({ field: { name: 'ref_code', type: 'text', unique: true }, key: true, nullable: false }),
    Array.from({ length: 50 }, (_, i) => `https://x.example/${i}`),
    K,
  );
  t.same(key, { name: 'ref_code', type: 'url', unique: true });
  t.end();
});

t.test('numbers: range inward, percentiles, or categories when few values repeat', (t) => {
  const numbers = Array.from({ length: 1000 }, (_, i) => 1.234 + i * 1.5);
  const decimal = profileColumn(
    facts({
      field: { name: 'amount', type: 'amount', params: { precision: 2 } },
      kind: 'decimal',
      nullable: false,
    }),
    numbers.map(String),
    K,
  );
  t.equal(decimal.type, 'number');
  t.equal(decimal.params?.['min'], 1.24, 'min rounded up');
  t.equal(decimal.params?.['max'], 1490, 'max rounded down (1499.73)');
  t.equal((decimal.params?.['quantiles'] as number[][]).length, 15);
  const integer = profileColumn(
    facts({ field: { name: 'n', type: 'number' }, kind: 'bigint', nullable: false }),
    Array.from({ length: 500 }, (_, i) => BigInt(i * 7)),
    K,
  );
  t.equal(integer.type, 'integer');
  const float = profileColumn(
    facts({ field: { name: 'r', type: 'float' }, kind: 'float' }),
    [0.5, 1.5, 2.25],
    K,
  );
  t.equal(float.type, 'float');
  const rating = profileColumn(
    facts({ field: { name: 'stars', type: 'number' }, kind: 'integer' }),
    [...repeat(5, 60), ...repeat(4, 30), ...repeat(1, 10)],
    K,
  );
  t.same(rating.params?.['values'], [5, 4, 1]);
  t.end();
});

t.test('catalog enums keep their labels and get measured weights', (t) => {
  const field = profileColumn(
    facts({ field: { name: 'status', type: 'enum', params: { values: ['a', 'b', 'c'] } }, nullable: false }),
    [...repeat('a', 3), 'b'],
    K,
  );
  t.same(field.params, { values: ['a', 'b', 'c'], weights: [0.75, 0.25, 0] });
  t.end();
});

t.test('booleans, dates, free text and empty columns', (t) => {
  const flag = profileColumn(
    facts({ field: { name: 'ok', type: 'boolean' }, kind: 'boolean' }),
    [true, 1, 't', false],
    K,
  );
  t.same(flag.params, { probability: 0.75 });
  const day = profileColumn(
    facts({ field: { name: 'born', type: 'date_of_birth' }, kind: 'date', nullable: false }),
    ['1990-05-01', '2001-12-31'],
    K,
  );
  t.same(day, { name: 'born', type: 'date', params: { min: '1990-05-01', max: '2001-12-31' } });
  const at = profileColumn(
    facts({ field: { name: 'at', type: 'datetime' }, kind: 'datetime', nullable: false }),
    [new Date('2024-01-01T10:00:30Z'), '2024-02-01 08:00:00', '2024-01-15T00:00:00+02'],
    K,
  );
  t.same(
    at.params,
    { min: '2024-01-01T10:01:00.000Z', max: '2024-02-01T08:00:00.000Z' },
    'inward to the minute',
  );
  const notes = profileColumn(
    facts({ field: { name: 'notes', type: 'sentence' } }),
    Array.from({ length: 100 }, (_, i) => `${'word '.repeat(3 + (i % 10))}n${i}`),
    K,
  );
  t.same(notes.type, 'sentence');
  t.ok((notes.params?.['min_words'] as number) >= 3 && (notes.params?.['max_words'] as number) <= 13);
  const empty = { name: 'e', type: 'sentence' };
  t.same(profileColumn(facts({ field: empty }), [], K), empty, 'an empty table keeps the detected field');
  t.same(profileColumn(facts({ field: empty }), [null, null], K).params, { null_rate: 1 });
  t.end();
});

t.test('rounding and instants', (t) => {
  t.equal(roundSignificant(12345, 1), 12400);
  t.equal(roundSignificant(12345, -1), 12300);
  t.equal(roundSignificant(-0.012345, 0), -0.0123);
  t.equal(roundSignificant(0, 1), 0);
  t.equal(asInstant('2024-01-02'), Date.UTC(2024, 0, 2));
  t.equal(asInstant('2024-01-02 03:04:05'), Date.UTC(2024, 0, 2, 3, 4, 5));
  t.equal(asInstant('2024-01-02T03:04:05.000Z'), Date.UTC(2024, 0, 2, 3, 4, 5));
  t.equal(asInstant('2024-01-02 03:04:05+01'), Date.UTC(2024, 0, 2, 2, 4, 5));
  t.end();
});
