/**
 * Values that hold together across rows and tables: lookup, aggregate, when, `after` lists and the
 * implicit "after every row it refers to". Happy paths through the realism checker, then every way a
 * request can get them wrong.
 */
import fc from 'fast-check';
import t from 'tap';
import { compile, generateRows, type TableSpec, type Value } from '../../workers/engine/index.js';
import { brokenPromises, exactSum } from '../realism/checker.js';
import { allRows, column, planOf } from './engine-helpers.js';

const shop = (extra: { order?: TableSpec['fields']; item?: TableSpec['fields'] } = {}): TableSpec[] => [
  {
    name: 'customers',
    count: 20,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'currency', type: 'currency' },
      { name: 'created_at', type: 'datetime', params: { min: '2023-01-01', max: '2024-12-31' } },
    ],
  },
  {
    name: 'products',
    count: 15,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'price', type: 'decimal', params: { min: 0.01, max: 99.99, precision: 2 } },
      { name: 'created_at', type: 'datetime', params: { min: '2022-01-01', max: '2025-06-30' } },
    ],
  },
  {
    name: 'orders',
    count: 40,
    fields: [
      { name: 'id', type: 'sequence' },
      { name: 'customer_id', type: 'ref', params: { table: 'customers' } },
      { name: 'currency', type: 'lookup', params: { from: 'customer_id.currency' } },
      { name: 'status', type: 'enum', params: { values: ['cart', 'paid', 'shipped'] } },
      { name: 'created_at', type: 'datetime' },
      {
        name: 'shipped_at',
        type: 'datetime',
        params: { after: 'created_at', max_gap_days: 3, when: { field: 'status', in: ['shipped'] } },
      },
      {
        name: 'paid_at',
        type: 'date',
        params: { after: 'created_at', when: { field: 'status', not_in: ['cart'] } },
      },
      {
        name: 'updated_at',
        type: 'datetime',
        params: { after: ['created_at', 'shipped_at'], max_gap_days: 9 },
      },
      {
        name: 'total',
        type: 'aggregate',
        params: { table: 'items', ref: 'order_id', of: ['quantity', 'unit_price'] },
      },
      { name: 'lines', type: 'aggregate', params: { table: 'items', ref: 'order_id', op: 'count' } },
      {
        name: 'dearest',
        type: 'aggregate',
        params: { table: 'items', ref: 'order_id', op: 'max', of: 'unit_price' },
      },
      ...(extra.order ?? []),
    ],
  },
  {
    name: 'items',
    count: 100,
    fields: [
      { name: 'order_id', type: 'ref', params: { table: 'orders', per_parent: { min: 0, max: 5 } } },
      { name: 'product_id', type: 'ref', params: { table: 'products' } },
      { name: 'quantity', type: 'integer', params: { min: 1, max: 9 } },
      { name: 'unit_price', type: 'lookup', params: { from: 'product_id.price' } },
      { name: 'added_at', type: 'datetime' },
      ...(extra.item ?? []),
    ],
  },
];

const issuesOf = (tables: TableSpec[]) => {
  const result = compile({ tables, seed: 1, locale: 'en' });
  return result.ok ? [] : result.error.details.map((d) => `${d.field}: ${d.message}`);
};

t.test('lookups, aggregates, conditions and dates hold on random seeds', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
      const problems = brokenPromises(planOf(shop(), seed));
      t.same(problems, [], `seed ${seed}`);
      return problems.length === 0;
    }),
    { numRuns: 20 },
  );
  t.end();
});

t.test("derived columns take their sources' kinds and nullability", (t) => {
  const plan = planOf(shop());
  const orders = plan.tables.find((x) => x.name === 'orders')!;
  const kinds = Object.fromEntries(orders.fields.map((f) => [f.name, `${f.kind}${f.nullable ? '?' : ''}`]));
  t.same(
    { currency: kinds['currency'], total: kinds['total'], lines: kinds['lines'], dearest: kinds['dearest'] },
    { currency: 'text', total: 'decimal', lines: 'integer', dearest: 'decimal?' },
  );
  t.equal(kinds['shipped_at'], 'datetime?', 'a conditional field is nullable');
  const items = plan.tables.find((x) => x.name === 'items')!;
  t.equal(items.fields.find((f) => f.name === 'unit_price')?.kind, 'decimal');
  t.end();
});

