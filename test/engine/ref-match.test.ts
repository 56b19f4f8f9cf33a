/**
 * A ref's `match`: in a junction keyed by a per_parent ref and this one, each parent's children take
 * first the rows that share its topic (a post on public speaking is tagged `public-speaking`,
 * `career`, `communication`), then the others once those run out; pairs stay distinct and the rows
 * are the same in any chunking. What match cannot do is refused at the param.
 */
import t from 'tap';
import { compile, expandTemplate, generateRecords, type TableSpec } from '../../workers/engine/index.js';
import { TITLE_TOPICS } from '../../workers/engine/types/text-data.js';
import articles from '../../workers/engine/vocabulary/articles.en.json' with { type: 'json' };
import { MAX_FILTERED_PARENTS } from '../../workers/engine/compile-order.js';
import { planOf, recordsOf } from './engine-helpers.js';

const topics = articles.topics as Record<string, { tags: string[] }>;
const areas = articles.areas as Record<string, string[]>;

/** The topics a tag names, by reading the data (the engine keeps a bit mask). */
const topicsOfTag = (tag: string): string[] =>
  areas[tag] ?? Object.keys(topics).filter((name) => topics[name]!.tags.includes(tag));
/** The topic a title names (tests may search; the engine looks titles up). */
const topicIn = (title: string) => TITLE_TOPICS.find((topic) => title.includes(topic));

/** post_tags joined to their post's title and tag's name. */
function taggings(tables: TableSpec[], seed: number) {
  const plan = planOf(tables, seed);
  const posts = new Map(recordsOf(plan, 'posts').map((p) => [p['id'], p['title'] as string]));
  const tags = new Map(recordsOf(plan, 'tags').map((x) => [x['id'], x['name'] as string]));
  return recordsOf(plan, 'post_tags').map((r) => ({
    post: r['post_id'],
    title: posts.get(r['post_id']) as string,
    tag: tags.get(r['tag_id']) as string,
  }));
}

t.test('the data: 20 blog tags, every topic meets three, every area names topics', async (t) => {
  t.equal(articles.blog_tags.length, 20, 'the interface gives the blog template 20 tags');
  t.equal(new Set(articles.blog_tags).size, 20, 'each once');
  for (const topic of TITLE_TOPICS) {
    const fits = articles.blog_tags.filter((tag) => topicsOfTag(tag).includes(topic));
    t.ok(fits.length >= 3, `${topic}: ${fits.join(', ')}`);
  }
  t.same(
    Object.values(areas)
      .flat()
      .filter((name) => !TITLE_TOPICS.includes(name)),
    [],
    'areas name known topics',
  );
});

t.test("the blog template tags every post with its topic's tags, on three seeds and at scale", async (t) => {
  for (const [seed, scale] of [
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 4],
  ] as const) {
    const rows = taggings(expandTemplate('blog', scale), seed);
    const stray = rows.filter((r) => !topicsOfTag(r.tag).includes(topicIn(r.title) ?? ''));
    t.same(stray.slice(0, 3), [], `seed ${seed}: no tag off the post's topic`);
    t.equal(new Set(rows.map((r) => `${String(r.post)} ${r.tag}`)).size, 400 * scale, 'distinct pairs');
    t.equal(new Set(rows.map((r) => r.post)).size, 150 * scale, 'every post has a tag');
    t.ok(new Set(rows.map((r) => r.tag)).size >= 18, 'most tags in use');
  }
});

/** Posts titled on topics, tags of which only `fitting` fit every post (a 'Public Speaking' title). */
function junction(fitting: string[], others: string[], titles: Record<string, unknown>, match: unknown) {
  const tags = [...fitting, ...others];
  return [
    {
      name: 'posts',
      count: 40,
      fields: [
        { name: 'id', type: 'integer', unique: true, params: { min: 1, max: 40 } },
        { name: 'title', ...titles },
      ],
    },
    {
      name: 'tags',
      count: tags.length,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'name', type: 'enum', unique: true, params: { values: tags } },
      ],
    },
    {
      name: 'post_tags',
      count: 120,
      unique: [['post_id', 'tag_id']],
      fields: [
        { name: 'post_id', type: 'ref', params: { table: 'posts', per_parent: { min: 3, max: 3 } } },
        { name: 'tag_id', type: 'ref', params: { table: 'tags', match } },
      ],
    },
  ] as TableSpec[];
}

const speaking = { type: 'enum', params: { values: ['How to Get Started with Public Speaking'] } };
const byTitle = { field: 'name', by: 'post_id.title' };

