/**
 * Rows in the order they happened and refs that filter their parents: `ascending` puts row r of n in
 * the r-th slice of its window, so a sequence and the dates agree; a ref `as_of` a date draws among
 * the parent rows created by then, and one with `where` among those in a state. Both hold in any
 * chunking, and what cannot work is refused with the schema error.
 */
import t from 'tap';
import { compile, type FieldSpec, generateRecords, type TableSpec } from '../../workers/engine/index.js';
import { MAX_FILTERED_PARENTS } from '../../workers/engine/compile-order.js';
import { planOf, recordsOf } from './engine-helpers.js';

const shop = (customers: number, orders: number, ref: Record<string, unknown> = {}): TableSpec[] => [
  {
    name: 'customers',
    count: customers,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'created_at', type: 'datetime', params: { min: '2024-01-01', max: '2025-12-31' } },
    ],
  },
  {
    name: 'orders',
    count: orders,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'customer_id', type: 'ref', params: { table: 'customers', as_of: 'created_at', ...ref } },
      { name: 'number', type: 'sequence', params: { start: 1001 } },
      {
        name: 'created_at',
        type: 'datetime',
        params: { ascending: true, min: '2023-06-01', max: '2025-12-31' },
      },
      { name: 'shipped_at', type: 'datetime', params: { after: 'created_at', max_gap_days: 5 } },
    ],
  },
];

const ms = (v: unknown) => Date.parse(v as string);

t.test('ascending dates never go back, whatever the chunks', async (t) => {
  const plan = planOf(shop(200, 5000), 4);
  const rows = recordsOf(plan, 'orders');
  const back = rows.filter((r, i) => i > 0 && ms(r['created_at']) < ms(rows[i - 1]!['created_at']));
  t.same(back.slice(0, 3), [], 'each order at or after the one numbered before it');
  const chunked = [0, 1234, 1235, 4000].flatMap((start, k, all) =>
    generateRecords(plan, 'orders', start, all[k + 1] ?? 5000),
  );
  t.same(chunked, rows, 'the same rows in four uneven chunks');
  const days = rows.map((r) => ms(r['created_at']));
  t.ok(days[2500]! - days[0]! > 300 * 86_400_000, 'spread over the window, not bunched');
});

t.test(
  'a ref as_of a date points to a parent created by then, the window starting at the first one',
  async (t) => {
    for (const [customers, distribution] of [
      [3, 'uniform'],
      [200, 'uniform'],
      [200, 'power_law'],
    ] as const) {
      const plan = planOf(shop(customers, 3000, { distribution }), 9);
      const created = new Map(recordsOf(plan, 'customers').map((c) => [c['id'], ms(c['created_at'])]));
      const orders = recordsOf(plan, 'orders');
      const early = orders.filter((o) => ms(o['created_at']) < created.get(o['customer_id'])!);
      t.same(early.slice(0, 3), [], `${customers} customers, ${distribution}: no order before its customer`);
      const first = Math.min(...created.values());
      t.ok(ms(orders[0]!['created_at']) >= first, 'the first order comes after the first customer');
      t.ok(new Set(orders.map((o) => o['customer_id'])).size > customers / 2, 'most customers order');
    }
    const counts = (distribution: string) => {
      const plan = planOf(shop(200, 3000, { distribution }), 9);
      const byCustomer = new Map<unknown, number>();
      for (const o of recordsOf(plan, 'orders'))
        byCustomer.set(o['customer_id'], (byCustomer.get(o['customer_id']) ?? 0) + 1);
      const sorted = recordsOf(plan, 'customers').sort((a, b) => ms(a['created_at']) - ms(b['created_at']));
      return sorted.slice(0, 20).reduce((n, c) => n + (byCustomer.get(c['id']) ?? 0), 0);
    };
    t.ok(counts('power_law') > counts('uniform'), 'power_law favours the earliest customers');
  },
);

t.test('a nullable as_of date draws among every parent where it is null', async (t) => {
  const tables = shop(50, 400);
  const orders = tables[1]!;
  tables[1] = {
    ...orders,
    fields: orders.fields.map((f) =>
      f.name === 'created_at' ? { ...f, nullable: true, params: { ...f.params, null_rate: 0.5 } } : f,
    ),
  };
  const rows = recordsOf(planOf(tables, 2), 'orders');
  t.ok(rows.some((r) => r['created_at'] === null && r['customer_id'] !== null));
});