t.test('sums are exact to the cent, whatever the values', (t) => {
  const plan = planOf(shop(), 7);
  const totals = column(plan, 'orders', 'total');
  t.ok(
    totals.some((v) => typeof v === 'number' && !Number.isInteger(v)),
    'some totals have cents',
  );
  t.ok(
    totals.every((v) => typeof v === 'number' && /^\d+(\.\d{1,2})?$/.test(String(v))),
    'two places at most',
  );
  t.equal(
    exactSum([
      [3, 19.99],
      [1, 0.1],
      [1, 0.2],
    ]),
    '60.27',
  );
  t.equal(exactSum([]), '0');
  t.equal(exactSum([[-2, 1.5]]), '-3');
  t.equal(
    totals.filter((v) => v === 0).length,
    column(plan, 'orders', 'lines').filter((v) => v === 0).length,
    'an order without items totals 0',
  );
  t.end();
});

t.test('aggregates are the same for any split of the rows, each split on a fresh plan (as workers)', (t) => {
  const whole = allRows(planOf(shop(), 99), 'orders');
  const parts: Value[][] = [];
  for (let start = 0; start < 40; start += 7)
    parts.push(...generateRows(planOf(shop(), 99), 'orders', start, Math.min(40, start + 7)));
  t.same(parts, whole);
  t.end();
});

t.test('an aggregate reached again through a self-reference keeps its own sum', (t) => {
  // emp.total sums tasks whose cost follows the manager's total: the evaluator runs inside itself.
  const tables: TableSpec[] = [
    {
      name: 'emp',
      count: 30,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'manager_id', type: 'ref', nullable: true, params: { table: 'emp' } },
        { name: 'total', type: 'aggregate', params: { table: 'tasks', ref: 'emp_id', of: 'cost' } },
        {
          name: 'boss_total',
          type: 'integer',
          params: { min: 0, max: 1e6, after: 'manager_id.total', max_gap: 0 },
        },
      ],
    },
    {
      name: 'tasks',
      count: 90,
      fields: [
        { name: 'emp_id', type: 'ref', params: { table: 'emp', per_parent: { min: 1, max: 5 } } },
        {
          name: 'cost',
          type: 'integer',
          params: { min: 1, max: 10, after: 'emp_id.boss_total', max_gap: 5 },
        },
      ],
    },
  ];
  t.same(brokenPromises(planOf(tables, 4)), []);
  const whole = allRows(planOf(tables, 4), 'emp');
  const parts: Value[][] = [];
  for (let start = 0; start < 30; start += 4)
    parts.push(...generateRows(planOf(tables, 4), 'emp', start, Math.min(30, start + 4)));
  t.same(parts, whole, 'any split');
  t.end();
});

t.test("a date ordered only by its parents keeps its type's window", (t) => {
  const plan = planOf([
    {
      name: 'users',
      count: 50,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'created_at', type: 'datetime', params: { min: '2025-06-01', max: '2025-12-31' } },
      ],
    },
    {
      name: 'events',
      count: 400,
      fields: [
        { name: 'user_id', type: 'ref', params: { table: 'users' } },
        { name: 'planned', type: 'date_future' },
        { name: 'happened', type: 'date_past' },
        { name: 'logged_at', type: 'datetime' },
      ],
    },
  ]);
  const after = (v: Value) => String(v) >= '2026-01-01';
  t.ok(column(plan, 'events', 'planned').every(after), 'date_future stays after the reference date');
  t.notOk(column(plan, 'events', 'happened').some(after), 'date_past stays before it');
  t.notOk(column(plan, 'events', 'logged_at').some(after), 'a datetime stays in its default window');
  t.same(brokenPromises(plan), []);
  t.end();
});

