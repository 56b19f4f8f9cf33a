/**
 * What a client of the hosted service relies on when it switches to us: every column the hosted
 * templates return, under the same name, in the same table (written down here as data, from the
 * hosted templates, independently of ours), and the same meaning for the columns it gained: a total
 * is the sum of its order's items, a last change is not before the creation, a child's date is not
 * before its parent's, a draft is unpublished, and a column under a second name holds our value.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { compile, expandTemplate, TEMPLATES, type GenerationPlan } from '../../workers/engine/index.js';
import { brokenPromises } from '../realism/checker.js';
import { brokenRules, notBefore, sameAs, setOnlyWhen, sumOf } from '../realism/rules.js';
import { allRows } from './engine-helpers.js';

/** The hosted templates' tables and columns (145 columns). */
const HOSTED: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  ecommerce: {
    customers: [
      'id',
      'country',
      'first_name',
      'last_name',
      'email',
      'phone',
      'address',
      'city',
      'postal_code',
      'avatar_url',
      'created_at',
      'updated_at',
      'is_active',
    ],
    products: [
      'id',
      'name',
      'description',
      'category',
      'price',
      'sku',
      'image_url',
      'stock_quantity',
      'created_at',
      'updated_at',
    ],
    orders: [
      'id',
      'order_number',
      'customer_id',
      'status',
      'total',
      'currency',
      'payment_method',
      'ordered_at',
      'updated_at',
    ],
    order_items: ['id', 'order_id', 'product_id', 'quantity', 'unit_price'],
    reviews: ['id', 'customer_id', 'product_id', 'rating', 'title', 'body', 'created_at'],
  },
  blog: {
    authors: [
      'id',
      'country',
      'first_name',
      'last_name',
      'email',
      'username',
      'avatar_url',
      'bio',
      'created_at',
    ],
    posts: [
      'id',
      'author_id',
      'title',
      'slug',
      'excerpt',
      'content',
      'featured_image',
      'status',
      'created_at',
      'published_at',
      'updated_at',
    ],
    comments: ['id', 'post_id', 'commenter_name', 'commenter_email', 'body', 'is_approved', 'created_at'],
    tags: ['id', 'name', 'slug'],
    post_tags: ['id', 'post_id', 'tag_id'],
  },
  saas: {
    organizations: ['id', 'name', 'slug', 'domain', 'country', 'created_at', 'updated_at'],
    members: [
      'id',
      'org_id',
      'country',
      'first_name',
      'last_name',
      'email',
      'role',
      'job_title',
      'avatar_url',
      'invited_at',
    ],
    subscriptions: [
      'id',
      'org_id',
      'plan',
      'status',
      'interval',
      'amount',
      'currency',
      'current_period_start',
      'current_period_end',
      'trial_end',
      'started_at',
      'updated_at',
    ],
    invoices: [
      'id',
      'invoice_number',
      'subscription_id',
      'amount',
      'currency',
      'status',
      'issued_at',
      'due_date',
    ],
  },
  social: {
    users: [
      'id',
      'country',
      'username',
      'first_name',
      'last_name',
      'email',
      'avatar_url',
      'display_name',
      'bio',
      'is_verified',
      'created_at',
      'updated_at',
    ],
    posts: ['id', 'user_id', 'content', 'hashtag', 'created_at'],
    likes: ['id', 'user_id', 'post_id', 'created_at'],
    follows: ['id', 'follower_id', 'following_id', 'created_at'],
    messages: ['id', 'sender_id', 'receiver_id', 'body', 'is_read', 'sent_at'],
  },
};

function planFor(
  id: (typeof TEMPLATES)[number]['id'],
  scale: number,
  seed: number,
  locale = 'en',
): GenerationPlan {
  const result = compile({ tables: expandTemplate(id, scale), seed, locale });
  if (!result.ok) throw new Error(`${id} x${scale}: ${result.error.message}`);
  return result.plan;
}

t.test('the hosted column list is the one the hosted templates return', (t) => {
  const columns = Object.values(HOSTED).flatMap((tables) => Object.values(tables).flat());
  t.equal(columns.length, 145);
  t.same(
    Object.keys(HOSTED),
    TEMPLATES.map((x) => x.id),
  );
  t.end();
});

for (const template of TEMPLATES) {
  t.test(`${template.id} has every hosted table and column`, (t) => {
    const plan = planFor(template.id, 0.1, 11);
    const ours = new Map(plan.tables.map((table) => [table.name, table.fields.map((f) => f.name)]));
    for (const [table, columns] of Object.entries(HOSTED[template.id] ?? {})) {
      const have = new Set(ours.get(table) ?? []);
      t.same(
        columns.filter((c) => !have.has(c)),
        [],
        `${template.id}.${table}`,
      );
    }
    // Every generated row carries every hosted column (a record has each key).
    for (const [table, columns] of Object.entries(HOSTED[template.id] ?? {})) {
      const names = ours.get(table) ?? [];
      const rows = allRows(plan, table);
      t.ok(rows.length > 0 && rows.every((r) => r.length === names.length), `${table} rows`);
      t.ok(
        columns.every((c) => names.includes(c)),
        `${table} rows hold ${columns.length} hosted columns`,
      );
    }
    t.end();
  });
}

