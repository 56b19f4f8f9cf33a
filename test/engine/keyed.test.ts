/**
 * `by`: a field drawn from the values of other fields of its row. The keys are computed first whatever
 * the field order, the draw is a pure function of the cell and its keys, and bad names are refused
 * with the schema error.
 */
import fc from 'fast-check';
import t from 'tap';
import { compile, expandTemplate, type FieldSpec, type TableSpec } from '../../workers/engine/index.js';
import { KEYED_TYPES } from '../../workers/engine/engine-params.js';
import { FIELD_TYPES } from '../../workers/engine/types/index.js';
import animals from '../../workers/engine/vocabulary/animals.en.json' with { type: 'json' };
import products from '../../workers/engine/vocabulary/products.en.json' with { type: 'json' };
import reviewData from '../../workers/engine/vocabulary/reviews.en.json' with { type: 'json' };
import { afinnScore } from '../realism/story-measures.js';
import { allRows, planOf, recordsOf } from './engine-helpers.js';

const reviews = (fields: FieldSpec[], count = 200): TableSpec[] => [{ name: 'reviews', count, fields }];
const rating: FieldSpec = { name: 'rating', type: 'rating' };
const body: FieldSpec = { name: 'body', type: 'review', params: { by: 'rating' } };

t.test('the types that read `by` are the ones with prepareBy', async (t) => {
  const withBy = [...FIELD_TYPES.values()].filter((type) => type.prepareBy !== undefined).map((x) => x.id);
  t.same([...withBy].sort(), [...KEYED_TYPES].sort());
});

t.test('a keyed field reads its row whatever the field order', async (t) => {
  const before = allRows(planOf(reviews([rating, body]), 7), 'reviews');
  const after = allRows(planOf(reviews([body, rating]), 7), 'reviews');
  t.same(
    after.map(([b, r]) => [r, b]),
    before,
    'the same rating and body, listed either way',
  );
  for (const [stars, text] of before) {
    const score = afinnScore(String(text));
    if (stars !== 3)
      t.ok((stars as number) >= 4 ? score > 0 : score < 0, `${String(stars)}: ${String(text)}`);
  }
});

t.test('adding an unrelated field, or a second reader, changes no value', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat(3), (seed, at) => {
      const base = allRows(planOf(reviews([rating, body], 40), seed), 'reviews');
      const fields: FieldSpec[] = [rating, body];
      fields.splice(at % 3, 0, { name: 'title', type: 'review_title', params: { by: 'rating' } });
      const more = allRows(planOf(reviews(fields, 40), seed), 'reviews');
      const keep = (row: unknown[]) => row.filter((_, i) => i !== at % 3);
      return JSON.stringify(more.map(keep)) === JSON.stringify(base);
    }),
    { numRuns: 40 },
  );
  t.end();
});

t.test('a null key gives the plain draw; a key the type does not know too', async (t) => {
  const rows = allRows(
    planOf(
      reviews([
        { name: 'rating', type: 'rating', nullable: true, params: { null_rate: 0.5 } },
        { name: 'mood', type: 'enum', params: { values: ['x', 'y'] } },
        body,
        { name: 'other', type: 'review', params: { by: 'mood' } },
      ]),
    ),
    'reviews',
  );
  t.ok(rows.some((r) => r[0] === null && typeof r[2] === 'string' && r[2] !== ''));
  t.ok(rows.every((r) => typeof r[3] === 'string' && r[3] !== ''));
});

const refused = (fields: FieldSpec[]) => {
  const result = compile({ seed: 1, locale: 'en', tables: reviews(fields) });
  return result.ok ? null : result.error;
};

t.test('bad `by` values are schema errors at the param', async (t) => {
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: 'stars' } }]), {
    code: 'SCHEMA_ERROR',
    details: [{ field: 'tables[0].fields[1].params.by', message: /"stars" is not defined in "reviews"/ }],
  });
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: 'body' } }]), {
    details: [{ field: 'tables[0].fields[1].params.by', message: /cannot depend on itself/ }],
  });
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: ['rating', 7] } }]), {
    details: [{ field: 'tables[0].fields[1].params.by', message: /by must name a field/ }],
  });
  t.match(refused([rating, { name: 'body', type: 'review', params: { by: [] } }]), {
    details: [{ field: 'tables[0].fields[1].params.by' }],
  });
  t.match(refused([rating, { ...body, unique: true }]), {
    details: [{ field: 'tables[0].fields[1].params.by', message: /cannot be unique/ }],
  });
  t.match(
    refused([
      { name: 'a', type: 'review', params: { by: 'b' } },
      { name: 'b', type: 'review_title', params: { by: 'a' } },
    ]),
    { details: [{ message: /computed from each other/ }] },
  );
});

