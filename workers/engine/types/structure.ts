/** Structural types: numbers, booleans, enums, sequences, constants, references and containers. */
import type { ColumnKind, FieldType, KeyedGenerator, ParamIssue, RawParams, Value } from '../field-type.js';
import { COMPOSITE_TYPES } from './composite.js';
import { ONE_OF_TYPE } from './one-of.js';
import { define } from './define.js';
import { pad } from './format.js';
import { bandOf, check, num, type ParamCheck, str, validateBands } from './params.js';
import { cumulate, pickCumulative, pickWeighted } from './choices.js';
import { textCost, valueBytes } from '../size.js';
import { type Quantiles, quantileValue, readQuantiles, validateQuantiles } from './quantiles.js';
import { parseIsoMs } from '../iso-time.js';

const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

/** Integer kind for a [min, max] range: 'bigint' when it leaves int32. */
export function integerKind(min: number, max: number): ColumnKind {
  return min < INT32_MIN || max > INT32_MAX ? 'bigint' : 'integer';
}

/** How a numeric type draws from [min, max]: the bounds it needs for every value to be finite. */
export interface RangeRule {
  /** `min` and `max` must be integers. */
  integer?: boolean;
  /** Values are integers n / 10^precision: both bounds times 10^precision must be safe integers. */
  grid?: boolean;
  /** `precision` is a param (0–10); this is its default. Without it the precision is 0. */
  precision?: number;
}

/**
 * Validates `min`/`max` (and `precision`) so that every value drawn is a finite number that keeps its
 * digits: on a decimal grid the bounds scaled by 10^precision stay within ±(2^53 − 1); otherwise the
 * span max − min and the bounds scaled for rounding stay finite.
 */
export function validateRange(params: RawParams, rule: RangeRule = {}): ParamIssue[] {
  return check(params, (c) => {
    const integer = rule.integer ?? false;
    const min = c.number('min', { integer });
    const max = c.number('max', { integer });
    c.ordered('min', min, 'max', max);
    let precision = 0;
    if (rule.precision !== undefined) {
      precision = c.number('precision', { integer: true, min: 0, max: 10 }) ?? rule.precision;
    }
    const largest = rule.grid ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE;
    const limit = largest / 10 ** precision;
    for (const [key, value] of [
      ['min', min],
      ['max', max],
    ] as const) {
      if (value !== undefined && Math.abs(value) > limit) {
        c.fail(key, `${key} must be at most ${largest} / 10^precision in size`);
      }
    }
    if (min !== undefined && max !== undefined && !Number.isFinite(max - min)) {
      c.fail('max', 'max − min must be a finite number');
    }
  });
}

/** A quantile draw rounded to the type's decimal places and kept inside [min, max]. */
function quantileGrid(q: Quantiles, p: RawParams, key: string, precision: number): (u: number) => number {
  const scale = 10 ** num(p, key, precision);
  const lo = Math.ceil(num(p, 'min', 0) * scale);
  const hi = Math.floor(num(p, 'max', 1000) * scale);
  return (u) => Math.min(hi, Math.max(lo, Math.round(quantileValue(q, u) * scale))) / scale;
}

/** Numbers named like these get a fitting default range when `number` has no min/max. */
const NAMED_RANGES: readonly (readonly [RegExp, number, number])[] = [
  [/age/i, 18, 80],
  [/year/i, 1990, 2025],
  [/(qty|quantity|count|stock)/i, 1, 100],
  [/(rating|stars)/i, 1, 5],
  [/(percent|pct)/i, 0, 100],
];

function numberDefaults(fieldName: string): [number, number] {
  for (const [pattern, min, max] of NAMED_RANGES) if (pattern.test(fieldName)) return [min, max];
  return [0, 1000];
}

