/**
 * What a person expects of each template, written down independently of how the template is built:
 * a total is the sum of its lines, a copied price equals its source, a date of a state not reached is
 * null. The realism test checks these on top of the checker's plan-wide promises, so a template that
 * stops using the engine's features (or a feature that breaks) is caught.
 */
import type { GenerationPlan, Value } from '../../workers/engine/index.js';
import { exactSum } from './checker.js';
import { allRows } from '../engine/engine-helpers.js';

type Rule = (plan: GenerationPlan) => string[];

function columns(plan: GenerationPlan, table: string) {
  const spec = plan.tables.find((t) => t.name === table);
  if (spec === undefined) throw new Error(`no table ${table}`);
  const rows = allRows(plan, table);
  const at = (field: string) => {
    const i = spec.fields.findIndex((f) => f.name === field);
    if (i < 0) throw new Error(`no field ${table}.${field}`);
    return (row: Value[]) => row[i] as Value;
  };
  return { rows, at, key: at(spec.primaryKey ?? 'id') };
}

/** `table.field` equals Σ Π `factors` over the rows of `child` whose `ref` points to the row. */
export const sumOf =
  (table: string, field: string, child: string, ref: string, factors: string[]): Rule =>
  (plan) => {
    const parent = columns(plan, table);
    const kids = columns(plan, child);
    const groups = new Map<Value, number[][]>();
    for (const row of kids.rows) {
      const list = groups.get(kids.at(ref)(row)) ?? [];
      list.push(factors.map((f) => kids.at(f)(row) as number));
      groups.set(kids.at(ref)(row), list);
    }
    return parent.rows.flatMap((row) => {
      const expected = exactSum(groups.get(parent.key(row)) ?? []);
      const value = String(parent.at(field)(row));
      return value === expected ? [] : [`${table}.${field} ${value} ≠ Σ ${child} ${expected}`];
    });
  };

/** `table.field` equals the `source` field of the row that `via` points to in `parent`. */
export const copyOf =
  (table: string, field: string, via: string, parentTable: string, source: string): Rule =>
  (plan) => {
    const own = columns(plan, table);
    const parent = columns(plan, parentTable);
    const byKey = new Map(parent.rows.map((r) => [parent.key(r), parent.at(source)(r)]));
    return own.rows.flatMap((row) => {
      const expected = byKey.get(own.at(via)(row));
      const value = own.at(field)(row);
      return value === expected
        ? []
        : [`${table}.${field} ${String(value)} ≠ ${parentTable}.${source} ${String(expected)}`];
    });
  };

/** `table.field` is set exactly in rows whose `condition` field is one of `values`. */
export const setOnlyWhen =
  (table: string, field: string, condition: string, values: Value[]): Rule =>
  (plan) => {
    const own = columns(plan, table);
    return own.rows.flatMap((row) => {
      const state = own.at(condition)(row);
      const set = own.at(field)(row) !== null;
      return set === values.includes(state)
        ? []
        : [`${table}.${field} ${set ? 'set' : 'null'} where ${condition} is ${String(state)}`];
    });
  };

/** `table.field` holds the same value as `table.source` in every row (a column under a second name). */
export const sameAs =
  (table: string, field: string, source: string): Rule =>
  (plan) => {
    const own = columns(plan, table);
    return own.rows.flatMap((row) => {
      const value = own.at(field)(row);
      const expected = own.at(source)(row);
      return value === expected ? [] : [`${table}.${field} ${String(value)} ≠ ${source} ${String(expected)}`];
    });
  };

/** `table.later` is not before `table.earlier` where both are set (dates compared as ISO text by day for dates). */
export const notBefore =
  (table: string, later: string, earlier: string): Rule =>
  (plan) => {
    const own = columns(plan, table);
    return own.rows.flatMap((row) => {
      const a = own.at(later)(row);
      const b = own.at(earlier)(row);
      if (a === null || b === null) return [];
      const width = Math.min(String(a).length, String(b).length);
      return String(a).slice(0, width) >= String(b).slice(0, width)
        ? []
        : [`${table}.${later} ${String(a)} before ${earlier} ${String(b)}`];
    });
  };

/** Rows come in the order of `table.field` (a number beside it counts up with it). */
export const inRowOrder =
  (table: string, field: string): Rule =>
  (plan) => {
    const own = columns(plan, table);
    return own.rows.flatMap((row, r) => {
      const previous = r === 0 ? null : own.at(field)(own.rows[r - 1] as Value[]);
      const value = own.at(field)(row);
      return previous === null || value === null || String(value) >= String(previous)
        ? []
        : [`${table}.${field} of row ${r} ${String(value)} before row ${r - 1}'s ${String(previous)}`];
    });
  };