const pets: TableSpec = {
  name: 'pets',
  count: 30,
  fields: [
    { name: 'id', type: 'uuid', unique: true },
    { name: 'species', type: 'animal_species' },
  ],
};
const withVisits = (field: FieldSpec, count = 300): TableSpec[] => [
  pets,
  {
    name: 'visits',
    count,
    fields: [{ name: 'pet_id', type: 'ref', params: { table: 'pets' }, nullable: true }, field],
  },
];
/** Per species, the adult weights (kg) its breeds span, from the data file. */
const SPAN = new Map(
  animals.species.map((s) => [
    s.name,
    [Math.min(...s.breeds.map((b) => b.weight_kg[0]!)), Math.max(...s.breeds.map((b) => b.weight_kg[1]!))],
  ]),
);

t.test('`by` reads a field of the parent row through a ref; a null ref is a null key', async (t) => {
  const weight = { name: 'weight', type: 'weight', params: { by: 'pet_id.species', scalar: true } };
  const plan = planOf(withVisits(weight), 4);
  const species = new Map(allRows(plan, 'pets').map(([id, s]) => [id, s as string]));
  const rows = allRows(plan, 'visits');
  const strays = rows.filter(([ref, kg]) => {
    if (ref === null) return false;
    const [lo, hi] = SPAN.get(species.get(ref)!)!;
    return (kg as number) < lo! || (kg as number) > hi!;
  });
  t.same(strays.slice(0, 3), [], "every weight is in its pet's species' range");
  t.ok(new Set(rows.map(([ref]) => species.get(ref))).size > 5, 'over many species');
  t.ok(
    rows.some(([ref, kg]) => ref === null && typeof kg === 'number'),
    'a null ref: the plain draw',
  );
  t.same(allRows(planOf(withVisits(weight), 4), 'visits'), rows, 'the same seed, the same values');
});

t.test('`by` through a ref names a ref and a field of its parent, or is refused', async (t) => {
  const refusedWith = (by: string) => {
    const result = compile({
      seed: 1,
      locale: 'en',
      tables: withVisits({ name: 'weight', type: 'weight', params: { by } }),
    });
    return result.ok ? null : result.error;
  };
  t.match(refusedWith('nope.species'), {
    code: 'SCHEMA_ERROR',
    details: [{ field: 'tables[1].fields[1].params.by', message: /"nope" is not a ref field of "visits"/ }],
  });
  t.match(refusedWith('weight.species'), { details: [{ message: /"weight" is not a ref field/ }] });
  t.match(refusedWith('pet_id.colour'), {
    details: [{ field: 'tables[1].fields[1].params.by', message: /"colour" is not defined in "pets"/ }],
  });
});

t.test('a self-reference read by `by` reaches down a long chain of rows', async (t) => {
  // Each employee's department is drawn; a title reads the manager's, whose row reads its own manager.
  const tables: TableSpec[] = [
    {
      name: 'staff',
      count: 20_000,
      fields: [
        { name: 'id', type: 'integer', params: { min: 1, max: 1e9 }, unique: true },
        { name: 'manager_id', type: 'ref', params: { table: 'staff' }, nullable: true },
        { name: 'department', type: 'department' },
        { name: 'title', type: 'job_title', params: { by: ['department', 'manager_id.title'] } },
      ],
    },
  ];
  const rows = allRows(planOf(tables, 2), 'staff');
  t.equal(rows.length, 20_000, 'every row generates');
  const titleOf = new Map(rows.map(([id, , , title]) => [id, title]));
  const strays = rows.filter(([, boss, , title]) => boss !== null && titleOf.get(boss) !== title);
  t.same(strays.slice(0, 3), [], "a title names a position, so a report takes the manager's");
});

t.test('`by` on a type that reads no other field is an unknown key, warned and ignored', async (t) => {
  const result = compile({
    seed: 1,
    locale: 'en',
    tables: reviews([rating, { name: 'note', type: 'sentence', params: { by: 'rating' } }]),
  });
  t.ok(result.ok);
  if (result.ok) t.match(result.warnings, [/params\.by: unknown key/]);
});