t.test('nullability follows what a derived value reads, whatever the table order', (t) => {
  const tables = (reversed: boolean): TableSpec[] => {
    const list: TableSpec[] = [
      {
        name: 'customers',
        count: 10,
        fields: [
          { name: 'id', type: 'uuid' },
          { name: 'email', type: 'email' },
        ],
      },
      {
        name: 'orders',
        count: 30,
        fields: [
          { name: 'id', type: 'uuid' },
          { name: 'customer_id', type: 'ref', nullable: true, params: { table: 'customers' } },
          { name: 'email', type: 'lookup', params: { from: 'customer_id.email' } },
          {
            name: 'cheapest',
            type: 'aggregate',
            params: { table: 'items', ref: 'order_id', op: 'min', of: 'price' },
          },
          { name: 'spent', type: 'aggregate', params: { table: 'items', ref: 'order_id', of: 'price' } },
        ],
      },
      {
        name: 'items',
        count: 60,
        fields: [
          { name: 'order_id', type: 'ref', params: { table: 'orders', per_parent: { min: 2, max: 2 } } },
          { name: 'price', type: 'integer', nullable: true, params: { min: 1, max: 9, null_rate: 0.5 } },
          { name: 'email', type: 'lookup', params: { from: 'order_id.email' } },
        ],
      },
    ];
    return reversed ? list.reverse() : list;
  };
  for (const reversed of [false, true]) {
    const plan = planOf(tables(reversed));
    const nullable = (table: string, field: string) =>
      plan.tables.find((x) => x.name === table)?.fields.find((f) => f.name === field)?.nullable;
    t.equal(
      nullable('items', 'email'),
      true,
      `a lookup of a lookup through a nullable ref (reversed: ${reversed})`,
    );
    t.equal(nullable('orders', 'cheapest'), true, 'min over factors that may be null');
    t.equal(nullable('orders', 'spent'), false, 'a sum of nothing is 0');
    t.same(brokenPromises(plan), []);
  }
  t.end();
});

t.test('derived values refused where they cannot hold', (t) => {
  const big = issuesOf(
    shop({ item: [{ name: 'grams', type: 'integer', params: { min: 1e8, max: 2e8 } }] }).map((table) =>
      table.name !== 'orders'
        ? table
        : {
            ...table,
            fields: [
              ...table.fields,
              {
                name: 'mass',
                type: 'aggregate',
                params: { table: 'items', ref: 'order_id', of: ['grams', 'grams'] },
              },
            ],
          },
    ),
  );
  t.match(big, [/"orders\.mass" could reach 2\.00e\+17, past exact numbers/]);
  const locale = issuesOf([
    {
      name: 'people',
      count: 5,
      fields: [
        { name: 'kind', type: 'enum', params: { values: ['a', 'b'] } },
        {
          name: 'country',
          type: 'enum',
          params: { values: ['JP', 'DE', 'FR', 'BR'], when: { field: 'kind', in: ['a'] } },
        },
      ],
    },
  ]);
  t.match(locale, [/decides each row's locale cannot be conditional/]);
  const key = issuesOf([
    {
      name: 'users',
      count: 5,
      fields: [
        { name: 'kind', type: 'enum', params: { values: ['a', 'b'] } },
        { name: 'id', type: 'uuid', params: { when: { field: 'kind', in: ['a'] } } },
      ],
    },
    { name: 'posts', count: 5, fields: [{ name: 'user_id', type: 'ref', params: { table: 'users' } }] },
  ]);
  t.match(key, [/table "users" has no primary key/], 'a conditional field is never the key');
  t.end();
});

t.test('a lookup through a self-reference is sized by what it copies', (t) => {
  const plan = planOf([
    {
      name: 'staff',
      count: 20,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'manager_id', type: 'ref', nullable: true, params: { table: 'staff' } },
        { name: 'motto', type: 'long_string', params: { length: 2000 } },
        { name: 'manager_motto', type: 'lookup', params: { from: 'manager_id.motto' } },
      ],
    },
  ]);
  const fields = plan.tables[0]!.fields;
  t.ok(fields[3]!.maxBytes >= 2000, `lookup bound ${fields[3]!.maxBytes}`);
  t.ok(fields[1]!.maxBytes >= 38, `self-reference bound ${fields[1]!.maxBytes}`);
  t.end();
});

t.test('every event follows every row it refers to, unless after_parents is false', (t) => {
  const link = (after_parents?: boolean): TableSpec[] => [
    {
      name: 'a',
      count: 30,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'at', type: 'datetime' },
      ],
    },
    {
      name: 'b',
      count: 30,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'at', type: 'date' },
      ],
    },
    {
      name: 'ab',
      count: 200,
      fields: [
        { name: 'a_id', type: 'ref', params: { table: 'a' } },
        { name: 'b_id', type: 'ref', params: { table: 'b' } },
        {
          name: 'at',
          type: 'datetime',
          params: { after: 'a_id.at', ...(after_parents === undefined ? {} : { after_parents }) },
        },
      ],
    },
  ];
  t.same(brokenPromises(planOf(link(), 3)), []);
  // Rows made without the rule, judged as if it applied: the checker must see the dates out of order.
  const plan = planOf(link(false), 3);
  delete plan.tables[2]!.fields[2]!.params['after_parents'];
  const loose = brokenPromises(plan);
  t.ok(
    loose.some((p) => p.includes("before ab.b_id's")),
    'the checker sees dates before their causes',
  );
  t.end();
});