/** The tables with the orders' `created_at` changed. */
const withOrderDate = (tables: TableSpec[], change: (f: FieldSpec) => FieldSpec): TableSpec[] => [
  tables[0]!,
  { ...tables[1]!, fields: tables[1]!.fields.map((f) => (f.name === 'created_at' ? change(f) : f)) },
];

const refused = (tables: unknown) => {
  const result = compile({ tables: tables as TableSpec[], seed: 1, locale: 'en' });
  if (result.ok) throw new Error('expected an error');
  return result.error;
};

t.test('what as_of and ascending cannot do is a schema error at the param', async (t) => {
  const cases: [string, TableSpec[], RegExp][] = [
    ['not a date', shop(5, 5, { as_of: 'number' }), /not a date field/],
    ['no such field', shop(5, 5, { as_of: 'placed_at' }), /not a date field/],
    ['with per_parent', shop(5, 5, { per_parent: { min: 1, max: 2 } }), /plain ref/],
    ['too many parents', shop(MAX_FILTERED_PARENTS + 1, 5), /at most/],
  ];
  for (const [name, tables, message] of cases) {
    const error = refused(tables);
    t.equal(error.code, 'SCHEMA_ERROR', name);
    t.match(error.details[0], { field: 'tables[1].fields[1].params.as_of', message }, name);
  }
  const noTime = shop(5, 5);
  noTime[0] = { ...noTime[0]!, fields: [{ name: 'id', type: 'uuid' }] };
  t.match(refused(noTime).details[0]?.message, /no creation time/);
  t.match(refused(shop(5, 5, { as_of: 1 })).details[0], { field: 'tables[1].fields[1].params.as_of' });
  const unique = withOrderDate(shop(5, 5), (f) => ({ ...f, unique: true }));
  t.match(refused(unique).details[0], { field: 'tables[1].fields[3].params.ascending' });
  const copied = withOrderDate(shop(5, 5), (f) => ({
    ...f,
    type: 'lookup',
    params: { from: 'customer_id.created_at' },
  }));
  t.match(refused(copied).details[0], {
    field: 'tables[1].fields[1].params.as_of',
    message: /not a drawn date/,
  });
  const loop = withOrderDate(shop(5, 5), (f) => ({ ...f, params: { after: 'customer_id.created_at' } }));
  t.match(
    refused(loop).message,
    /computed from each other: orders.customer_id -> orders.created_at/,
    'a date that waits for the ref it picks is a loop',
  );
  t.match(
    refused([
      { name: 'x', count: 2, fields: [{ name: 'at', type: 'datetime', params: { ascending: 'yes' } }] },
    ]).details[0],
    { field: 'tables[0].fields[0].params.ascending', message: /boolean/ },
  );
});

const blog = (where: unknown, extra: Record<string, unknown> = {}): TableSpec[] => [
  {
    name: 'posts',
    count: 300,
    fields: [
      { name: 'id', type: 'uuid' },
      {
        name: 'status',
        type: 'enum',
        params: { values: ['draft', 'published', 'archived'], weights: [3, 6, 1] },
      },
      {
        name: 'published_at',
        type: 'datetime',
        params: { when: { field: 'status', in: ['published', 'archived'] } },
      },
    ],
  },
  {
    name: 'comments',
    count: 2000,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'post_id', type: 'ref', params: { table: 'posts', where, ...extra } },
      { name: 'created_at', type: 'datetime', params: { after: 'post_id.published_at', max_gap_days: 30 } },
    ],
  },
];