t.test('an enum settled before a date reads its row’s date: old orders are done', async (t) => {
  const statuses = ['pending', 'shipped', 'delivered', 'cancelled'];
  const settled = { before: '2025-06-01', values: ['delivered', 'cancelled'] };
  const orders = (params: Record<string, unknown>): TableSpec[] => [
    {
      name: 'orders',
      count: 600,
      fields: [
        { name: 'status', type: 'enum', params: { values: statuses, by: 'placed_at', ...params } },
        { name: 'placed_at', type: 'datetime', params: { min: '2025-01-01', max: '2025-06-30' } },
      ],
    },
  ];
  const rows = allRows(planOf(orders({ weights: [1, 1, 3, 0], settled }), 3), 'orders');
  const old = rows.filter(([, at]) => (at as string) < '2025-06-01');
  const recent = rows.filter(([, at]) => (at as string) >= '2025-06-01');
  t.same(
    old.filter(([s]) => s !== 'delivered').slice(0, 3),
    [],
    'before the date: delivered only (cancelled weighs 0)',
  );
  t.ok(new Set(recent.map(([s]) => s)).size === 3, 'after it: pending, shipped and delivered');
  const refusals: [string, Record<string, unknown>][] = [
    ['a value not listed', { settled: { ...settled, values: ['lost'] } }],
    ['no date', { settled: { values: ['delivered'] } }],
    ['not a date', { settled: { ...settled, before: 'soon' } }],
    ['an unknown key', { settled: { ...settled, after: '2025-01-01' } }],
    ['every kept value weighs 0', { weights: [1, 1, 0, 0], settled }],
    ['without by', { by: undefined, settled }],
  ];
  for (const [name, params] of refusals) {
    const result = compile({ tables: orders(params), seed: 1, locale: 'en' });
    t.match(
      result,
      { ok: false, error: { details: [{ field: 'tables[0].fields[0].params.settled' }] } },
      name,
    );
  }
});

t.test(
  'the ecommerce template: an order of the data’s last fortnight may be open, an older one not',
  async (t) => {
    for (const seed of [1, 2, 3]) {
      const rows = recordsOf(planOf(expandTemplate('ecommerce', 1), seed), 'orders');
      const open = rows.filter((o) => ['pending', 'processing', 'shipped'].includes(o['status'] as string));
      t.same(
        open.filter((o) => (o['created_at'] as string) < '2025-06-16').slice(0, 2),
        [],
        `seed ${seed}: no open order older than 2025-06-16`,
      );
      t.ok(
        rows.some((o) => (o['created_at'] as string) >= '2025-06-16'),
        'the window reaches the fortnight',
      );
    }
  },
);

t.test(
  'the saas template: no trial past its fortnight, no canceled subscription renewing, no old open invoice',
  async (t) => {
    for (const seed of [1, 2, 3]) {
      const plan = planOf(expandTemplate('saas', 5), seed);
      const rows = recordsOf(plan, 'subscriptions');
      const invoices = recordsOf(plan, 'invoices');
      const open = invoices.filter((i) => i['status'] === 'open');
      t.same(
        open.filter((i) => (i['issued_at'] as string) < '2025-06-01').slice(0, 2),
        [],
        'open only in the last month',
      );
      t.ok(open.length > 0, 'some recent ones are open');
      const future = [
        ...rows.map((s) => s['updated_at']),
        ...invoices.map((i) => i['paid_at']),
        ...recordsOf(plan, 'members').map((m) => m['last_login_at']),
      ].filter((at) => typeof at === 'string' && at >= '2025-07-01');
      t.same(future.slice(0, 2), [], 'no change, payment or login after the data’s present (2025-06-30)');
      const stale = rows.filter(
        (s) => s['status'] === 'trialing' && (s['started_at'] as string) < '2025-06-16',
      );
      t.same(stale.slice(0, 2), [], `seed ${seed}: every trial started in the data's last fortnight`);
      const canceled = rows.filter((s) => s['status'] === 'canceled');
      t.ok(canceled.length > 0, 'some are canceled');
      t.ok(
        canceled.every((s) => s['renews_at'] === null && s['current_period_end'] !== null),
        'a canceled one runs to its period end and does not renew',
      );
      const renewing = rows.filter((s) => s['status'] !== 'canceled');
      t.ok(
        renewing.every((s) => s['renews_at'] === s['current_period_end']),
        'the others renew at the end of their period',
      );
    }
  },
);