t.test('once the fitting rows run out, the others follow, still distinct', async (t) => {
  const rows = taggings(junction(['stage-fright'], ['sql', 'gardening', 'budgeting'], speaking, byTitle), 4);
  const perPost = new Map<unknown, string[]>();
  for (const r of rows) perPost.set(r.post, [...(perPost.get(r.post) ?? []), r.tag]);
  t.equal(perPost.size, 40);
  for (const [post, tags] of perPost) {
    if (!tags.includes('stage-fright') || new Set(tags).size !== 3)
      t.fail(`post ${String(post)}: ${tags.join(', ')}`);
  }
  const later = new Set(rows.map((r) => r.tag).filter((tag) => tag !== 'stage-fright'));
  t.same([...later].sort(), ['budgeting', 'gardening', 'sql'], 'the rest drawn among the others');
});

t.test('a parent of no known topic takes a plain permutation', async (t) => {
  const words = { type: 'enum', params: { values: ['Quarterly notes'] } };
  const matched = taggings(junction(['stage-fright'], ['sql', 'gardening', 'budgeting'], words, byTitle), 4);
  t.equal(new Set(matched.map((r) => `${String(r.post)} ${r.tag}`)).size, 120, 'distinct pairs');
  const without = new Set(matched.map((r) => r.post));
  for (const r of matched) if (r.tag === 'stage-fright') without.delete(r.post);
  t.ok(without.size > 0, 'a post may go without the tag a topic would have put first');
});

t.test('the rows are the same in any chunking', async (t) => {
  const plan = planOf(expandTemplate('blog', 1), 7);
  const whole = recordsOf(plan, 'post_tags');
  const chunked = [0, 13, 14, 250].flatMap((start, k, all) =>
    generateRecords(plan, 'post_tags', start, all[k + 1] ?? 400),
  );
  t.same(chunked, whole);
});

t.test('in_order: a field takes its type’s values in their order, unique or cycling', async (t) => {
  const tags = (count: number, params: Record<string, unknown>, unique = true): TableSpec[] => [
    { name: 'tags', count, fields: [{ name: 'name', type: 'tag', unique, params }] },
  ];
  const names = recordsOf(planOf(tags(30, { in_order: true })), 'tags').map((r) => r['name']);
  t.same(names.slice(0, 20), articles.blog_tags, "the blog's 20 first, in row order");
  t.equal(new Set(names).size, 30, 'then other tags, distinct');
  const permuted = recordsOf(planOf(tags(20, {})), 'tags').map((r) => r['name']);
  t.not(permuted.join(), articles.blog_tags.join(), 'unique alone permutes');
  const cycling = recordsOf(planOf(tags(250, { in_order: true }, false)), 'tags').map((r) => r['name']);
  const all = new Set(cycling).size;
  t.ok(all > 100 && all < 250, 'without unique, every tag once, then again');
  t.same(cycling.slice(all, all + 20), articles.blog_tags, 'from the first');
  t.match(
    compile({ tables: tags(250, { in_order: true }), seed: 1, locale: 'en' }),
    { ok: false, error: { details: [{ field: 'tables[0].fields[0].unique' }] } },
    'unique: no more rows than values',
  );
  for (const [name, tables] of [
    ['not a boolean', tags(5, { in_order: 'yes' })],
    [
      'on a type without a list',
      [
        {
          name: 'x',
          count: 3,
          fields: [{ name: 'id', type: 'uuid', unique: true, params: { in_order: true } }],
        },
      ],
    ],
  ] as const) {
    const result = compile({ tables: tables as TableSpec[], seed: 1, locale: 'en' });
    t.match(
      result,
      { ok: false, error: { details: [{ field: 'tables[0].fields[0].params.in_order' }] } },
      name,
    );
  }
});

const refused = (tables: TableSpec[]) => {
  const result = compile({ tables, seed: 1, locale: 'en' });
  if (result.ok) throw new Error('expected an error');
  return result.error;
};

/** Sets the junction's match param. */
const withMatch = (match: unknown) => (tables: TableSpec[]) => {
  (tables[2]!.fields[1]!.params as Record<string, unknown>)['match'] = match;
};