t.test('a ref with `where` points only to parents in that state', async (t) => {
  for (const [where, allowed] of [
    [{ field: 'status', in: ['published', 'archived'] }, ['published', 'archived']],
    [{ field: 'status', not_in: ['draft'] }, ['published', 'archived']],
    [{ field: 'status', in: ['archived'] }, ['archived']],
  ] as const) {
    for (const distribution of ['uniform', 'power_law']) {
      const plan = planOf(blog(where, { distribution }), 6);
      const status = new Map(recordsOf(plan, 'posts').map((p) => [p['id'], p['status']]));
      const comments = recordsOf(plan, 'comments');
      const wrong = comments.filter(
        (c) => !(allowed as readonly unknown[]).includes(status.get(c['post_id'])),
      );
      t.same(wrong.slice(0, 3), [], `${JSON.stringify(where)}, ${distribution}`);
      const used = new Set(comments.map((c) => c['post_id']));
      const eligible = [...status.values()].filter((v) => (allowed as readonly unknown[]).includes(v)).length;
      t.ok(used.size > eligible / 2, 'spread over the eligible posts');
      t.same(generateRecords(plan, 'comments', 700, 900), comments.slice(700, 900), 'the same in a chunk');
    }
  }
  const none = recordsOf(planOf(blog({ field: 'status', in: ['deleted'] }), 6), 'comments');
  t.ok(
    none.every((c) => c['post_id'] !== null),
    'no parent in that state: any parent, not an error',
  );
  const both = planOf(
    [
      blog(null)[0]!,
      {
        name: 'comments',
        count: 500,
        fields: [
          { name: 'id', type: 'uuid' },
          {
            name: 'post_id',
            type: 'ref',
            params: { table: 'posts', where: { field: 'status', in: ['published'] }, as_of: 'at' },
          },
          { name: 'at', type: 'datetime', params: { ascending: true } },
        ],
      },
    ].map((table) => (table.name === 'posts' ? postsWithTime(table) : table)),
    8,
  );
  const posts = new Map(recordsOf(both, 'posts').map((p) => [p['id'], p]));
  const late = recordsOf(both, 'comments').filter((c) => {
    const post = posts.get(c['post_id'])!;
    return post['status'] !== 'published' || ms(post['created_at']) > ms(c['at']);
  });
  t.same(late.slice(0, 3), [], 'where and as_of together: published posts created by then');
});

/** The posts table with a creation time, for as_of. */
function postsWithTime(table: TableSpec): TableSpec {
  return { ...table, fields: [...table.fields, { name: 'created_at', type: 'datetime' }] };
}

t.test('what where cannot do is a schema error at the param', async (t) => {
  t.match(refused(blog({ field: 'state', in: ['x'] })).details[0], {
    field: 'tables[1].fields[1].params.where.field',
    message: /not defined in "posts"/,
  });
  t.match(refused(blog({ field: 'status' })).details[0], {
    field: 'tables[1].fields[1].params.where',
    message: /where must be \{"field": "<field of the parent table>"/,
  });
  t.match(
    refused(blog({ field: 'status', in: ['published'] }, { per_parent: { min: 1, max: 9 } })).details[0],
    {
      field: 'tables[1].fields[1].params.where',
      message: /plain ref/,
    },
  );
});

t.test('round_robin takes each parent in turn; with as_of, each existing one in turn', async (t) => {
  const plain = planOf(shop(7, 70, { as_of: undefined, distribution: 'round_robin' }), 3);
  const customers = recordsOf(plain, 'customers').map((c) => c['id']);
  t.same(
    recordsOf(plain, 'orders').map((o) => customers.indexOf(o['customer_id'])),
    Array.from({ length: 70 }, (_, r) => r % 7),
    'row r takes parent r mod 7',
  );
  // Customers all signed up before the first order but two.
  const [people, placed] = shop(12, 1200, { distribution: 'round_robin' });
  const early = {
    ...people!,
    fields: people!.fields.map((f) =>
      f.name === 'created_at' ? { ...f, params: { min: '2023-01-01', max: '2023-06-05' } } : f,
    ),
  };
  const billed = planOf([early, placed!], 3);
  const created = new Map(recordsOf(billed, 'customers').map((c) => [c['id'], ms(c['created_at'])]));
  const times = new Map<unknown, number[]>();
  const orders = recordsOf(billed, 'orders');
  t.same(
    orders.filter((o) => ms(o['created_at']) < created.get(o['customer_id'])!).slice(0, 3),
    [],
    'each by a customer created by then',
  );
  for (const o of orders) {
    times.set(o['customer_id'], [...(times.get(o['customer_id']) ?? []), ms(o['created_at'])]);
  }
  const last = Math.max(...created.values());
  const gaps = [...times.values()].flatMap((list) =>
    list.slice(1).flatMap((at, k) => (list[k]! >= last ? [at - list[k]!] : [])),
  );
  const spread = Math.max(...gaps) / Math.min(...gaps);
  // Twelve turns apart, each time anywhere in its slice: between 11 and 13 slices.
  t.ok(
    gaps.length > 1000 && spread <= 13 / 11 + 1e-9,
    `once everyone exists, even turns (spread ${spread.toFixed(3)})`,
  );
  t.match(
    refused([
      {
        name: 'staff',
        count: 3,
        fields: [
          { name: 'id', type: 'uuid' },
          {
            name: 'boss',
            type: 'ref',
            nullable: true,
            params: { table: 'staff', distribution: 'round_robin' },
          },
        ],
      },
    ]).details[0]?.message,
    /round_robin are not supported on a self-reference/,
  );
});