function validateEnum(c: ParamCheck): void {
  const values = c.params['values'];
  if (values == null) {
    // The hosted engine writes null when its enum has nothing to draw from: served, and the client told.
    c.warn('values', 'an enum without values is null in every row', 'e.g. "values": ["active", "inactive"]');
    return;
  }
  if (!Array.isArray(values) || values.length === 0) {
    c.fail('values', 'values must be a non-empty array', 'e.g. "values": ["active", "inactive"]');
    return;
  }
  values.forEach((v, i) => {
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      c.fail(`values[${i}]`, 'each value must be a string, number, boolean or null');
    else if (typeof v === 'number' && !Number.isFinite(v))
      c.fail(`values[${i}]`, 'each number must be finite (JSON reads 1e999 as Infinity)');
  });
  const weights = c.params['weights'];
  if (weights === undefined || weights === null) return;
  if (!Array.isArray(weights)) return c.fail('weights', 'weights must be an array of numbers');
  if (weights.length !== values.length)
    c.fail('weights', `weights must have one entry per value (${values.length})`);
  weights.forEach((w, i) => {
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0)
      c.fail(`weights[${i}]`, 'each weight must be a number ≥ 0');
  });
  if (weights.every((w) => w === 0)) c.fail('weights', 'at least one weight must be positive');
}

/** `settled: {before, values}`: with `by`, a date, and a few of the enum's values that can weigh. */
function validateSettled(c: ParamCheck): void {
  const settled = c.params['settled'];
  if (settled === undefined) return;
  const values = Array.isArray(c.params['values']) ? (c.params['values'] as unknown[]) : [];
  const message =
    'settled must be {before: "YYYY-MM-DD", values: [...]}, some of the values, with by naming a date field';
  if (settled === null || typeof settled !== 'object' || Array.isArray(settled))
    return c.fail('settled', message);
  const { before, values: kept, ...rest } = settled as Record<string, unknown>;
  const weights = (c.params['weights'] as number[] | undefined) ?? values.map(() => 1);
  const ok =
    Object.keys(rest).length === 0 &&
    typeof c.params['by'] === 'string' &&
    typeof before === 'string' &&
    !Number.isNaN(parseIsoMs(before)) &&
    Array.isArray(kept) &&
    kept.length > 0 &&
    kept.every((v) => values.includes(v)) &&
    values.some((v, i) => kept.includes(v) && (weights[i] ?? 0) > 0);
  if (!ok) c.fail('settled', message);
}

function validateBudget(p: RawParams): ParamIssue[] {
  const budget = p['budget'];
  if (budget === undefined) return [];
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0)
    return [{ path: 'budget', message: 'budget must be a number greater than 0' }];
  if (typeof p['by'] !== 'string')
    return [{ path: 'budget', message: 'budget needs by, naming a price field of the row' }];
  return [];
}

/**
 * A count that reads its row (`by`): with `budget`, a price, and at most as many as the budget buys,
 * never fewer than `min` (a $1,579 piano is bought one at a time, a $9 mug up to `max`); with
 * `bands`, the range of the row's value (a starter plan's seats). A row without a price or a band
 * draws over the whole range.
 */
function budgetDraw(p: RawParams): KeyedGenerator {
  const min = Math.ceil(num(p, 'min', 0));
  const max = Math.floor(num(p, 'max', 1000));
  const budget = p['budget'] as number | undefined;
  const bands = p['bands'] as Record<string, [number, number]> | undefined;
  const q = readQuantiles(p);
  return (rng, _, keys) => {
    const key = keys[0];
    const band = bands === undefined ? undefined : bandOf(bands, key);
    // A band inside [min, max] narrows the range; one that misses it leaves the whole range.
    const lo = band === undefined || Math.ceil(band[0]) > max ? min : Math.max(min, Math.ceil(band[0]));
    const hi = band === undefined || Math.floor(band[1]) < min ? max : Math.min(max, Math.floor(band[1]));
    const cap =
      budget !== undefined && typeof key === 'number' && key > 0
        ? Math.max(lo, Math.min(hi, Math.floor(budget / key)))
        : hi;
    if (q === undefined) return rng.int(lo, cap);
    return Math.min(cap, Math.max(lo, Math.round(quantileValue(q, rng.float()))));
  };
}