t.test('the new columns keep the promises, in two locales and at two scales', (t) => {
  for (const template of TEMPLATES) {
    for (const [scale, seed, locale] of [
      [0.2, 3, 'en'],
      [1, 4, 'de'],
    ] as const) {
      const plan = planFor(template.id, scale, seed, locale);
      t.same(
        [...brokenPromises(plan), ...brokenRules(template.id, plan)],
        [],
        `${template.id} x${scale} ${locale}`,
      );
    }
  }
  t.end();
});

t.test('a total is the sum of its items and every last change follows the creation', (t) => {
  const shop = planFor('ecommerce', 0.5, 21);
  t.same(sumOf('orders', 'total', 'order_items', 'order_id', ['quantity', 'unit_price'])(shop), []);
  t.same(sameAs('orders', 'total', 'total_amount')(shop), []);
  for (const table of ['customers', 'products', 'orders'])
    t.same(notBefore(table, 'updated_at', 'created_at')(shop), [], `${table}.updated_at`);
  const social = planFor('social', 0.2, 22);
  t.same(notBefore('users', 'updated_at', 'created_at')(social), []);
  const saas = planFor('saas', 1, 23);
  t.same(notBefore('organizations', 'updated_at', 'created_at')(saas), []);
  t.same(notBefore('subscriptions', 'updated_at', 'started_at')(saas), []);
  t.end();
});

t.test("a child's date is not before its parent's, and drafts are unpublished", (t) => {
  const shop = planFor('ecommerce', 0.5, 31);
  const orders = new Map(allRows(shop, 'orders').map((r) => [r[0], r]));
  const orderFields = shop.tables.find((x) => x.name === 'orders')?.fields.map((f) => f.name) ?? [];
  const itemFields = shop.tables.find((x) => x.name === 'order_items')?.fields.map((f) => f.name) ?? [];
  const orderedAt = orderFields.indexOf('ordered_at');
  const [orderId, itemAt] = [itemFields.indexOf('order_id'), itemFields.indexOf('created_at')];
  const early = allRows(shop, 'order_items').filter(
    (item) => String(item[itemAt]) < String(orders.get(item[orderId] ?? null)?.[orderedAt]),
  );
  t.same(early, [], 'no item before its order was placed');

  const saas = planFor('saas', 1, 32);
  const orgs = new Map(allRows(saas, 'organizations').map((r) => [r[0], r]));
  const orgCreated = saas.tables[0]?.fields.findIndex((f) => f.name === 'created_at') ?? -1;
  const memberFields = saas.tables.find((x) => x.name === 'members')?.fields.map((f) => f.name) ?? [];
  const [org, invited] = [memberFields.indexOf('org_id'), memberFields.indexOf('invited_at')];
  t.same(
    allRows(saas, 'members').filter(
      (m) => String(m[invited]) < String(orgs.get(m[org] ?? null)?.[orgCreated]),
    ),
    [],
    'nobody is invited before the organization existed',
  );
  t.same(notBefore('members', 'joined_at', 'invited_at')(saas), [], 'invited before joining');

  const blog = planFor('blog', 1, 33);
  t.same(setOnlyWhen('posts', 'published_at', 'status', ['published', 'archived'])(blog), []);
  const posts = blog.tables.find((x) => x.name === 'posts')?.fields.map((f) => f.name) ?? [];
  const drafts = allRows(blog, 'posts').filter((p) => p[posts.indexOf('status')] === 'draft');
  t.ok(drafts.length > 0, 'the blog has drafts');
  t.ok(
    drafts.every((p) => p[posts.indexOf('published_at')] === null),
    'no draft has a published_at',
  );
  t.end();
});

t.test('docs/templates.md lists every column of every template, marked hosted or ours', (t) => {
  const doc = readFileSync(new URL('../../docs/templates.md', import.meta.url), 'utf8');
  for (const template of TEMPLATES) {
    for (const table of template.tables) {
      const start = doc.indexOf(`### ${template.id}.${table.name}\n`);
      t.ok(start >= 0, `${template.id}.${table.name} has a section`);
      const section = doc.slice(start).split('\n### ')[0]?.split('\n## ')[0] ?? '';
      const rows = [...section.matchAll(/^\| `(\w+)` \| (hosted|ours) \|/gm)].map((m) => [m[1], m[2]]);
      const hosted = new Set(HOSTED[template.id]?.[table.name] ?? []);
      t.same(
        rows,
        table.fields.map((f) => [f.name, hosted.has(f.name) ? 'hosted' : 'ours']),
        `${template.id}.${table.name} rows`,
      );
    }
  }
  t.end();
});
