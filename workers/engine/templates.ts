/**
 * The four pre-built templates (data only): tables with the interface's default counts, realistic
 * fields, unique junction pairs, no self-follows or self-messages, and timestamps that follow every
 * row they refer to (the engine's default). Derived values hold together: an order's total is the sum
 * of its items, an item's price its product's, an invoice bills its subscription's price, and dates
 * of states a row has not reached are null (`when`). Country fields show the request locale's
 * country, as every row uses that locale. Every column of the hosted service's templates is here
 * under its name (docs/templates.md); where ours meant the same under another name, the hosted name
 * is a second column with the same value (`alias`).
 */
import type { FieldSpec, TableSpec } from './schema.js';

/** The template ids: the one list (the request schema and the estimate take theirs from here). */
export const TEMPLATE_IDS = ['ecommerce', 'blog', 'saas', 'social'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface Template {
  readonly id: TemplateId;
  readonly name: string;
  readonly description: string;
  readonly tables: readonly TableSpec[];
}

const id: FieldSpec = { name: 'id', type: 'uuid' };
const ref = (name: string, table: string, extra: Record<string, unknown> = {}): FieldSpec => ({
  name,
  type: 'ref',
  params: { table, ...extra },
});
const at = (name: string, params: Record<string, unknown>, nullable = false): FieldSpec =>
  nullable ? { name, type: 'datetime', params, nullable } : { name, type: 'datetime', params };
const oneOf = (name: string, values: string[], weights: number[]): FieldSpec => ({
  name,
  type: 'enum',
  params: { values, weights },
});
/** The data's present: the last day the templates' events reach (their default window's end). */
const PRESENT = '2025-06-30';
const since = (min: string, max = PRESENT) => ({ min, max });
/** The same value as `source` of this row, under the hosted service's name for it. */
const alias = (name: string, source: string): FieldSpec => ({
  name,
  type: 'lookup',
  params: { from: source },
});
/** A weighted status that has settled (one of `settled.values`) in rows dated before `settled.before`. */
const settledStatus = (
  values: string[],
  weights: number[],
  settled: { by: string; before: string; values: string[] },
): FieldSpec => ({
  name: 'status',
  type: 'enum',
  params: { values, weights, by: settled.by, settled: { before: settled.before, values: settled.values } },
});
/** A last change: not before any of `events`, within `days` of the latest. */
const updated = (events: string | string[], days: number): FieldSpec =>
  at('updated_at', { after: events, max_gap_days: days });

const ecommerce: Template = {
  id: 'ecommerce',
  name: 'E-commerce',
  description: 'Online shop: customers, products, orders with their line items, and product reviews.',
  tables: [
    {
      name: 'customers',
      count: 100,
      fields: [
        id,
        { name: 'first_name', type: 'first_name' },
        { name: 'last_name', type: 'last_name' },
        { name: 'email', type: 'email' },
        { name: 'phone', type: 'phone' },
        // The street line: the city and postal code have their own columns, which a full address
        // drawn on its own would contradict.
        { name: 'address', type: 'street_address' },
        { name: 'city', type: 'city' },
        { name: 'postal_code', type: 'postal_code' },
        { name: 'country', type: 'country' },
        { name: 'avatar_url', type: 'avatar_url' },
        { name: 'is_active', type: 'boolean', params: { probability: 0.92 } },
        at('created_at', since('2023-01-01', '2025-03-31')),
        updated('created_at', 365),
      ],
    },
    {
      name: 'products',
      count: 50,
      fields: [
        id,
        // One catalogue product per row, no name twice while the catalogue lasts: its category, a
        // description that names it, what it is made of, and a price in its band.
        { name: 'name', type: 'product_name', params: { distinct: true } },
        { name: 'sku', type: 'sku' },
        { name: 'category', type: 'product_category', params: { by: 'name' } },
        { name: 'description', type: 'product_description', params: { by: 'name' } },
        { name: 'material', type: 'product_material', params: { by: 'name' } },
        { name: 'price', type: 'product_price', params: { by: 'name' } },
        { name: 'image_url', type: 'image_url' },
        { name: 'stock', type: 'integer', params: { min: 0, max: 500 } },
        alias('stock_quantity', 'stock'),
        { name: 'is_active', type: 'boolean', params: { probability: 0.9 } },
        // The catalogue is there before the first customer: an order's items are never pushed past
        // the order by a product created after it.
        at('created_at', since('2022-01-01', '2022-12-31')),
        updated('created_at', 180),
      ],
    },
    {
      name: 'orders',
      count: 300,
      fields: [
        id,
        // Rows in the order they were placed, so the order numbers and the dates agree; each by a
        // customer who had signed up by then.
        ref('customer_id', 'customers', { as_of: 'created_at' }),
        { name: 'order_number', type: 'sequence', params: { start: 10001, prefix: 'ORD-' } },
        // An order placed before the data's last fortnight has settled: delivered, cancelled or refunded.
        settledStatus(
          ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'],
          [5, 10, 20, 55, 7, 3],
          { by: 'created_at', before: '2025-06-16', values: ['delivered', 'cancelled', 'refunded'] },
        ),
        {
          name: 'total_amount',
          type: 'aggregate',
          params: { table: 'order_items', ref: 'order_id', op: 'sum', of: ['quantity', 'unit_price'] },
        },
        alias('total', 'total_amount'),
        // Paid in the customer's currency.
        { name: 'currency', type: 'currency', params: { by: 'customer_id.country' } },
        oneOf('payment_method', ['credit_card', 'paypal', 'apple_pay', 'bank_transfer'], [45, 25, 20, 10]),
        at('created_at', { ascending: true, ...since('2023-02-01') }),
        // Placing the order is what creates it.
        alias('ordered_at', 'created_at'),
        at('shipped_at', {
          after: 'created_at',
          max_gap_days: 5,
          when: { field: 'status', in: ['shipped', 'delivered', 'refunded'] },
        }),
        at('delivered_at', {
          after: 'shipped_at',
          max_gap_days: 10,
          when: { field: 'status', in: ['delivered', 'refunded'] },
        }),
        at('updated_at', { after: ['created_at', 'shipped_at', 'delivered_at'], max_gap_days: 14 }),
      ],
    },
    {
      name: 'order_items',
      count: 900,
      unique: [['order_id', 'product_id']],
      fields: [
        id,
        ref('order_id', 'orders', { per_parent: { min: 1, max: 5 } }),
        // Of the products on sale: an order has no item of a product taken off the catalogue.
        ref('product_id', 'products', { where: { field: 'is_active', in: [true] } }),
        // As many as $200 buys, one at least: a piano or a webcam comes alone, mugs by the five.
        { name: 'quantity', type: 'integer', params: { min: 1, max: 5, by: 'unit_price', budget: 200 } },
        { name: 'unit_price', type: 'lookup', params: { from: 'product_id.price' } },
        at('created_at', { after: 'order_id.created_at', max_gap_days: 0.01 }),
      ],
    },
    {
      name: 'reviews',
      count: 200,
      fields: [
        id,
        ref('product_id', 'products', { distribution: 'power_law', alpha: 1 }),
        ref('customer_id', 'customers'),
        { name: 'rating', type: 'rating' },
        // Title and body in the tone of the rating, saying what can be said of the product.
        { name: 'title', type: 'review_title', params: { by: ['rating', 'product_id.name'] } },
        { name: 'body', type: 'review', params: { by: ['rating', 'product_id.name'] } },
        at('created_at', { after: 'product_id.created_at', max_gap_days: 365 }),
      ],
    },
  ],
};

const blog: Template = {
  id: 'blog',
  name: 'Blog',
  description: 'Publishing platform: authors, posts, comments, tags and the post_tags junction table.',
  tables: [
    {
      name: 'authors',
      count: 30,
      fields: [
        id,
        // One person per row: the name is the first and last names, the email and username theirs.
        { name: 'name', type: 'full_name' },
        { name: 'first_name', type: 'first_name' },
        { name: 'last_name', type: 'last_name' },
        { name: 'email', type: 'email' },
        { name: 'username', type: 'username' },
        { name: 'bio', type: 'bio' },
        { name: 'avatar_url', type: 'avatar_url' },
        { name: 'country', type: 'country' },
        at('created_at', since('2022-01-01', '2024-06-30')),
      ],
    },
    {
      name: 'posts',
      count: 150,
      fields: [
        id,
        ref('author_id', 'authors', { distribution: 'power_law', alpha: 1 }),
        // No title twice while the distinct ones last.
        { name: 'title', type: 'title', params: { distinct: true } },
        { name: 'slug', type: 'slug', unique: true, params: { by: 'title' } },
        // The excerpt and body speak of the title's topic.
        { name: 'excerpt', type: 'article_excerpt', params: { by: 'title' } },
        { name: 'body', type: 'article_body', params: { by: 'title' } },
        alias('content', 'body'),
        { name: 'featured_image', type: 'image_url' },
        oneOf('status', ['draft', 'published', 'archived'], [15, 75, 10]),
        // A draft has not been seen: views only once published.
        {
          name: 'view_count',
          type: 'integer',
          params: { min: 0, max: 50000, when: { field: 'status', in: ['published', 'archived'] } },
        },
        at('created_at', { after: 'author_id.created_at', max_gap_days: 365 }),
        at('published_at', {
          after: 'created_at',
          max_gap_days: 30,
          when: { field: 'status', in: ['published', 'archived'] },
        }),
        at('updated_at', { after: ['created_at', 'published_at'], max_gap_days: 60 }),
      ],
    },
    {
      name: 'comments',
      count: 600,
      fields: [
        id,
        // Readers comment on what they can read: a published or archived post, never a draft.
        ref('post_id', 'posts', {
          distribution: 'power_law',
          alpha: 1,
          where: { field: 'status', in: ['published', 'archived'] },
        }),
        { name: 'author_name', type: 'full_name' },
        alias('commenter_name', 'author_name'),
        { name: 'author_email', type: 'email' },
        alias('commenter_email', 'author_email'),
        { name: 'body', type: 'blog_comment' },
        { name: 'is_approved', type: 'boolean', params: { probability: 0.85 } },
        at('created_at', { after: 'post_id.published_at', max_gap_days: 90 }),
      ],
    },
    {
      name: 'tags',
      count: 20,
      fields: [
        id,
        // The blog's 20 tags in order, broad ones and a few of one topic: every post topic meets three.
        { name: 'name', type: 'tag', params: { in_order: true } },
        // A tag is lower-case kebab-case: its own slug.
        alias('slug', 'name'),
        at('created_at', since('2022-01-01', '2023-12-31')),
      ],
    },
    {
      name: 'post_tags',
      count: 400,
      unique: [['post_id', 'tag_id']],
      fields: [
        id,
        // One to three tags a post, each of the post's topic: its own or a broad one (`career`).
        ref('post_id', 'posts', { per_parent: { min: 1, max: 3 } }),
        ref('tag_id', 'tags', { match: { field: 'name', by: 'post_id.title' } }),
        at('created_at', { after: 'post_id.published_at', max_gap_days: 1 }),
      ],
    },
  ],
};

const saas: Template = {
  id: 'saas',
  name: 'SaaS',
  description: 'B2B software: organizations, their members, one subscription per organization, and invoices.',
  tables: [
    {
      name: 'organizations',
      count: 20,
      fields: [
        id,
        // No two organizations of one name while the locale's names last.
        { name: 'name', type: 'company_name', params: { distinct: true } },
        // The slug and the domain are the name's.
        { name: 'slug', type: 'slug', unique: true, params: { by: 'name' } },
        { name: 'domain', type: 'domain', params: { by: 'name' } },
        oneOf(
          'industry',
          ['software', 'finance', 'healthcare', 'retail', 'education', 'manufacturing'],
          [30, 15, 15, 15, 10, 15],
        ),
        { name: 'employee_count', type: 'integer', params: { min: 5, max: 5000 } },
        { name: 'country', type: 'country' },
        at('created_at', since('2021-01-01', '2024-06-30')),
        updated('created_at', 365),
      ],
    },
    {
      name: 'members',
      count: 100,
      fields: [
        id,
        ref('organization_id', 'organizations', { per_parent: { min: 1, max: 12 } }),
        alias('org_id', 'organization_id'),
        { name: 'first_name', type: 'first_name' },
        { name: 'last_name', type: 'last_name' },
        // A work address at the organization's domain.
        { name: 'email', type: 'email', params: { by: 'organization_id.domain' } },
        { name: 'country', type: 'country' },
        oneOf('role', ['owner', 'admin', 'member', 'viewer'], [1, 3, 12, 4]),
        { name: 'job_title', type: 'job_title' },
        { name: 'avatar_url', type: 'avatar_url' },
        // Invited in the organization's first year, and joined within two weeks of the invitation.
        at('invited_at', { after: 'organization_id.created_at', max_gap_days: 365, max: PRESENT }),
        at('joined_at', { after: 'invited_at', max_gap_days: 14, max: PRESENT }),
        // Joining is a first login: every member has logged in since.
        at('last_login_at', { after: 'joined_at', max_gap_days: 400, max: PRESENT }),
      ],
    },
    {
      name: 'subscriptions',
      count: 20,
      fields: [
        id,
        { ...ref('organization_id', 'organizations'), unique: true },
        alias('org_id', 'organization_id'),
        oneOf('plan', ['starter', 'pro', 'business', 'enterprise'], [35, 35, 20, 10]),
        // A trial lasts two weeks: a subscription started before the data's last fortnight is past it.
        settledStatus(['active', 'trialing', 'past_due', 'canceled'], [70, 10, 8, 12], {
          by: 'started_at',
          before: '2025-06-16',
          values: ['active', 'past_due', 'canceled'],
        }),
        // Invoices bill the monthly price every month: the billing interval is a month, and the
        // amount of one interval is that price.
        { name: 'interval', type: 'constant', params: { value: 'monthly' } },
        // Seats by tier too: a starter team is a handful of people, an enterprise a department or more.
        {
          name: 'seats',
          type: 'integer',
          params: {
            min: 1,
            max: 1000,
            by: 'plan',
            bands: { starter: [1, 10], pro: [5, 50], business: [25, 200], enterprise: [150, 1000] },
          },
        },
        // A plan's price is its tier's: a starter plan never costs more than a business one.
        {
          name: 'monthly_price',
          type: 'price',
          params: {
            min: 29,
            max: 2999,
            by: 'plan',
            bands: { starter: [29, 99], pro: [99, 499], business: [499, 1499], enterprise: [1499, 2999] },
          },
        },
        alias('amount', 'monthly_price'),
        // Billed in the organization's currency.
        { name: 'currency', type: 'currency', params: { by: 'organization_id.country' } },
        at('started_at', { after: 'organization_id.created_at', max_gap_days: 60 }),
        at('trial_end', {
          after: 'started_at',
          max_gap_days: 14,
          when: { field: 'status', in: ['trialing'] },
        }),
        // The current period is this month's (the data's present is June 2025), one month to the renewal.
        at('current_period_start', { after: 'started_at', min: '2025-06-01', max: PRESENT }),
        // A canceled subscription runs to the end of its period and does not renew.
        at('renews_at', {
          after: 'current_period_end',
          max_gap_days: 0,
          when: { field: 'status', not_in: ['canceled'] },
        }),
        at('current_period_end', { after: 'current_period_start', min_gap_days: 28, max_gap_days: 31 }),
        // Changed since it started, by the data's present at the latest.
        at('updated_at', { after: ['started_at', 'trial_end', 'current_period_start'], max: PRESENT }),
      ],
    },
    {
      name: 'invoices',
      count: 120,
      fields: [
        id,
        // Numbered in the order they were issued, over the last eight months, to the subscriptions
        // that had started by then and are paying (neither in a trial nor canceled), each in turn:
        // a monthly billing run.
        ref('subscription_id', 'subscriptions', {
          distribution: 'round_robin',
          as_of: 'issued_at',
          where: { field: 'status', in: ['active', 'past_due'] },
        }),
        { name: 'invoice_number', type: 'sequence', params: { prefix: 'INV-', pad: 6 }, unique: true },
        { name: 'amount', type: 'lookup', params: { from: 'subscription_id.monthly_price' } },
        { name: 'currency', type: 'lookup', params: { from: 'subscription_id.currency' } },
        // An invoice issued before the data's last month has been settled: paid, void or written off.
        settledStatus(['paid', 'open', 'void', 'uncollectible'], [85, 8, 4, 3], {
          by: 'issued_at',
          before: '2025-06-01',
          values: ['paid', 'void', 'uncollectible'],
        }),
        at('issued_at', { ascending: true, min: '2024-11-01', max: PRESENT }),
        // Net 14 to net 30.
        at('due_at', { after: 'issued_at', min_gap_days: 14, max_gap_days: 30 }),
        // The day of due_at, as a date.
        { name: 'due_date', type: 'date', params: { after: 'due_at', before: 'due_at' } },
        at('paid_at', {
          after: 'issued_at',
          max_gap_days: 30,
          max: PRESENT,
          when: { field: 'status', in: ['paid'] },
        }),
      ],
    },
  ],
};

const social: Template = {
  id: 'social',
  name: 'Social network',
  description: 'Social app: users, posts, likes, follows and direct messages.',
  tables: [
    {
      name: 'users',
      count: 150,
      fields: [
        id,
        { name: 'username', type: 'username' },
        { name: 'display_name', type: 'full_name' },
        { name: 'first_name', type: 'first_name' },
        { name: 'last_name', type: 'last_name' },
        { name: 'email', type: 'email' },
        { name: 'bio', type: 'bio' },
        { name: 'avatar_url', type: 'avatar_url' },
        { name: 'country', type: 'country' },
        { name: 'is_verified', type: 'boolean', params: { probability: 0.05 } },
        at('created_at', since('2020-01-01', '2024-12-31')),
        updated('created_at', 365),
      ],
    },
    {
      name: 'posts',
      count: 600,
      fields: [
        id,
        ref('user_id', 'users', { distribution: 'power_law', alpha: 1 }),
        // A post shares a piece of writing on a topic, tagged with one of the topic's hashtags.
        { name: 'content', type: 'article_excerpt' },
        { name: 'hashtag', type: 'hashtag', nullable: true, params: { null_rate: 0.5, by: 'content' } },
        at('created_at', { after: 'user_id.created_at', max_gap_days: 365 }),
      ],
    },
    {
      name: 'likes',
      count: 3000,
      unique: [['user_id', 'post_id']],
      fields: [
        id,
        ref('user_id', 'users'),
        ref('post_id', 'posts'),
        at('created_at', { after: 'post_id.created_at', max_gap_days: 30 }),
      ],
    },
    {
      name: 'follows',
      count: 2000,
      unique: [['follower_id', 'followee_id']],
      fields: [
        id,
        ref('follower_id', 'users'),
        ref('followee_id', 'users', { allow_self: false }),
        alias('following_id', 'followee_id'),
        at('created_at', { after: 'follower_id.created_at', max_gap_days: 365 }),
      ],
    },
    {
      name: 'messages',
      count: 1000,
      fields: [
        id,
        ref('sender_id', 'users'),
        ref('recipient_id', 'users', { allow_self: false }),
        alias('receiver_id', 'recipient_id'),
        { name: 'body', type: 'message' },
        { name: 'is_read', type: 'boolean', params: { probability: 0.7 } },
        at('sent_at', { after: 'sender_id.created_at', max_gap_days: 365 }),
      ],
    },
  ],
};

/** The pre-built templates, in catalogue order. */
export const TEMPLATES: readonly Template[] = [ecommerce, blog, saas, social];