/**
 * An enum that reads a date of its row (`by`): before `settled.before`, one of `settled.values`, their
 * weights kept (an order placed months before the data's last is delivered, cancelled or refunded,
 * not pending); on or after it, or without a date, any value.
 */
function settledDraw(p: RawParams): KeyedGenerator {
  const values = enumValues(p);
  const weights = (p['weights'] as readonly number[] | undefined) ?? values.map(() => 1);
  const all = cumulate(weights);
  const settled = p['settled'] as { before: string; values: readonly Value[] } | undefined;
  if (settled === undefined) return (rng) => pickCumulative(rng, values, all);
  const cut = parseIsoMs(settled.before);
  const old = cumulate(weights.map((w, i) => (settled.values.includes(values[i] as Value) ? w : 0)));
  return (rng, _, keys) => pickCumulative(rng, values, parseIsoMs(keys[0]) < cut ? old : all);
}

const NO_VALUES: readonly Value[] = [null];

/** An enum's values; validation has passed, so only an absent list (all nulls) needs a stand-in. */
function enumValues(params: RawParams): readonly Value[] {
  return (params['values'] as readonly Value[] | null | undefined) ?? NO_VALUES;
}

function enumKind(values: unknown): ColumnKind {
  if (!Array.isArray(values) || values.length === 0) return 'text';
  const present = values.filter((v) => v !== null);
  if (present.length > 0 && present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.length > 0 && present.every((v) => Number.isSafeInteger(v))) {
    const numbers = present as number[];
    return integerKind(
      numbers.reduce((a, b) => Math.min(a, b)),
      numbers.reduce((a, b) => Math.max(a, b)),
    );
  }
  if (present.length > 0 && present.every((v) => typeof v === 'number')) return 'float';
  return 'text';
}

/** `prefix` + (start + index × step) + `suffix`: always a string, as the hosted service gives. */
function sequenceValue(params: RawParams, index: number): string {
  const n = num(params, 'start', 1) + index * num(params, 'step', 1);
  const width = num(params, 'pad', 0);
  const digits = width === 0 ? String(n) : n < 0 ? '-' + pad(-n, width) : pad(n, width);
  return str(params, 'prefix', '') + digits + str(params, 'suffix', '');
}

/** Whether a JSON value holds a number no output can write (walked without recursion). */
function holdsNonFinite(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number' && !Number.isFinite(item)) return true;
    if (item !== null && typeof item === 'object') stack.push(...Object.values(item));
  }
  return false;
}

function valueKind(value: unknown): ColumnKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? integerKind(value, value) : 'float';
  if (value !== null && typeof value === 'object') return 'json';
  return 'text';
}