t.test('a self-reference follows the row it points to', (t) => {
  const plan = planOf([
    {
      name: 'employees',
      count: 200,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'manager_id', type: 'ref', nullable: true, params: { table: 'employees' } },
        { name: 'hired_on', type: 'date', params: { min: '2010-01-01', max: '2024-12-31' } },
        { name: 'manager_name', type: 'lookup', params: { from: 'manager_id.id' } },
      ],
    },
  ]);
  t.same(brokenPromises(plan), []);
  t.end();
});

t.test('bad lookups are refused with their path', (t) => {
  const base = shop();
  const withItem = (field: TableSpec['fields'][number]) => shop({ item: [field] });
  t.match(issuesOf(withItem({ name: 'x', type: 'lookup' })), [/fields\[5\]\.params\.from: from is required/]);
  t.match(issuesOf(withItem({ name: 'x', type: 'lookup', params: { from: 'a.b.c' } })), [
    /must name a ref field/,
  ]);
  t.match(issuesOf(withItem({ name: 'x', type: 'lookup', params: { from: 'price' } })), [
    /field "price" is not defined in "items"/,
  ]);
  t.match(issuesOf(withItem({ name: 'x', type: 'lookup', unique: true, params: { from: 'quantity' } })), [
    /cannot be unique/,
  ]);
  t.match(issuesOf(withItem({ name: 'x', type: 'lookup', params: { from: 'quantity.price' } })), [
    /"quantity" is not a ref field of "items"/,
  ]);
  t.match(issuesOf(withItem({ name: 'x', type: 'lookup', params: { from: 'product_id.cost' } })), [
    /field "cost" is not defined in "products"/,
  ]);
  t.match(
    issuesOf(withItem({ name: 'x', type: 'lookup', unique: true, params: { from: 'product_id.price' } })),
    [/cannot be unique/],
  );
  t.ok(base.length > 0);
  t.end();
});

t.test('bad aggregates are refused with their path', (t) => {
  const agg = (params: Record<string, unknown>, unique = false) =>
    issuesOf(shop({ order: [{ name: 'x', type: 'aggregate', params, ...(unique ? { unique } : {}) }] }));
  t.match(agg({}), [
    /params\.table: table is required/,
    /params\.ref: ref is required/,
    /params\.of: of is required/,
  ]);
  t.match(agg({ table: 'lines', ref: 'order_id', of: 'quantity' }), [/table "lines" is not defined/]);
  t.match(agg({ table: 'items', ref: 'product_id', of: 'quantity' }), [
    /"product_id" is not a ref field of "items" to "orders"/,
  ]);
  t.match(agg({ table: 'items', ref: 'order_id', of: 'weight' }), [
    /field "weight" is not defined in "items"/,
  ]);
  t.match(agg({ table: 'items', ref: 'order_id', of: 'added_at' }), [
    /holds datetime values; sum needs numbers/,
  ]);
  t.match(agg({ table: 'items', ref: 'order_id', op: 'avg', of: 'quantity' }), [
    /op must be one of count, sum, min, max/,
  ]);
  t.match(agg({ table: 'items', ref: 'order_id', of: [] }), [/of must be a field name or a non-empty array/]);
  t.match(agg({ table: 'items', ref: 'order_id', of: 'quantity' }, true), [/an aggregate cannot be unique/]);
  const free = shop().map((table) =>
    table.name !== 'items'
      ? table
      : {
          ...table,
          fields: table.fields.map((f) =>
            f.name === 'order_id' ? { ...f, params: { table: 'orders' } } : f,
          ),
        },
  );
  t.match(issuesOf(free), [/needs per_parent \{min, max\}/]);
  t.end();
});

t.test('values computed from each other are refused, not looped', (t) => {
  const loop = shop({
    item: [{ name: 'order_total', type: 'lookup', params: { from: 'order_id.running' } }],
    order: [
      { name: 'running', type: 'aggregate', params: { table: 'items', ref: 'order_id', of: 'order_total' } },
    ],
  });
  t.match(issuesOf(loop), [
    /computed from each other: orders\.running -> items\.order_total -> orders\.running/,
  ]);
  t.end();
});

