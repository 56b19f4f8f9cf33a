import fc from 'fast-check';
import t from 'tap';
import type { Value } from '../../workers/engine/index.js';
import { allRows, planOf } from './engine-helpers.js';

const seed = fc.integer({ min: 0, max: 0xffffffff });
// A timestamp is Unix seconds; the other date types are ISO text.
const ms = (v: Value | undefined) => (typeof v === 'number' ? v * 1000 : Date.parse(String(v)));

t.test('after/before order values within a row and against the parent', (t) => {
  fc.assert(
    fc.property(seed, (s) => {
      const plan = planOf(
        [
          {
            name: 'orders',
            count: 30,
            fields: [
              { name: 'id', type: 'uuid' },
              { name: 'created_at', type: 'datetime', params: { min: '2024-01-01', max: '2025-12-31' } },
              { name: 'shipped_on', type: 'date', params: { after: 'created_at', max_gap_days: 5 } },
              { name: 'updated_at', type: 'timestamp', nullable: true, params: { after: 'created_at' } },
              { name: 'promised_on', type: 'date', params: { before: 'created_at' } },
              { name: 'low', type: 'integer', params: { min: 0, max: 100 } },
              { name: 'high', type: 'integer', params: { after: 'low', max: 50 } },
              { name: 'between', type: 'price', params: { after: 'low', before: 'high' } },
            ],
          },
          {
            name: 'items',
            count: 90,
            fields: [
              { name: 'order_id', type: 'ref', params: { table: 'orders' } },
              {
                name: 'created_at',
                type: 'datetime',
                params: { after: 'order_id.created_at', max_gap_days: 0.5 },
              },
              {
                name: 'returned_at',
                type: 'datetime',
                nullable: true,
                params: { after: 'order_id.updated_at' },
              },
            ],
          },
        ],
        s,
      );
      const orders = allRows(plan, 'orders');
      const byId = new Map(orders.map((r) => [r[0], r]));
      const ordersOk = orders.every((r) => {
        const created = String(r[1]);
        return (
          String(r[2]) >= created.slice(0, 10) &&
          ms(r[2]) <= ms(r[1]) + 6 * 86400000 &&
          (r[3] === null || ms(r[3]) >= ms(r[1])) &&
          String(r[4]) <= created.slice(0, 10) &&
          (r[6] as number) >= (r[5] as number) &&
          (r[7] as number) >= (r[5] as number) &&
          (r[7] as number) <= Math.max(r[5] as number, r[6] as number)
        );
      });
      const itemsOk = allRows(plan, 'items').every((r) => {
        const order = byId.get(r[0]) as Value[];
        const created = ms(r[1]);
        const returnedOk = r[2] === null || order[3] === null || ms(r[2]) >= ms(order[3]);
        return created >= ms(order[1]) && created <= ms(order[1]) + 0.5 * 86400000 && returnedOk;
      });
      return ordersOk && itemsOk;
    }),
    { numRuns: 40 },
  );
  t.end();
});

t.test('ordering against a self-reference follows the chain', (t) => {
  const plan = planOf([
    {
      name: 'employees',
      count: 100,
      fields: [
        { name: 'id', type: 'sequence' },
        {
          name: 'manager_id',
          type: 'ref',
          nullable: true,
          params: { table: 'employees', distribution: 'power_law' },
        },
        { name: 'hired_at', type: 'date', params: { after: 'manager_id.hired_at', max_gap_days: 400 } },
      ],
    },
  ]);
  const rows = allRows(plan, 'employees');
  const hired = new Map(rows.map((r) => [r[0], r[2]]));
  t.ok(rows.every((r) => r[1] === null || String(r[2]) >= String(hired.get(r[1]))));
  t.end();
});

t.test('after/before are rejected where they cannot hold', (t) => {
  const bad = [
    { name: 's', type: 'sentence', params: { after: 'd' } },
    { name: 'n', type: 'integer', params: { after: 'd' } },
    { name: 'x', type: 'datetime', params: { after: 'y' } },
  ];
  for (const field of bad) {
    t.throws(
      () => planOf([{ name: 't', count: 1, fields: [{ name: 'd', type: 'datetime' }, field] }]),
      /SCHEMA_ERROR/,
    );
  }
  t.throws(
    () =>
      planOf([
        {
          name: 't',
          count: 1,
          fields: [
            { name: 'a', type: 'datetime', params: { after: 'b' } },
            { name: 'b', type: 'datetime', params: { after: 'a' } },
          ],
        },
      ]),
    /loop/,
  );
  t.end();
});

