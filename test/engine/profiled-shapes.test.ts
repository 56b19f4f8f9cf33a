/**
 * The shapes a database profile asks for: numbers drawn along measured `quantiles`, and children per
 * parent drawn from `per_parent.weights` (with the share of childless parents kept).
 */
import fc from 'fast-check';
import t from 'tap';
import { compile, type TableSpec } from '../../workers/engine/index.js';
import { column, planOf } from './engine-helpers.js';

const seed = fc.integer({ min: 0, max: 0xffffffff });

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

t.test('quantiles give the measured shape, inside [min, max], on every number type', (t) => {
  // A skewed column: half the values under 10, a long tail to 500.
  const quantiles = [
    [0, 1],
    [0.5, 10],
    [0.9, 60],
    [0.99, 200],
    [1, 500],
  ];
  for (const [type, extra] of [
    ['integer', {}],
    ['number', { precision: 2 }],
    ['float', { precision: 3 }],
  ] as const) {
    const plan = planOf(
      [
        {
          name: 'x',
          count: 20_000,
          fields: [{ name: 'v', type, params: { min: 1, max: 500, quantiles, ...extra } }],
        },
      ],
      7,
    );
    const values = column(plan, 'x', 'v') as number[];
    t.ok(
      values.every((v) => v >= 1 && v <= 500),
      `${type}: inside the range`,
    );
    const below10 = values.filter((v) => v <= 10).length / values.length;
    t.ok(Math.abs(below10 - 0.5) < 0.02, `${type}: half at or under the median (${below10})`);
    // The interpolated mean: 0.5·5.5 + 0.4·35 + 0.09·130 + 0.01·350 = 31.95.
    t.ok(Math.abs(mean(values) - 31.95) / 31.95 < 0.03, `${type}: mean ${mean(values)}`);
  }
  t.end();
});

t.test('bad quantiles are a SCHEMA_ERROR on the quantiles param', (t) => {
  for (const quantiles of [
    [[0, 1]],
    [
      [0.1, 1],
      [1, 2],
    ],
    [
      [0, 5],
      [1, 2],
    ],
    [
      [0, 1],
      [0.5, 3],
      [0.5, 4],
      [1, 5],
    ],
    [
      [0, 1],
      [1, 5000],
    ],
    'x',
    [
      [0, 'a'],
      [1, 2],
    ],
  ]) {
    const result = compile({
      tables: [{ name: 'x', count: 1, fields: [{ name: 'v', type: 'integer', params: { quantiles } }] }],
      seed: 1,
      locale: 'en',
    });
    t.equal(result.ok, false, JSON.stringify(quantiles));
    if (!result.ok) t.match(result.error.details[0]?.field, /quantiles/);
  }
  t.end();
});

const shop = (parents: number, children: number, weights: number[]): TableSpec[] => [
  { name: 'customers', count: parents, fields: [{ name: 'id', type: 'sequence' }] },
  {
    name: 'orders',
    count: children,
    fields: [
      { name: 'id', type: 'sequence' },
      {
        name: 'customer_id',
        type: 'ref',
        params: { table: 'customers', per_parent: { min: 0, max: weights.length - 1, weights } },
      },
    ],
  },
];

t.test('per_parent weights: exact total and the childless share kept', (t) => {
  // A quarter childless, the rest 1 + geometric(0.4): mean 0.75 · 2.5 = 1.875.
  const weights = [0.25, ...Array.from({ length: 20 }, (_, k) => 0.75 * 0.4 * 0.6 ** k)];
  const plan = planOf(shop(2000, 3750, weights), 3);
  const ids = column(plan, 'orders', 'customer_id') as number[];
  t.equal(ids.length, 3750);
  const per = new Map<number, number>();
  for (const id of ids) per.set(id, (per.get(id) ?? 0) + 1);
  const childless = (2000 - per.size) / 2000;
  t.ok(Math.abs(childless - 0.25) < 0.03, `childless share ${childless}`);
  t.ok(Math.max(...per.values()) <= 20, 'no parent above max');
  t.end();
});

t.test('per_parent weights: any feasible count is met exactly, for any seed', (t) => {
  fc.assert(
    fc.property(
      seed,
      fc.integer({ min: 1, max: 50 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 1000 }),
      (s, parents, raw, pick) => {
        const weights = raw.some((w) => w > 0) ? raw : [...raw.slice(1), 1];
        const max = weights.length - 1;
        if (max < 1) return;
        const count = 1 + (pick % (parents * max));
        const ids = column(planOf(shop(parents, count, weights), s), 'orders', 'customer_id') as number[];
        const per = new Map<number, number>();
        for (const id of ids) per.set(id, (per.get(id) ?? 0) + 1);
        if (ids.length !== count || [...per.values()].some((n) => n > max))
          throw new Error(`count ${ids.length} / ${count}`);
      },
    ),
    { numRuns: 200 },
  );
  t.pass('200 random shapes and counts met exactly');
  t.end();
});

t.test('bad per_parent weights are a SCHEMA_ERROR', (t) => {
  for (const weights of [[1, 2], [0, 0, 0], [1, -1, 1], 'x']) {
    const result = compile({
      tables: shop(10, 10, [1, 1, 1]).map((table) =>
        table.name === 'orders'
          ? {
              ...table,
              fields: [
                table.fields[0]!,
                {
                  name: 'customer_id',
                  type: 'ref',
                  params: { table: 'customers', per_parent: { min: 0, max: 2, weights } },
                },
              ],
            }
          : table,
      ),
      seed: 1,
      locale: 'en',
    });
    t.equal(result.ok, false, JSON.stringify(weights));
    if (!result.ok) t.match(JSON.stringify(result.error.details), /per_parent/);
  }
  t.end();
});
