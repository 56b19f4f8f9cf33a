import fc from 'fast-check';
import t from 'tap';
import { compile, generateRows, type TableSpec } from '../../workers/engine/index.js';
import { allRows, column, planOf, usersTable } from './engine-helpers.js';

const run = (tables: unknown, seed = 1) => compile({ tables: tables as TableSpec[], seed, locale: 'en' });

function failure(tables: unknown) {
  const result = run(tables);
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

t.test('unknown type: SCHEMA_ERROR with the field path and a suggestion', (t) => {
  const error = failure([
    {
      name: 'u',
      count: 1,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'mail', type: 'emial' },
      ],
    },
  ]);
  t.equal(error.code, 'SCHEMA_ERROR');
  t.match(error.details[0], { field: 'tables[0].fields[1].type', suggestion: 'email' });
  t.match(error.message, /emial/);
  t.end();
});

t.test('references to undefined tables and fields', (t) => {
  const table = failure([
    { name: 'orders', count: 1, fields: [{ name: 'c', type: 'ref', params: { table: 'customers' } }] },
  ]);
  t.equal(table.code, 'SCHEMA_ERROR');
  t.equal(table.details[0]?.field, 'tables[0].fields[0].params.table');
  const field = failure([
    { name: 'customers', count: 1, fields: [{ name: 'id', type: 'uuid' }] },
    {
      name: 'orders',
      count: 1,
      fields: [{ name: 'c', type: 'ref', params: { table: 'customers', field: 'email' } }],
    },
  ]);
  t.equal(field.details[0]?.field, 'tables[1].fields[0].params.field');
  t.match(field.details[0]?.message, /no field "email"/);
  const noKey = failure([
    { name: 'notes', count: 1, fields: [{ name: 'text', type: 'sentence' }] },
    { name: 'x', count: 1, fields: [{ name: 'n', type: 'ref', params: { table: 'notes' } }] },
  ]);
  t.match(noKey.details[0]?.message, /no primary key/);
  t.end();
});

t.test('cycles are DEPENDENCY_CYCLE naming the cycle', (t) => {
  const error = failure([
    {
      name: 'a',
      count: 2,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'b_id', type: 'ref', params: { table: 'b' } },
      ],
    },
    {
      name: 'b',
      count: 2,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'a_id', type: 'ref', params: { table: 'a' } },
      ],
    },
  ]);
  t.equal(error.code, 'DEPENDENCY_CYCLE');
  t.match(error.message, 'a -> b -> a');
  t.same(
    error.details.map((d) => d.field),
    ['tables[0].fields[1].params.table', 'tables[1].fields[1].params.table'],
  );
  // A nullable ref between two tables does not break the cycle: SQL output must insert parents first.
  const nullable = failure([
    {
      name: 'a',
      count: 2,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'b_id', type: 'ref', nullable: true, params: { table: 'b' } },
      ],
    },
    {
      name: 'b',
      count: 2,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'a_id', type: 'ref', params: { table: 'a' } },
      ],
    },
  ]);
  t.equal(nullable.code, 'DEPENDENCY_CYCLE');
  const self = failure([
    {
      name: 'employees',
      count: 3,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'manager_id', type: 'ref', params: { table: 'employees' } },
      ],
    },
  ]);
  t.equal(self.code, 'DEPENDENCY_CYCLE');
  t.match(self.message, 'employees -> employees');
  t.end();
});

t.test('a nullable self-reference works and points to earlier rows', (t) => {
  const plan = planOf([
    {
      name: 'employees',
      count: 200,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'manager_id', type: 'ref', nullable: true, params: { table: 'employees', null_rate: 0.1 } },
      ],
    },
  ]);
  const rows = allRows(plan, 'employees');
  t.equal(rows[0]?.[1], null);
  const ids = new Map(rows.map((r, i) => [r[0], i]));
  const bad = rows.filter((r, i) => r[1] !== null && !((ids.get(r[1]) ?? i) < i));
  t.same(bad, []);
  t.ok(rows.filter((r) => r[1] !== null).length > 150);
  t.same(plan.tables[0]?.foreignKeys, [{ field: 'manager_id', table: 'employees', references: 'id' }]);
  t.end();
});

t.test('infeasible uniqueness and per_parent are caught up front', (t) => {
  const small = failure([
    {
      name: 'u',
      count: 20,
      fields: [{ name: 'n', type: 'integer', unique: true, params: { min: 1, max: 10 } }],
    },
  ]);
  t.equal(small.code, 'SCHEMA_ERROR');
  t.equal(small.details[0]?.field, 'tables[0].fields[0].unique');
  t.match(small.details[0]?.message, /only 10 distinct/);
  const noNth = failure([{ name: 'u', count: 2, fields: [{ name: 's', type: 'sentence', unique: true }] }]);
  t.match(noNth.details[0]?.message, /cannot guarantee unique/);
  const parents = { name: 'p', count: 10, fields: [{ name: 'id', type: 'uuid' }] };
  const perParent = failure([
    parents,
    {
      name: 'c',
      count: 5,
      fields: [{ name: 'p_id', type: 'ref', params: { table: 'p', per_parent: { min: 1, max: 3 } } }],
    },
  ]);
  t.equal(perParent.details[0]?.field, 'tables[1].fields[0].params.per_parent');
  t.match(perParent.details[0]?.message, /from 10 to 30, not 5/);
  const pairs = failure([
    parents,
    { name: 'q', count: 3, fields: [{ name: 'id', type: 'uuid' }] },
    {
      name: 'j',
      count: 31,
      unique: [['a', 'b']],
      fields: [
        { name: 'a', type: 'ref', params: { table: 'p' } },
        { name: 'b', type: 'ref', params: { table: 'q' } },
      ],
    },
  ]);
  t.equal(pairs.details[0]?.field, 'tables[2].unique[0]');
  t.match(pairs.details[0]?.message, /only 30 distinct combinations/);
  const oneToOne = failure([
    parents,
    { name: 'c', count: 11, fields: [{ name: 'p_id', type: 'ref', unique: true, params: { table: 'p' } }] },
  ]);
  t.match(oneToOne.details[0]?.message, /count <= 10/);
  t.end();
});

