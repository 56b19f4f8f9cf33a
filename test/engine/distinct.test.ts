/**
 * `distinct: true`: no value of a field comes twice before every one of its type's values has come
 * once; then each comes again, round after round in an order of each round's own. It holds in any
 * chunking and for a count past the type's values (where `unique: true` refuses). The ecommerce
 * template's product names, the saas template's organization names and the blog template's post
 * titles are distinct; a product's category is the one its name is of.
 */
import t from 'tap';
import { compile, type FieldSpec, generateRecords, type TableSpec } from '../../workers/engine/index.js';
import { entryOf, PRODUCT_NAMES } from '../../workers/engine/types/product-catalogue.js';
import { column, planOf, recordsOf } from './engine-helpers.js';
import { expandTemplate } from '../../workers/engine/expand-template.js';

const products = (count: number, name: Record<string, unknown> = { distinct: true }): TableSpec[] => [
  {
    name: 'products',
    count,
    fields: [
      { name: 'name', type: 'product_name', params: name },
      { name: 'category', type: 'product_category', params: { by: 'name' } },
    ],
  },
];

/** How often each value comes. */
const tally = (values: readonly unknown[]) => {
  const counts = new Map<unknown, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};

t.test('every name once while the catalogue lasts, then each round again', async (t) => {
  const names = PRODUCT_NAMES.length;
  t.ok(names > 1000, `${names} catalogue names`);
  const first = column(planOf(products(names), 3), 'products', 'name');
  t.equal(new Set(first).size, names, 'all of them, none twice');
  const plain = column(planOf(products(200, {}), 3), 'products', 'name');
  t.ok(new Set(plain).size < 200, 'a plain draw repeats names among 200 (the test can fail)');
  const count = names * 2 + 100;
  const all = column(planOf(products(count), 3), 'products', 'name');
  const rounds = [all.slice(0, names), all.slice(names, 2 * names), all.slice(2 * names)];
  for (const [k, round] of rounds.entries())
    t.equal(new Set(round).size, round.length, `round ${k} distinct`);
  t.not(rounds[1]!.join(), rounds[0]!.join(), 'the second round in an order of its own');
  const often = [...tally(all).values()];
  t.ok(Math.max(...often) - Math.min(...often) <= 1, 'each name as often as any other, give or take one');
});

t.test('the same rows in any chunking; the category is the name’s', async (t) => {
  const plan = planOf(products(3000), 8);
  const rows = recordsOf(plan, 'products');
  const chunked = [0, 1, 1247, 1248, 2500].flatMap((start, k, all) =>
    generateRecords(plan, 'products', start, all[k + 1] ?? 3000),
  );
  t.same(chunked, rows);
  const wrong = rows.filter((r) => entryOf([r['name'] as string])?.category.name !== r['category']);
  t.same(wrong, [], "every category is its product's");
});

t.test('distinct titles name each topic in every form', async (t) => {
  const titles = column(
    planOf(
      [{ name: 'posts', count: 270, fields: [{ name: 't', type: 'title', params: { distinct: true } }] }],
      4,
    ),
    'posts',
    't',
  );
  t.equal(new Set(titles).size, 270);
  const why = titles.filter((x) => String(x).startsWith('Why ')).length;
  t.equal(why, 18, 'each plain form once a topic');
});

t.test('the hosted categories and a locale list are distinct too', async (t) => {
  const hosted = column(planOf(products(60, { distinct: true, category: 'food' })), 'products', 'name');
  t.equal(new Set(hosted).size, 60);
  const companies = column(
    planOf([
      {
        name: 'orgs',
        count: 300,
        fields: [{ name: 'name', type: 'company_name', params: { distinct: true } }],
      },
    ]),
    'orgs',
    'name',
  );
  t.equal(new Set(companies).size, 300);
});

t.test('the templates name each product and organization once, and title each post once', async (t) => {
  for (const [id, table, field] of [
    ['ecommerce', 'products', 'name'],
    ['saas', 'organizations', 'name'],
    ['blog', 'posts', 'title'],
  ] as const) {
    for (const seed of [1, 2, 3]) {
      const plan = planOf(expandTemplate(id, 1), seed);
      const names = column(plan, table, field);
      t.equal(new Set(names).size, names.length, `${id} seed ${seed}`);
    }
  }
});

const refused = (tables: TableSpec[]) => {
  const result = compile({ tables, seed: 1, locale: 'en' });
  if (result.ok) throw new Error('compiled');
  return result.error;
};

t.test('what cannot be distinct is refused at the param; a uuid already is', async (t) => {
  const one = (field: FieldSpec): TableSpec[] => [{ name: 'x', count: 5, fields: [field] }];
  t.match(refused(one({ name: 'a', type: 'product_name', params: { distinct: 'yes' } })).details[0], {
    field: 'tables[0].fields[0].params.distinct',
    message: /boolean/,
  });
  t.match(refused(one({ name: 'a', type: 'sentence', params: { distinct: true } })).details[0], {
    field: 'tables[0].fields[0].params.distinct',
    message: /list of distinct values/,
  });
  const keyed: TableSpec[] = [
    {
      name: 'products',
      count: 5,
      fields: [
        { name: 'name', type: 'product_name', params: { distinct: true, by: 'category' } },
        { name: 'category', type: 'product_category' },
      ],
    },
  ];
  t.match(refused(keyed).details[0], { field: 'tables[0].fields[0].params.distinct', message: /not by/ });
  const ids = column(planOf(one({ name: 'a', type: 'uuid', params: { distinct: true } })), 'x', 'a');
  t.equal(new Set(ids).size, 5);
});