t.test('what match cannot do is a schema error at the param', async (t) => {
  const base = () => junction(['stage-fright'], ['sql', 'gardening'], speaking, byTitle);
  const param = 'tables[2].fields[1].params.match';
  const cases: [string, (tables: TableSpec[]) => void, string, RegExp][] = [
    ['not an object', withMatch('name'), param, /must be \{field, by\}/],
    ['an unknown key', withMatch({ ...byTitle, on: 1 }), param, /must be/],
    [
      'no such field',
      withMatch({ field: 'label', by: 'post_id.title' }),
      `${param}.field`,
      /not defined in "tags"/,
    ],
    [
      'by not through the per_parent ref',
      withMatch({ field: 'name', by: 'post_id' }),
      `${param}.by`,
      /post_id.<field>/,
    ],
    [
      'by of no such field',
      withMatch({ field: 'name', by: 'post_id.heading' }),
      `${param}.by`,
      /not defined in "posts"/,
    ],
    ['no unique key', (s) => ((s[2] as { unique: unknown }).unique = []), param, /per_parent/],
    [
      'no per_parent partner',
      (s) => delete (s[2]!.fields[0]!.params as Record<string, unknown>)['per_parent'],
      param,
      /per_parent/,
    ],
  ];
  for (const [name, change, path, message] of cases) {
    const tables = base();
    change(tables);
    const error = refused(tables);
    t.equal(error.code, 'SCHEMA_ERROR', name);
    t.match(error.details, [{ field: path, message }], name);
  }
});

t.test('where on a junction’s second ref: the rows in that state first, then the others', async (t) => {
  for (const seed of [1, 2, 3]) {
    const plan = planOf(expandTemplate('ecommerce', 1), seed);
    const active = new Map(recordsOf(plan, 'products').map((p) => [p['id'], p['is_active']]));
    const items = recordsOf(plan, 'order_items');
    t.same(
      items.filter((i) => active.get(i['product_id']) !== true).slice(0, 2),
      [],
      `seed ${seed}: every item of a product on sale`,
    );
    t.equal(
      new Set(items.map((i) => `${String(i['order_id'])} ${String(i['product_id'])}`)).size,
      900,
      'distinct pairs',
    );
  }
  const shop = (where: Record<string, unknown>): TableSpec[] => [
    {
      name: 'products',
      count: 6,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'code', type: 'enum', unique: true, params: { values: ['a', 'b', 'c', 'x', 'y', 'z'] } },
      ],
    },
    { name: 'orders', count: 30, fields: [{ name: 'id', type: 'sequence' }] },
    {
      name: 'items',
      count: 120,
      unique: [['order_id', 'product_id']],
      fields: [
        { name: 'order_id', type: 'ref', params: { table: 'orders', per_parent: { min: 4, max: 4 } } },
        { name: 'product_id', type: 'ref', params: { table: 'products', where } },
      ],
    },
  ];
  const plan = planOf(shop({ field: 'code', in: ['a', 'b', 'c'] }), 3);
  const onSale = new Set(['a', 'b', 'c']);
  const state = new Map(
    recordsOf(plan, 'products').map((p) => [p['id'], onSale.has(p['code'] as string) ? 'on sale' : 'gone']),
  );
  const perOrder = new Map<unknown, string[]>();
  for (const i of recordsOf(plan, 'items'))
    perOrder.set(i['order_id'], [
      ...(perOrder.get(i['order_id']) ?? []),
      state.get(i['product_id']) as string,
    ]);
  t.equal(perOrder.size, 30);
  const short = [...perOrder.values()].filter((states) => states.filter((s) => s === 'on sale').length !== 3);
  t.same(short, [], 'each order takes the three products on sale before one that is gone');
  const selfFree: TableSpec[] = [
    {
      name: 'users',
      count: 5,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'active', type: 'boolean' },
      ],
    },
    {
      name: 'follows',
      count: 20,
      unique: [['a', 'b']],
      fields: [
        {
          name: 'a',
          type: 'ref',
          params: { table: 'users', per_parent: { min: 4, max: 4 }, allow_self: false },
        },
        {
          name: 'b',
          type: 'ref',
          params: { table: 'users', allow_self: false, where: { field: 'active', in: [true] } },
        },
      ],
    },
  ];
  t.match(
    compile({ tables: selfFree, seed: 1, locale: 'en' }),
    {
      ok: false,
      error: {
        details: [{ field: 'tables[1].fields[1].params.where', message: /without allow_self: false/ }],
      },
    },
    'not beside allow_self: false, whose pairs it would break',
  );
  const huge = shop({ field: 'code', in: ['a'] });
  (huge[0] as { count: number }).count = MAX_FILTERED_PARENTS + 1;
  const refusal = compile({ tables: huge, seed: 1, locale: 'en' });
  t.ok(
    !refusal.ok &&
      refusal.error.details?.some(
        (d) => d.field === 'tables[2].fields[1].params.where' && /at most/.test(d.message),
      ),
    'a partner table of more rows than it reads',
  );
  t.match(
    compile({ tables: shop({ field: 'status', in: ['x'] }), seed: 1, locale: 'en' }),
    {
      ok: false,
      error: {
        details: [{ field: 'tables[2].fields[1].params.where.field', message: /not defined in "products"/ }],
      },
    },
    'a field the partner table lacks',
  );
});