t.test('a count by a price stays within its budget: a piano comes alone', async (t) => {
  for (const seed of [1, 2, 3]) {
    const items = recordsOf(planOf(expandTemplate('ecommerce', 1), seed), 'order_items');
    const lavish = items.filter(
      (i) => (i['quantity'] as number) > 1 && (i['quantity'] as number) * (i['unit_price'] as number) > 200,
    );
    t.same(lavish.slice(0, 2), [], `seed ${seed}: several only while they cost at most $200`);
    t.ok(
      items.some((i) => i['quantity'] === 5),
      'cheap things by the five',
    );
  }
  const basket = (params: Record<string, unknown>): TableSpec[] => [
    {
      name: 'items',
      count: 300,
      fields: [
        { name: 'price', type: 'enum', params: { values: [null, 20, 150, 900] } },
        { name: 'quantity', type: 'integer', params: { min: 1, max: 8, by: 'price', ...params } },
      ],
    },
  ];
  const rows = allRows(planOf(basket({ budget: 300 }), 5), 'items');
  const most = (price: unknown) => Math.max(...rows.filter(([p]) => p === price).map(([, q]) => q as number));
  t.same(
    [most(20), most(150), most(900), most(null)],
    [8, 2, 1, 8],
    'capped by what 300 buys; no price: the range',
  );
  for (const [name, params] of [
    ['not positive', { budget: 0 }],
    ['not a number', { budget: '300' }],
    ['without by', { by: undefined, budget: 300 }],
  ] as const) {
    const result = compile({ tables: basket(params), seed: 1, locale: 'en' });
    t.match(
      result,
      { ok: false, error: { details: [{ field: 'tables[0].fields[1].params.budget' }] } },
      name,
    );
  }
});

t.test('a price by bands: each plan costs what its tier does', async (t) => {
  const bands: Record<string, [number, number]> = {
    starter: [29, 99],
    pro: [99, 499],
    business: [499, 1499],
    enterprise: [1499, 2999],
  };
  for (const seed of [1, 2, 3]) {
    const subs = recordsOf(planOf(expandTemplate('saas', 5), seed), 'subscriptions');
    const off = subs.filter((s) => {
      const [lo, hi] = bands[s['plan'] as string]!;
      const price = s['monthly_price'] as number;
      return price < lo || price > hi;
    });
    t.same(off.slice(0, 2), [], `seed ${seed}: every price in its plan's band`);
    const seats: Record<string, [number, number]> = {
      starter: [1, 10],
      pro: [5, 50],
      business: [25, 200],
      enterprise: [150, 1000],
    };
    const crowded = subs.filter((s) => {
      const [lo, hi] = seats[s['plan'] as string]!;
      return (s['seats'] as number) < lo || (s['seats'] as number) > hi;
    });
    t.same(crowded.slice(0, 2), [], `seed ${seed}: seats in the plan's band too`);
  }
  const plans = (params: Record<string, unknown>): TableSpec[] => [
    {
      name: 'plans',
      count: 200,
      fields: [
        { name: 'tier', type: 'enum', params: { values: ['basic', 'gold', 'custom'] } },
        { name: 'fee', type: 'price', params: { min: 1, max: 900, by: 'tier', ...params } },
      ],
    },
  ];
  const counts = allRows(
    planOf(
      [
        {
          name: 'teams',
          count: 200,
          fields: [
            { name: 'tier', type: 'enum', params: { values: ['basic', 'gold', 'wide', 'constructor'] } },
            {
              name: 'size',
              type: 'integer',
              params: {
                min: 1,
                max: 40,
                by: 'tier',
                bands: { basic: [1, 3], gold: [30, 90], wide: [50, 60] },
              },
            },
          ],
        },
      ],
      2,
    ),
    'teams',
  );
  const sizes = (tier: string) => counts.filter(([x]) => x === tier).map(([, n]) => n as number);
  t.ok(
    sizes('basic').every((n) => n >= 1 && n <= 3),
    'an integer band: basic teams of 1–3',
  );
  t.ok(
    sizes('gold').every((n) => n >= 30 && n <= 40),
    'a band past max keeps inside max',
  );
  t.ok(
    Math.max(...sizes('wide')) > 30 && Math.min(...sizes('wide')) < 10,
    'a band that misses [min, max]: the range',
  );
  t.ok(
    sizes('constructor').length > 0 &&
      sizes('constructor').every((n) => Number.isInteger(n) && n >= 1 && n <= 40),
    'a value named like an object property has no band: the range',
  );
  const halfBand = compile({
    tables: [
      {
        name: 'teams',
        count: 3,
        fields: [
          { name: 'tier', type: 'enum', params: { values: ['basic'] } },
          {
            name: 'size',
            type: 'integer',
            params: { min: 1, max: 40, by: 'tier', bands: { basic: [5.5, 5.7] } },
          },
        ],
      },
    ],
    seed: 1,
    locale: 'en',
  });
  t.match(
    halfBand,
    { ok: false, error: { details: [{ field: 'tables[0].fields[1].params.bands' }] } },
    'an integer band with no whole number',
  );
  const rows = allRows(planOf(plans({ bands: { basic: [5, 9], gold: [50, 60] } }), 2), 'plans');
  const range = (tier: string) => {
    const fees = rows.filter(([x]) => x === tier).map(([, f]) => f as number);
    return [Math.min(...fees), Math.max(...fees)] as const;
  };
  t.ok(range('basic')[0] >= 5 && range('basic')[1] <= 9, 'basic in 5–9');
  t.ok(range('gold')[0] >= 50 && range('gold')[1] <= 60, 'gold in 50–60');
  t.ok(range('custom')[1] > 60, 'a tier without a band: min–max');
  for (const [name, params] of [
    ['without by', { by: undefined, bands: { basic: [5, 9] } }],
    ['not a pair', { bands: { basic: [5] } }],
    ['min above max', { bands: { basic: [9, 5] } }],
    ['not an object', { bands: [[5, 9]] }],
  ] as const) {
    const result = compile({ tables: plans(params), seed: 1, locale: 'en' });
    t.match(result, { ok: false, error: { details: [{ field: 'tables[0].fields[1].params.bands' }] } }, name);
  }
});