t.test('shape problems are SCHEMA_ERRORs with paths', (t) => {
  t.equal(failure([]).details[0]?.field, 'tables');
  t.equal(
    failure([{ name: 'u', count: 0, fields: [{ name: 'a', type: 'uuid' }] }]).details[0]?.field,
    'tables[0].count',
  );
  t.equal(
    failure([{ name: 'u', count: 1.5, fields: [{ name: 'a', type: 'uuid' }] }]).details[0]?.field,
    'tables[0].count',
  );
  t.equal(failure([{ name: 'u', count: 1, fields: [] }]).details[0]?.field, 'tables[0].fields');
  const dupe = failure([
    {
      name: 'u',
      count: 1,
      fields: [
        { name: 'a', type: 'uuid' },
        { name: 'a', type: 'uuid' },
      ],
    },
  ]);
  t.equal(dupe.details[0]?.field, 'tables[0].fields[1].name');
  const tables = failure([usersTable(1), usersTable(1)]);
  t.equal(tables.details[0]?.field, 'tables[1].name');
  const params = failure([
    { name: 'u', count: 1, fields: [{ name: 'p', type: 'price', params: { min: 'cheap' } }] },
  ]);
  t.match(params.details[0]?.field, /^tables\[0\]\.fields\[0\]\.params/);
  const anchor = failure([
    { name: 'u', count: 1, fields: [{ name: 'd', type: 'datetime', params: { after: 'missing' } }] },
  ]);
  t.equal(anchor.details[0]?.field, 'tables[0].fields[0].params.after');
  const bad = compile({ tables: [usersTable(1)], seed: -1, locale: 'xx' });
  t.same(bad.ok ? [] : bad.error.details.map((d) => d.field), ['seed', 'locale']);
  t.end();
});

t.test('compile never throws on odd input', (t) => {
  const anyTables = fc.oneof(
    fc.anything(),
    fc.array(
      fc.record({
        name: fc.oneof(fc.string(), fc.anything()),
        count: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.anything()),
        fields: fc.array(
          fc.record({
            name: fc.string({ maxLength: 3 }),
            type: fc.constantFrom('uuid', 'ref', 'integer', 'enum', 'datetime', 'nope', 'country'),
            params: fc.oneof(
              fc.anything(),
              fc.dictionary(
                fc.constantFrom('table', 'field', 'min', 'max', 'after', 'values', 'per_parent'),
                fc.anything(),
              ),
            ),
            unique: fc.oneof(fc.boolean(), fc.anything()),
            nullable: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
        unique: fc.oneof(fc.constant(undefined), fc.anything()),
      }),
      { maxLength: 3 },
    ),
  );
  fc.assert(
    fc.property(anyTables, (tables) => {
      const result = run(tables);
      if (result.ok) {
        for (const table of result.plan.tables)
          generateRows(result.plan, table.name, 0, Math.min(table.count, 3));
      }
      return true;
    }),
    { numRuns: 400 },
  );
  t.end();
});

t.test('the plan is plain data: a structured clone generates the same rows', (t) => {
  const plan = planOf(
    [
      usersTable(50),
      {
        name: 'orders',
        count: 120,
        fields: [
          { name: 'id', type: 'sequence' },
          { name: 'user_id', type: 'ref', params: { table: 'users', per_parent: { min: 1, max: 4 } } },
          { name: 'at', type: 'datetime', params: { after: 'user_id.created_at' } },
        ],
      },
    ],
    9,
  );
  const clone = structuredClone(plan);
  t.same(clone, plan);
  t.same(generateRows(clone, 'orders', 0, 120), generateRows(plan, 'orders', 0, 120));
  t.same(plan.order, ['users', 'orders']);
  t.equal(plan.tables[0]?.primaryKey, 'id');
  t.same(plan.tables[1]?.foreignKeys, [{ field: 'user_id', table: 'users', references: 'id' }]);
  t.equal(plan.tables[1]?.fields[1]?.kind, 'uuid');
  t.equal(column(plan, 'orders', 'id')[0], '1', 'a sequence is a string, as the hosted service gives');
  t.end();
});

t.test('parents are ordered before children whatever the request order', (t) => {
  const plan = planOf([
    { name: 'items', count: 3, fields: [{ name: 'order_id', type: 'ref', params: { table: 'orders' } }] },
    {
      name: 'orders',
      count: 2,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'c', type: 'ref', params: { table: 'customers' } },
      ],
    },
    { name: 'customers', count: 2, fields: [{ name: 'id', type: 'uuid' }] },
  ]);
  t.same(plan.order, ['customers', 'orders', 'items']);
  t.same(
    plan.tables.map((x) => x.name),
    ['items', 'orders', 'customers'],
  );
  t.end();
});