export const STRUCTURE_TYPES: readonly FieldType[] = [
  define({
    id: 'boolean',
    category: 'structure',
    description: 'true with the given probability.',
    params: { probability: 'number 0–1, chance of true (default 0.5)' },
    example: true,
    kind: 'boolean',
    validate: (p) => check(p, (c) => c.number('probability', { min: 0, max: 1 })),
    generate: (rng, _, p) => rng.float() < num(p, 'probability', 0.5),
    prepare: (p) => {
      const probability = num(p, 'probability', 0.5);
      return (rng) => rng.float() < probability;
    },
    cardinality: () => 2,
    nth: (n) => n === 1,
  }),
  define({
    id: 'enum',
    category: 'structure',
    description: 'One of `values`, optionally weighted; null in every row without values (with a warning).',
    params: {
      values: 'array of strings/numbers/booleans/null (without it, every value is null)',
      weights: 'array of numbers ≥ 0, one per value (optional)',
      settled:
        '{before: "YYYY-MM-DD", values: [...]}: with `by` naming a date of the row, a row dated before `before` takes one of these values, weights kept (an old order is delivered, not pending) (ours)',
    },
    example: 'active',
    kind: (p) => enumKind(p['values']),
    validate: (p) =>
      check(p, (c) => {
        validateEnum(c);
        validateSettled(c);
      }),
    // A loop, not Math.max(...values): a body may hold more values than a call takes arguments.
    maxBytes: (p) => enumValues(p).reduce((most: number, v) => Math.max(most, valueBytes(v)), 0),
    generate: (rng, _, p) => {
      const values = enumValues(p);
      const weights = p['weights'] as readonly number[] | undefined;
      return weights ? pickWeighted(rng, values, weights) : rng.pick(values);
    },
    prepare: (p) => {
      const values = enumValues(p);
      const weights = p['weights'] as readonly number[] | undefined;
      if (!weights) return (rng) => rng.pick(values);
      const cum = cumulate(weights);
      return (rng) => pickCumulative(rng, values, cum);
    },
    prepareBy: settledDraw,
    cardinality: (p) => new Set(enumValues(p)).size,
    nth: (n, _, p) => [...new Set(enumValues(p))][n]!,
  }),
  define({
    id: 'integer',
    category: 'structure',
    description: 'Whole number, uniform in [min, max].',
    params: {
      min: 'integer (default 0)',
      max: 'integer (default 1000)',
      quantiles: '[[p, value], …] from p 0 to 1: draw with this shape instead of uniformly (ours)',
      budget:
        'number > 0, with `by` naming a price of the row: at most as many as the budget buys, never fewer than min (one piano, five pens) (ours)',
      bands:
        '{"<value>": [min, max]}, with `by` naming a field of the row: the range of the row\'s value of it, inside [min, max] (a starter plan\'s 1–10 seats); another value: [min, max] (ours)',
    },
    example: 42,
    kind: (p) => integerKind(num(p, 'min', 0), num(p, 'max', 1000)),
    validate: (p) => [
      ...validateRange(p, { integer: true, grid: true }),
      ...validateQuantiles(p, 0, 1000),
      ...validateBudget(p),
      ...validateBands(p, true),
    ],
    generate: (rng, _, p) => {
      const min = Math.ceil(num(p, 'min', 0));
      const max = Math.floor(num(p, 'max', 1000));
      const q = readQuantiles(p);
      if (q === undefined) return rng.int(min, max);
      return Math.min(max, Math.max(min, Math.round(quantileValue(q, rng.float()))));
    },
    prepare: (p) => {
      const min = Math.ceil(num(p, 'min', 0));
      const max = Math.floor(num(p, 'max', 1000));
      const q = readQuantiles(p);
      if (q !== undefined)
        return (rng) => Math.min(max, Math.max(min, Math.round(quantileValue(q, rng.float()))));
      return (rng) => rng.int(min, max);
    },
    prepareBy: budgetDraw,
    cardinality: (p) => Math.max(0, Math.floor(num(p, 'max', 1000)) - Math.ceil(num(p, 'min', 0)) + 1),
    nth: (n, _, p) => Math.ceil(num(p, 'min', 0)) + n,
  }),
  define({
    id: 'number',
    category: 'structure',
    description:
      'Number in [min, max]; whole unless `precision` > 0. Without bounds, the field name picks a range (age 18–80, year 1990–2025, rating 1–5, quantity 1–100, else 0–1000).',
    params: {
      min: 'number (default by field name, else 0)',
      max: 'number (default by field name, else 1000)',
      precision: 'integer 0–10 digits after the point (default 0)',
      quantiles: '[[p, value], …] from p 0 to 1: draw with this shape instead of uniformly (ours)',
    },
    example: 42,
    kind: (p) =>
      num(p, 'precision', 0) > 0 ? 'decimal' : integerKind(num(p, 'min', 0), num(p, 'max', 1000)),
    validate: (p) => [
      ...validateRange(p, { grid: true, precision: 0 }),
      ...(p['quantiles'] !== undefined && (p['min'] === undefined || p['max'] === undefined)
        ? [{ path: 'quantiles', message: 'quantiles need min and max' }]
        : validateQuantiles(p, 0, 1000)),
    ],
    generate: (rng, ctx, p) => {
      const q = readQuantiles(p);
      if (q !== undefined) return quantileGrid(q, p, 'precision', 0)(rng.float());
      const [dMin, dMax] =
        p['min'] === undefined && p['max'] === undefined ? numberDefaults(ctx.fieldName) : [0, 1000];
      const scale = 10 ** num(p, 'precision', 0);
      return rng.int(Math.ceil(num(p, 'min', dMin) * scale), Math.floor(num(p, 'max', dMax) * scale)) / scale;
    },
    prepare: (p) => {
      const q = readQuantiles(p);
      if (q !== undefined) {
        const draw = quantileGrid(q, p, 'precision', 0);
        return (rng) => draw(rng.float());
      }
      const scale = 10 ** num(p, 'precision', 0);
      if (p['min'] === undefined && p['max'] === undefined) {
        // The range follows the field's name, which only the cell knows.
        return (rng, ctx) => {
          const [dMin, dMax] = numberDefaults(ctx.fieldName);
          return rng.int(Math.ceil(dMin * scale), Math.floor(dMax * scale)) / scale;
        };
      }
      const min = Math.ceil(num(p, 'min', 0) * scale);
      const max = Math.floor(num(p, 'max', 1000) * scale);
      return (rng) => rng.int(min, max) / scale;
    },
  }),
  define({
    id: 'float',
    category: 'structure',
    description: 'Floating-point number, uniform in [min, max], rounded to `precision` digits (default 4).',
    params: {
      min: 'number (default 0)',
      max: 'number (default 1000)',
      precision: 'integer 0–10 (default 4)',
      quantiles: '[[p, value], …] from p 0 to 1: draw with this shape instead of uniformly (ours)',
    },
    example: 527.3184,
    kind: 'float',
    validate: (p) => [...validateRange(p, { precision: 4 }), ...validateQuantiles(p, 0, 1000)],
    generate: (rng, _, p) => {
      const q = readQuantiles(p);
      if (q !== undefined) return quantileGrid(q, p, 'precision', 4)(rng.float());
      const min = num(p, 'min', 0);
      const scale = 10 ** num(p, 'precision', 4);
      return Math.round((min + rng.float() * (num(p, 'max', 1000) - min)) * scale) / scale;
    },
    prepare: (p) => {
      const q = readQuantiles(p);
      if (q !== undefined) {
        const draw = quantileGrid(q, p, 'precision', 4);
        return (rng) => draw(rng.float());
      }
      const min = num(p, 'min', 0);
      const span = num(p, 'max', 1000) - min;
      const scale = 10 ** num(p, 'precision', 4);
      return (rng) => Math.round((min + rng.float() * span) * scale) / scale;
    },
  }),
  define({
    id: 'sequence',
    category: 'structure',
    description:
      'prefix + (start + row × step) + suffix, always a string ("1", "INV-0001"); its SQL/CSV column is an integer without prefix, suffix or pad. `id` gives numbers.',
    params: {
      start: 'integer (default 1)',
      step: 'integer ≠ 0 (default 1)',
      prefix: 'string (optional)',
      suffix: 'string (optional)',
      pad: 'integer 0–20: zero-pad to this many digits (optional, ours)',
    },
    example: '1',
    kind: (p) => {
      if (p['prefix'] !== undefined || p['suffix'] !== undefined || p['pad'] !== undefined) return 'text';
      // Up to a million rows must fit; beyond int32, use bigint.
      const reach = Math.abs(num(p, 'start', 1)) + Math.abs(num(p, 'step', 1)) * 1_000_000;
      return reach > INT32_MAX ? 'bigint' : 'integer';
    },
    validate: (p) =>
      check(p, (c) => {
        c.number('start', { integer: true });
        const step = c.number('step', { integer: true });
        if (step === 0) c.fail('step', 'step must not be 0');
        c.string('prefix');
        c.string('suffix');
        c.number('pad', { integer: true, min: 0, max: 20 });
      }),
    // A number prints in at most 24 characters (-1.2345678901234568e+25); padding may add zeros.
    maxBytes: (p) =>
      textCost(str(p, 'prefix', '')) + textCost(str(p, 'suffix', '')) + Math.max(num(p, 'pad', 0), 24) + 5,
    generate: (_, ctx, p) => sequenceValue(p, ctx.row),
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, _, p) => sequenceValue(p, n),
  }),
  define({
    id: 'constant',
    category: 'structure',
    description: 'The same `value` in every row; null without one, as the hosted service gives.',
    params: { value: 'any JSON value (default null)' },
    example: 'v1',
    kind: (p) => valueKind(p['value']),
    validate: (p) => {
      if (holdsNonFinite(p['value'])) {
        return [{ path: 'value', message: 'numbers must be finite (JSON reads 1e999 as Infinity)' }];
      }
      return [];
    },
    maxBytes: (p) => valueBytes((p['value'] ?? null) as Value),
    generate: (_, __, p) => (p['value'] ?? null) as Value,
    cardinality: () => 1,
    nth: (_, __, p) => (p['value'] ?? null) as Value,
  }),
  define({
    id: 'ref',
    category: 'structure',
    description:
      "Foreign key: a value of `field` (default the parent's first field) of a row of `table`. Resolved by the engine, which also uses the parent field's column kind.",
    params: {
      table: 'string (required): the referenced table',
      field: 'string (optional): the referenced field, default the primary key',
      distribution:
        "'uniform' | 'power_law' | 'round_robin' (default uniform; round_robin, ours: row r takes parent r mod n, each parent in turn)",
      alpha: 'number > 0, power-law exponent (default 1.5)',
      per_parent:
        '{min, max, weights?}: children per parent row; weights[i] is the share of parents with min + i (ours)',
      same_place:
        "boolean: the row lives in its parent's city: its city, region, postal code, address and phone area code are drawn there (one ref of a table; ours)",
      allow_self: 'boolean: may reference its own row / the same parent as another ref (default true; ours)',
      as_of:
        "string: a date field of this row; the parent is drawn among the rows that exist by then, by the parent's creation time (ours)",
      where:
        '{field, in: [...]} or {field, not_in: [...]}: the parent is drawn among the rows whose field has (or has not) one of the values; in a unique key beside a per_parent ref, those rows come first (ours)',
      match:
        '{field, by}: in a unique key beside a per_parent ref, the rows whose field shares a blog topic with by ("post_id.title") come first (ours)',
    },
    example: 1,
    validate: (p) =>
      check(p, (c) => {
        if (p['table'] === undefined) c.fail('table', 'table is required');
        c.string('table', { nonEmpty: true });
        c.string('field', { nonEmpty: true });
        c.string('distribution', { oneOf: ['uniform', 'power_law', 'round_robin'] });
        c.number('alpha', { exclusiveMin: 0 });
        c.boolean('allow_self');
        c.boolean('same_place');
        const per = p['per_parent'];
        if (per === undefined || per === null) return;
        if (typeof per !== 'object' || Array.isArray(per))
          return c.fail('per_parent', 'per_parent must be an object {min, max}');
        const inner = check(per as RawParams, (pc) =>
          pc.ordered(
            'min',
            pc.number('min', { integer: true, min: 0 }),
            'max',
            pc.number('max', { integer: true, min: 0 }),
          ),
        );
        for (const issue of inner) c.fail(`per_parent.${issue.path}`, issue.message);
      }),
    generate: () => null,
  }),
  ...COMPOSITE_TYPES,
  ONE_OF_TYPE,
];