/** `table.field` is the slug of an English `source`: its words in lower case, joined by hyphens, then a code. */
export const slugOfText =
  (table: string, field: string, source: string): Rule =>
  (plan) => {
    const own = columns(plan, table);
    return own.rows.flatMap((row) => {
      const words =
        String(own.at(source)(row))
          .toLowerCase()
          .match(/[a-z0-9]+/g) ?? [];
      const value = String(own.at(field)(row));
      return value.startsWith(words.join('-') + '-')
        ? []
        : [`${table}.${field} ${value} is not the slug of ${source}`];
    });
  };

/** The row `via` points to in `parentTable` has `field` among `values`. */
export const parentIn =
  (table: string, via: string, parentTable: string, field: string, values: Value[]): Rule =>
  (plan) => {
    const own = columns(plan, table);
    const parent = columns(plan, parentTable);
    const byKey = new Map(parent.rows.map((r) => [parent.key(r), parent.at(field)(r)]));
    return own.rows.flatMap((row) => {
      const value = byKey.get(own.at(via)(row)) ?? null;
      return values.includes(value)
        ? []
        : [`${table}.${via} points to a ${parentTable} row with ${field} ${String(value)}`];
    });
  };

/** What each template must show, whatever its implementation. */
export const TEMPLATE_RULES: Readonly<Record<string, readonly Rule[]>> = {
  ecommerce: [
    sumOf('orders', 'total_amount', 'order_items', 'order_id', ['quantity', 'unit_price']),
    sumOf('orders', 'total', 'order_items', 'order_id', ['quantity', 'unit_price']),
    copyOf('order_items', 'unit_price', 'product_id', 'products', 'price'),
    setOnlyWhen('orders', 'shipped_at', 'status', ['shipped', 'delivered', 'refunded']),
    setOnlyWhen('orders', 'delivered_at', 'status', ['delivered', 'refunded']),
    sameAs('orders', 'ordered_at', 'created_at'),
    sameAs('products', 'stock_quantity', 'stock'),
    notBefore('customers', 'updated_at', 'created_at'),
    notBefore('products', 'updated_at', 'created_at'),
    notBefore('orders', 'updated_at', 'ordered_at'),
    inRowOrder('orders', 'created_at'),
  ],
  blog: [
    setOnlyWhen('posts', 'published_at', 'status', ['published', 'archived']),
    sameAs('posts', 'content', 'body'),
    sameAs('comments', 'commenter_name', 'author_name'),
    sameAs('comments', 'commenter_email', 'author_email'),
    sameAs('tags', 'slug', 'name'),
    slugOfText('posts', 'slug', 'title'),
    parentIn('comments', 'post_id', 'posts', 'status', ['published', 'archived']),
    notBefore('posts', 'updated_at', 'created_at'),
  ],
  saas: [
    copyOf('invoices', 'amount', 'subscription_id', 'subscriptions', 'monthly_price'),
    copyOf('invoices', 'currency', 'subscription_id', 'subscriptions', 'currency'),
    setOnlyWhen('invoices', 'paid_at', 'status', ['paid']),
    setOnlyWhen('subscriptions', 'trial_end', 'status', ['trialing']),
    sameAs('members', 'org_id', 'organization_id'),
    sameAs('subscriptions', 'org_id', 'organization_id'),
    sameAs('subscriptions', 'amount', 'monthly_price'),
    setOnlyWhen('subscriptions', 'renews_at', 'status', ['active', 'trialing', 'past_due']),
    notBefore('subscriptions', 'renews_at', 'current_period_end'),
    notBefore('subscriptions', 'current_period_end', 'renews_at'),
    notBefore('organizations', 'updated_at', 'created_at'),
    notBefore('members', 'joined_at', 'invited_at'),
    notBefore('subscriptions', 'current_period_start', 'started_at'),
    notBefore('subscriptions', 'current_period_end', 'current_period_start'),
    notBefore('subscriptions', 'trial_end', 'started_at'),
    notBefore('subscriptions', 'updated_at', 'started_at'),
    notBefore('invoices', 'due_date', 'issued_at'),
    notBefore('invoices', 'due_at', 'due_date'),
    inRowOrder('invoices', 'issued_at'),
    parentIn('invoices', 'subscription_id', 'subscriptions', 'status', ['active', 'past_due']),
    notBefore('invoices', 'due_date', 'due_at'),
  ],
  social: [
    sameAs('follows', 'following_id', 'followee_id'),
    sameAs('messages', 'receiver_id', 'recipient_id'),
    notBefore('users', 'updated_at', 'created_at'),
  ],
};

/** Every broken template rule (at most `limit`). */
export function brokenRules(id: string, plan: GenerationPlan, limit = 20): string[] {
  return (TEMPLATE_RULES[id] ?? []).flatMap((rule) => rule(plan)).slice(0, limit);
}