t.test('a lookup of a field of its own row repeats that value, whatever its source', (t) => {
  const plan = planOf(
    shop({
      order: [
        { name: 'sum', type: 'lookup', params: { from: 'total' } },
        { name: 'shipped', type: 'lookup', params: { from: 'shipped_at' } },
        { name: 'buyer', type: 'lookup', params: { from: 'customer_id' } },
      ],
      item: [{ name: 'price', type: 'lookup', params: { from: 'unit_price' } }],
    }),
  );
  const same = (table: string, a: string, b: string) =>
    t.same(column(plan, table, a), column(plan, table, b), `${table}.${a}`);
  same('orders', 'sum', 'total');
  same('orders', 'shipped', 'shipped_at');
  same('orders', 'buyer', 'customer_id');
  same('items', 'price', 'unit_price');
  const orders = plan.tables.find((x) => x.name === 'orders');
  const kind = (name: string) => orders?.fields.find((f) => f.name === name);
  t.equal(kind('sum')?.kind, kind('total')?.kind, 'takes the kind of its source');
  t.equal(kind('buyer')?.kind, 'uuid', "a copied ref takes its parent field's kind");
  t.equal(kind('shipped')?.nullable, true, 'a copy of a conditional field is nullable');
  t.equal(kind('sum')?.nullable, false);
  t.same(brokenPromises(plan), []);
  t.end();
});

t.test('same-row lookups that copy each other are refused, not looped', (t) => {
  t.match(issuesOf(shop({ order: [{ name: 'x', type: 'lookup', params: { from: 'x' } }] })), [
    /computed from each other: orders\.x -> orders\.x/,
  ]);
  const pair = shop({
    order: [
      { name: 'x', type: 'lookup', params: { from: 'y' } },
      { name: 'y', type: 'datetime', params: { after: 'x' } },
    ],
  });
  t.match(issuesOf(pair), [/computed from each other: orders\.x -> orders\.y -> orders\.x/]);
  t.end();
});

t.test('bad conditions and after lists are refused with their path', (t) => {
  const field = (params: Record<string, unknown>) =>
    issuesOf(shop({ order: [{ name: 'x', type: 'datetime', params }] }));
  const shape = /when must be \{"field"/;
  t.match(field({ when: 'status' }), [shape]);
  t.match(field({ when: { field: 'status' } }), [shape]);
  t.match(field({ when: { field: 'status', in: [] } }), [shape]);
  t.match(field({ when: { field: 'status', in: ['a'], not_in: ['b'] } }), [shape]);
  t.match(field({ when: { field: 'status', in: [{}] } }), [shape]);
  t.match(field({ when: { field: 'status', is: ['a'] } }), [shape]);
  t.match(field({ when: { field: 'mood', in: ['a'] } }), [
    /when\.field: field "mood" is not defined in "orders"/,
  ]);
  t.match(field({ when: { field: 'x', in: ['a'] } }), [/cannot depend on itself/]);
  t.match(field({ after: [] }), [/or be a non-empty array/]);
  t.match(field({ after: ['created_at', 3] }), [/or be a non-empty array/]);
  t.match(field({ after: ['created_at', 'nope'] }), [/params\.after\[1\]: field "nope" is not defined/]);
  t.match(field({ after_parents: 'no' }), [/after_parents must be a boolean/]);
  t.match(field({ when: { field: 'x2', in: ['a'] } }).length, 1);
  t.end();
});

t.test('a condition on a boolean or a number', (t) => {
  const plan = planOf([
    {
      name: 'accounts',
      count: 200,
      fields: [
        { name: 'active', type: 'boolean' },
        { name: 'closed_at', type: 'datetime', params: { when: { field: 'active', in: [false] } } },
        { name: 'tier', type: 'integer', params: { min: 1, max: 3 } },
        {
          name: 'discount',
          type: 'integer',
          params: { min: 5, max: 30, when: { field: 'tier', not_in: [1] } },
        },
      ],
    },
  ]);
  const rows = allRows(plan, 'accounts');
  t.ok(rows.every((r) => (r[1] === null) === (r[0] === true)));
  t.ok(rows.every((r) => (r[3] === null) === (r[2] === 1)));
  t.same(brokenPromises(plan), []);
  t.end();
});
