import fc from 'fast-check';
import t from 'tap';
import { generateRows, type TableSpec } from '../../workers/engine/index.js';
import { allRows, planOf, usersTable } from './engine-helpers.js';

const seed = fc.integer({ min: 0, max: 0xffffffff });

/**
 * A schema touching every generation path: plain, unique, refs of each kind, composite, ordering,
 * nulls, and a field drawn by another of its row (`by`, listed before the field it reads).
 */
function schema(users: number, orders: number, extra?: { table: number; at: number }): TableSpec[] {
  const tables: TableSpec[] = [
    usersTable(users),
    {
      name: 'orders',
      count: orders,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'user_id', type: 'ref', params: { table: 'users', distribution: 'power_law' } },
        { name: 'other_id', type: 'ref', nullable: true, params: { table: 'users', allow_self: false } },
        { name: 'code', type: 'integer', unique: true, params: { min: 0, max: 99999 } },
        { name: 'status', type: 'enum', params: { values: ['a', 'b', 'c'], weights: [1, 2, 3] } },
        { name: 'review', type: 'review', params: { by: 'rating' } },
        { name: 'rating', type: 'rating', nullable: true },
        { name: 'created_at', type: 'datetime', params: { after: 'user_id.created_at', max_gap_days: 30 } },
        { name: 'updated_at', type: 'datetime', nullable: true, params: { after: 'created_at' } },
      ],
    },
    {
      name: 'pairs',
      count: Math.min(40, users * orders),
      unique: [['order_id', 'user_id']],
      fields: [
        { name: 'order_id', type: 'ref', params: { table: 'orders' } },
        { name: 'user_id', type: 'ref', params: { table: 'users' } },
        { name: 'note', type: 'sentence' },
      ],
    },
  ];
  if (extra !== undefined) {
    const table = tables[extra.table] as TableSpec;
    const fields = [...table.fields];
    fields.splice(extra.at % (fields.length + 1), 0, { name: 'zz_extra', type: 'last_name' });
    tables[extra.table] = { ...table, fields };
  }
  return tables;
}

t.test('the same input gives the same bytes', (t) => {
  const a = planOf(schema(30, 60), 77);
  const b = planOf(schema(30, 60), 77);
  for (const table of ['users', 'orders', 'pairs']) {
    t.equal(JSON.stringify(allRows(a, table)), JSON.stringify(allRows(b, table)));
  }
  t.not(JSON.stringify(allRows(planOf(schema(30, 60), 78), 'orders')), JSON.stringify(allRows(a, 'orders')));
  t.end();
});

t.test('rows do not depend on how the range is split', (t) => {
  fc.assert(
    fc.property(seed, fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 6 }), (s, cuts) => {
      const plan = planOf(schema(25, 80), s);
      const whole = generateRows(plan, 'orders', 0, 80);
      const bounds = [...new Set([0, ...cuts, 80])].sort((x, y) => x - y);
      // A fresh plan object per chunk, as a worker thread would receive it.
      const pieces = bounds
        .slice(1)
        .flatMap((end, i) => generateRows(structuredClone(plan), 'orders', bounds[i] as number, end));
      return JSON.stringify(pieces) === JSON.stringify(whole);
    }),
    { numRuns: 25 },
  );
  t.end();
});

t.test('adding a field or a table leaves the other values unchanged', (t) => {
  fc.assert(
    fc.property(seed, fc.integer({ min: 0, max: 2 }), fc.nat(), (s, table, at) => {
      const before = planOf(schema(20, 40), s);
      const after = planOf(schema(20, 40, { table, at }), s);
      for (const name of ['users', 'orders', 'pairs']) {
        const extraIndex =
          after.tables.find((x) => x.name === name)?.fields.findIndex((f) => f.name === 'zz_extra') ?? -1;
        const trimmed = allRows(after, name).map((row) => row.filter((_, i) => i !== extraIndex));
        if (JSON.stringify(trimmed) !== JSON.stringify(allRows(before, name))) return false;
      }
      const withTable = planOf(
        [...schema(20, 40), { name: 'extra', count: 5, fields: [{ name: 'x', type: 'uuid' }] }],
        s,
      );
      return JSON.stringify(allRows(withTable, 'orders')) === JSON.stringify(allRows(before, 'orders'));
    }),
    { numRuns: 20 },
  );
  t.end();
});

t.test("raising a table's count keeps its earlier rows", (t) => {
  fc.assert(
    fc.property(seed, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 60 }), (s, n, more) => {
      const small = planOf(schema(20, n), s);
      const big = planOf(schema(20, n + more), s);
      return JSON.stringify(allRows(small, 'orders')) === JSON.stringify(generateRows(big, 'orders', 0, n));
    }),
    { numRuns: 20 },
  );
  t.end();
});

t.test('name fields, email and username of a row describe one person', (t) => {
  const plan = planOf(
    [
      {
        name: 'people',
        count: 50,
        fields: [
          { name: 'email', type: 'email' },
          { name: 'given', type: 'first_name' },
          { name: 'family', type: 'last_name' },
          { name: 'full', type: 'full_name' },
        ],
      },
    ],
    5,
  );
  const swapped = planOf(
    [
      {
        name: 'people',
        count: 50,
        fields: [
          { name: 'a', type: 'first_name' },
          { name: 'b', type: 'last_name' },
        ],
      },
    ],
    5,
  );
  const rows = allRows(plan, 'people');
  const other = allRows(swapped, 'people');
  rows.forEach((row, i) => {
    t.equal(row[1], other[i]?.[0]);
    t.equal(row[2], other[i]?.[1]);
    t.ok(
      String(row[3]).includes(String(row[1])) && String(row[3]).includes(String(row[2])),
      `full name ${row[3]}`,
    );
  });
  t.end();
});

t.test('per_row_locale: true draws a locale per row; the country fields agree', (t) => {
  const plan = planOf(
    [
      {
        name: 'people',
        count: 300,
        fields: [
          { name: 'country', type: 'country', params: { per_row_locale: true } },
          { name: 'code', type: 'country_code' },
          { name: 'locale', type: 'locale_code' },
        ],
      },
    ],
    3,
    'de',
  );
  const rows = allRows(plan, 'people');
  t.ok(new Set(rows.map((r) => r[2])).size > 15, 'many locales');
  const codeOf = new Map<unknown, unknown>();
  t.ok(
    rows.every((r) => (codeOf.get(r[2]) ?? codeOf.set(r[2], r[1]).get(r[2])) === r[1]),
    'one code per locale',
  );
  const fixed = planOf([{ name: 'p', count: 20, fields: [{ name: 'c', type: 'country' }] }], 3, 'de');
  t.same(
    new Set(allRows(fixed, 'p').map((r) => r[0])),
    new Set(['Germany']),
    'by default the request locale',
  );
  t.end();
});