t.test('min_gap_days and min_gap keep a value at least that far past its after anchor', (t) => {
  fc.assert(
    fc.property(seed, (s) => {
      const plan = planOf(
        [
          {
            name: 'subscriptions',
            count: 40,
            fields: [
              { name: 'start', type: 'datetime', params: { min: '2024-01-01', max: '2025-12-31' } },
              {
                name: 'end',
                type: 'datetime',
                params: { after: 'start', min_gap_days: 28, max_gap_days: 31 },
              },
              { name: 'low', type: 'integer', params: { min: 0, max: 100 } },
              { name: 'high', type: 'integer', params: { after: 'low', min_gap: 10, max_gap: 20 } },
            ],
          },
        ],
        s,
      );
      for (const [start, end, low, high] of allRows(plan, 'subscriptions')) {
        const days = (ms(end) - ms(start)) / 86_400_000;
        if (days < 28 || days > 31) return false;
        const gap = (high as number) - (low as number);
        if (gap < 10 || gap > 20) return false;
      }
      return true;
    }),
    { numRuns: 30 },
  );
  t.pass('every period is 28–31 days, every number 10–20 above its anchor');
  t.end();
});

t.test('a min gap beyond the max gap, or without an after anchor, is refused', async (t) => {
  const { compile } = await import('../../workers/engine/index.js');
  const result = compile({
    seed: 1,
    locale: 'en',
    tables: [
      {
        name: 'x',
        count: 1,
        fields: [
          { name: 'a', type: 'datetime' },
          { name: 'b', type: 'datetime', params: { after: 'a', min_gap_days: 40, max_gap_days: 31 } },
          { name: 'c', type: 'datetime', params: { min_gap_days: 3 } },
        ],
      },
    ],
  });
  t.notOk(result.ok);
  const message = result.ok ? '' : JSON.stringify(result.error);
  t.match(message, /min_gap_days must not exceed max_gap_days/);
  t.match(message, /min_gap_days needs an after anchor/);
  const range = compile({
    seed: 1,
    locale: 'en',
    tables: [
      {
        name: 'y',
        count: 1,
        fields: [{ name: 'stay', type: 'date_range', params: { min_gap_days: 2, max_gap_days: 9 } }],
      },
    ],
  });
  t.ok(range.ok, "date_range's own gap params are its own, not the engine's");
});

t.test(
  'a given max gap holds beside a bound on the same side; the default one only fills an open side',
  (t) => {
    const plan = planOf(
      [
        {
          name: 'invoices',
          count: 500,
          fields: [
            { name: 'issued', type: 'datetime', params: { min: '2024-01-01', max: '2025-06-01' } },
            {
              name: 'paid',
              type: 'datetime',
              params: { after: 'issued', max_gap_days: 30, max: '2025-06-30' },
            },
            { name: 'seen', type: 'datetime', params: { after: 'issued', max: '2027-12-31' } },
            {
              name: 'sent',
              type: 'datetime',
              params: { before: 'issued', max_gap_days: 3, min: '2020-01-01' },
            },
          ],
        },
      ],
      4,
    );
    const days = (a: Value | undefined, b: Value | undefined) =>
      (ms(a as Value) - ms(b as Value)) / 86_400_000;
    const rows = allRows(plan, 'invoices');
    t.ok(
      rows.every(([issued, paid]) => days(paid, issued) >= 0 && days(paid, issued) <= 30),
      'paid within 30 days',
    );
    t.ok(
      rows.every(([, paid]) => ms(paid as Value) < Date.parse('2025-07-01')),
      'and by the bound',
    );
    t.ok(
      rows.some(([issued, , seen]) => days(seen, issued) > 365),
      'no given gap: up to the bound',
    );
    t.ok(
      rows.every(([issued, , , sent]) => days(issued, sent) >= 0 && days(issued, sent) <= 3),
      'sent within 3 days before',
    );
    t.end();
  },
);