t.test('a review by its product says only what fits the product’s kind, in one tone', async (t) => {
  const phrases = Object.values(reviewData.tones).flatMap((tone) =>
    Object.values(tone).flatMap((list) => list.flatMap((p) => (typeof p === 'string' ? [] : [p]))),
  );
  const kindOf = new Map(
    products.categories.flatMap((c) =>
      c.products.map((p) => [p.noun, 'kind' in p && typeof p.kind === 'string' ? p.kind : c.kind]),
    ),
  );
  const tables: TableSpec[] = [
    {
      name: 'products',
      count: 300,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'name', type: 'product_name' },
      ],
    },
    {
      name: 'reviews',
      count: 3000,
      fields: [
        { name: 'product_id', type: 'ref', params: { table: 'products' } },
        rating,
        { name: 'title', type: 'review_title', params: { by: ['rating', 'product_id.name'] } },
        { name: 'body', type: 'review', params: { by: ['rating', 'product_id.name'] } },
      ],
    },
  ];
  const plan = planOf(tables, 3);
  const names = new Map(recordsOf(plan, 'products').map((p) => [p['id'], p['name'] as string]));
  const misfits: string[] = [];
  const kinds = new Set<string>();
  for (const r of recordsOf(plan, 'reviews')) {
    const name = names.get(r['product_id'])!;
    const kind = [...kindOf].find(([noun]) => name.endsWith(' ' + noun))![1];
    kinds.add(kind);
    const text = `${r['title']} | ${r['body']}`;
    for (const p of phrases)
      if (text.includes(p.text) && !p.fits.includes(kind)) misfits.push(`${name}: ${p.text}`);
  }
  t.same(misfits.slice(0, 3), [], 'no phrase of another kind');
  t.same([...kinds].sort(), ['book', 'care', 'device', 'food', 'item', 'wear'], 'every kind reviewed');
  // Without a product, one review keeps to one kind: no lotion that was easy to set up.
  const plain = recordsOf(planOf(reviews([rating, body], 3000), 4), 'reviews');
  const mixed = plain.filter((r) => {
    const fits = phrases.filter((p) => (r['body'] as string).includes(p.text)).map((p) => p.fits);
    return !['book', 'care', 'device', 'food', 'item', 'wear'].some((k) => fits.every((f) => f.includes(k)));
  });
  t.same(mixed.slice(0, 3), [], 'each plain review fits some one kind');
});
