/**
 * Default value shapes: for every type id of the MockHero-compatible list, a value generated without
 * params has the JSON type the hosted service gives. The expectations are data read off the hosted
 * generators (dinosaur24/mockhero, src/lib/engine/field-generators/ and generator.ts): every id not
 * listed below returns a string there (a pick from a list or a filled template).
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { compile, generateRows, type Value } from '../../workers/engine/index.js';

type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

const HOSTED: Readonly<Record<string, JsonType>> = {
  // nextFloat / nextInt / a pick of numbers
  latitude: 'number',
  longitude: 'number',
  price: 'number',
  amount: 'number',
  decimal: 'number',
  float: 'number',
  number: 'number',
  integer: 'number',
  age: 'number',
  rating: 'number',
  confidence_score: 'number',
  port_number: 'number',
  http_status_code: 'number',
  boundary_integer: 'number',
  id: 'number', // start + row × step
  timestamp: 'number', // Unix seconds, Math.floor(ms / 1000)
  boolean: 'boolean',
  // objects
  date_range: 'object', // {start, end}
  json: 'object', // {key, value, active}
  weight: 'object', // {value, unit}
  salary: 'object', // {amount, currency, period}
  token_count: 'object', // {input, output, total}
  // arrays
  embedding_vector: 'array',
  array: 'array',
  // `params.value ?? null`, and an enum with nothing to draw from (the hosted engine writes null)
  constant: 'null',
  enum: 'null',
  // `${prefix}${start + row × step}${suffix}`
  sequence: 'string',
};

/** Ids with no value of their own: `nullable` wraps another type, and a `ref` needs its table. */
const NO_DEFAULT = new Set(['nullable', 'ref']);

const jsonType = (value: Value): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType);

const IDS = readFileSync(new URL('../fixtures/compat-type-ids.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '');

t.test('every listed id gives the hosted JSON type without params', async (t) => {
  t.ok(IDS.length >= 159, `${IDS.length} ids`);
  for (const id of Object.keys(HOSTED)) t.ok(IDS.includes(id), `${id} is a listed id`);
  for (const id of IDS) {
    if (NO_DEFAULT.has(id)) continue;
    const result = compile({
      tables: [{ name: 't', count: 20, fields: [{ name: 'f', type: id }] }],
      seed: 3,
      locale: 'en',
    });
    if (!result.ok) {
      t.fail(`${id}: ${result.error.message}`);
      continue;
    }
    const types = new Set(generateRows(result.plan, 't', 0, 20).map((row) => jsonType(row[0] as Value)));
    t.same([...types], [HOSTED[id] ?? 'string'], id);
  }
});

t.test('an enum without values is null in every row, with a warning naming params.values', async (t) => {
  const result = compile({
    tables: [{ name: 't', count: 3, fields: [{ name: 'f', type: 'enum' }] }],
    seed: 3,
    locale: 'en',
  });
  if (!result.ok) throw new Error(result.error.message);
  t.same(generateRows(result.plan, 't', 0, 3), [[null], [null], [null]]);
  t.match(result.warnings, [/^tables\[0\]\.fields\[0\]\.params\.values: .*null in every row/]);
  const { createTable } = await import('../../workers/output/sql.js');
  t.notMatch(createTable('postgres', result.plan, result.plan.tables[0]!), /NOT NULL/);
});

t.test('an enum given a list that is not one is still refused', async (t) => {
  for (const values of [[], 'active', { a: 1 }]) {
    const result = compile({
      tables: [{ name: 't', count: 1, fields: [{ name: 'f', type: 'enum', params: { values } }] }],
      seed: 3,
      locale: 'en',
    });
    t.equal(result.ok ? undefined : result.error.details[0]?.field, 'tables[0].fields[0].params.values');
  }
});

t.test('a constant without value is null, and its SQL column accepts NULL', async (t) => {
  const result = compile({
    tables: [{ name: 't', count: 2, fields: [{ name: 'c', type: 'constant' }] }],
    seed: 3,
    locale: 'en',
  });
  if (!result.ok) throw new Error(result.error.message);
  t.same(generateRows(result.plan, 't', 0, 2), [[null], [null]]);
  const { createTable } = await import('../../workers/output/sql.js');
  t.notMatch(createTable('postgres', result.plan, result.plan.tables[0]!), /NOT NULL/);
});

t.test('SQL keeps a plain sequence an integer key and a timestamp a BIGINT of seconds', async (t) => {
  const result = compile({
    tables: [
      {
        name: 'a',
        count: 2,
        fields: [
          { name: 'id', type: 'sequence', params: { start: 7 } },
          { name: 'ts', type: 'timestamp', params: { min: '2024-01-01', max: '2024-01-01T00:00:09Z' } },
        ],
      },
      { name: 'b', count: 1, fields: [{ name: 'a_id', type: 'ref', params: { table: 'a' } }] },
    ],
    seed: 3,
    locale: 'en',
  });
  if (!result.ok) throw new Error(result.error.message);
  const { createTable } = await import('../../workers/output/sql.js');
  const { sqlRows } = await import('../../workers/output/rows.js');
  const [a, b] = result.plan.tables;
  t.match(createTable('postgres', result.plan, a!), /"id" INTEGER NOT NULL,\n {2}"ts" BIGINT NOT NULL/);
  const rows = generateRows(result.plan, 'a', 0, 2);
  t.same(
    rows.map((row) => row[0]),
    ['7', '8'],
  );
  const insert = rows.map((row, i) => sqlRows('postgres', a!)(row, i)).join('');
  t.match(insert, /^INSERT INTO "a" \("id", "ts"\) VALUES\n\(7, 170406720\d\),\n\(8, 170406720\d\);\n$/);
  const child = generateRows(result.plan, 'b', 0, 1)[0]!;
  t.match(sqlRows('mysql', b!)(child, 0), /VALUES\n\([78]\);/);
});
