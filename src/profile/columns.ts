/**
 * One column of a profile: from the values a sample read, the field a generation request holds.
 * Only aggregates leave: the null rate, a range and percentiles rounded to three significant digits
 * (inward, so the twin stays inside the source's range), word counts, the share of `true`, and
 * category labels that at least `minGroup` sampled rows share. A column whose type says it holds
 * people, places, contacts or ids is never read for categories. docs/profile.md.
 */
import type { ColumnKind, FieldSpec, Value } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/index.js';

/** What the profile knows of a column besides its values. */
export interface ColumnFacts {
  /** The field schema detection made of the column (type from its name and SQL type). */
  field: FieldSpec;
  kind: ColumnKind;
  /** A key, a ref or a unique column: its type is kept and its values are never summarized. */
  key: boolean;
  /** The column may hold NULL (no NOT NULL). */
  nullable: boolean;
}

export interface ColumnOptions {
  minGroup: number;
}

/** The p of the percentiles a profile keeps: denser in the tails, where means are made. */
export const PERCENTILES = [0, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1];
/** At most this many distinct values for a column to be read as categories. */
export const MAX_CATEGORIES = 50;
/** Categories must cover this share of a column's values, else it is not a category column. */
const CATEGORY_COVER = 0.9;

/** Catalogue categories whose values are about someone: never copied, whatever their counts. */
const PRIVATE_CATEGORIES = new Set(['identity', 'location', 'internet', 'financial', 'security', 'health']);

/** Shapes of values recognized without copying them: the first that 90% of the values match wins. */
const SHAPES: readonly (readonly [string, RegExp])[] = [
  ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['url', /^https?:\/\/[^\s]+$/i],
  ['phone', /^\+?[\d\s().-]{7,20}$/],
];

/** The shape most values of a text column take (email, phone, uuid, url), if one does. */
export function valueShape(values: readonly string[]): string | undefined {
  if (values.length === 0) return undefined;
  for (const [type, pattern] of SHAPES) {
    let hits = 0;
    for (const v of values) if (pattern.test(v)) hits++;
    if (hits >= 0.9 * values.length) return type;
  }
  return undefined;
}

/** `x` rounded to three significant digits, toward `direction` (1 up, -1 down, 0 nearest). */
export function roundSignificant(x: number, direction: 1 | -1 | 0, digits = 3): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  const scaled = x * scale;
  const r = direction === 1 ? Math.ceil(scaled) : direction === -1 ? Math.floor(scaled) : Math.round(scaled);
  // Dividing by a power of ten reads better than multiplying by its inverse (0.1 · 3 ≠ 0.3).
  return scale >= 1 ? r / scale : r * (1 / scale);
}

/** The value at quantile p of sorted numbers (linear between neighbours). */
function quantile(sorted: readonly number[], p: number): number {
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + (at - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

/** A driver's value as a number (drivers give big integers and decimals as text). */
export function asNumber(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number(String(v));
}

/** A driver's date or date-time as epoch ms (UTC); NaN when it does not read as one. */
export function asInstant(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') return v;
  const text = String(v).trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const iso = text.replace(' ', 'T');
  return Date.parse(/(Z|[+-]\d{2}(:?\d{2})?)$/.test(iso) ? iso.replace(/([+-]\d{2})$/, '$1:00') : `${iso}Z`);
}

function asBoolean(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 't' || v === 'true' || v === 1n;
}

/** Labels shared by at least minGroup values, with their counts, if they cover most values. */
function categories(
  values: readonly Value[],
  minGroup: number,
): { values: Value[]; weights: number[] } | undefined {
  const counts = new Map<Value, number>();
  for (const v of values) {
    counts.set(v, (counts.get(v) ?? 0) + 1);
    if (counts.size > MAX_CATEGORIES) return undefined;
  }
  const kept = [...counts].filter(([, n]) => n >= minGroup).sort((a, b) => b[1] - a[1]);
  const covered = kept.reduce((sum, [, n]) => sum + n, 0);
  if (kept.length === 0 || covered < CATEGORY_COVER * values.length) return undefined;
  return { values: kept.map(([v]) => v), weights: kept.map(([, n]) => round4(n / covered)) };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Whether a type's values are about a person, place, contact or secret (never categories). */
function isPrivateType(type: string): boolean {
  const category = FIELD_TYPES.get(type)?.category;
  return category === undefined || PRIVATE_CATEGORIES.has(category);
}

/** Word-count types a free-text column becomes, with its measured word counts. */
const FREE_TEXT = new Set(['text', 'sentence', 'paragraph', 'words', 'string', 'word', 'description']);

/**
 * The field for one column, from its sampled values (`null` for NULL). `values` may be empty (an
 * empty table): the detected field is kept.
 */
export function profileColumn(
  facts: ColumnFacts,
  values: readonly unknown[],
  options: ColumnOptions,
): FieldSpec {
  const { field, kind } = facts;
  const present = values.filter((v) => v !== null && v !== undefined);
  const nullRate = values.length === 0 ? 0 : 1 - present.length / values.length;
  const withNulls = (spec: FieldSpec): FieldSpec => {
    const { nullable: _n, ...rest } = spec;
    const params = { ...(rest.params ?? {}) };
    delete params['null_rate'];
    if (facts.nullable && nullRate > 0) {
      params['null_rate'] = round4(nullRate);
      return { ...rest, params, nullable: true };
    }
    return Object.keys(params).length === 0 ? (({ params: _p, ...r }) => r)(rest) : { ...rest, params };
  };
  if (present.length === 0)
    return facts.nullable && values.length > 0
      ? { ...field, nullable: true, params: { ...field.params, null_rate: 1 } }
      : field;

  // Keys, refs and unique columns keep their type: only their null rate is measured.
  if (facts.key) {
    if (field.type === 'ref' || kind !== 'text') return withNulls(field);
    const shape = valueShape(present.map(String));
    const type = shape !== undefined && !isPrivateType(field.type) ? shape : field.type;
    return withNulls(type === field.type ? field : { name: field.name, type, unique: field.unique === true });
  }

  switch (kind) {
    case 'boolean': {
      const share = present.filter(asBoolean).length / present.length;
      return withNulls({ name: field.name, type: 'boolean', params: { probability: round4(share) } });
    }
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'float':
      return withNulls(numberField(field, kind, present.map(asNumber), options));
    case 'date':
    case 'datetime':
      return withNulls(dateField(field, kind, present.map(asInstant)));
    case 'text':
      return withNulls(textField(field, present.map(String), options));
    default:
      return withNulls(field);
  }
}

function numberField(
  field: FieldSpec,
  kind: ColumnKind,
  numbers: number[],
  options: ColumnOptions,
): FieldSpec {
  const finite = numbers.filter(Number.isFinite);
  if (finite.length === 0) return field;
  if (field.type === 'enum') return weighEnum(field, finite);
  const found = categories(finite, options.minGroup);
  if (found !== undefined && found.values.length <= 20)
    return { name: field.name, type: 'enum', params: { values: found.values, weights: found.weights } };
  const sorted = [...finite].sort((a, b) => a - b);
  const decimals = kind === 'decimal' ? Number(field.params?.['precision'] ?? 2) : 0;
  const grid = 10 ** decimals;
  // Inward: the twin's range lies within the source's.
  let min = roundSignificant(sorted[0] as number, 1);
  let max = roundSignificant(sorted[sorted.length - 1] as number, -1);
  if (kind !== 'float') {
    min = Math.ceil(min * grid) / grid;
    max = Math.floor(max * grid) / grid;
  }
  if (min > max) min = max = roundSignificant(sorted[0] as number, 0);
  let last = min;
  const quantiles = PERCENTILES.map((p, i) => {
    const raw = i === 0 ? min : i === PERCENTILES.length - 1 ? max : roundSignificant(quantile(sorted, p), 0);
    last = Math.min(max, Math.max(last, raw));
    return [p, last];
  });
  const range = { min, max, quantiles };
  if (kind === 'integer' || kind === 'bigint') return { name: field.name, type: 'integer', params: range };
  if (kind === 'decimal')
    return { name: field.name, type: 'number', params: { ...range, precision: Math.min(10, decimals) } };
  return { name: field.name, type: 'float', params: { ...range, precision: 4 } };
}

/** An enum of the catalog (a CHECK or an enum type): its labels are the schema's; weights are measured. */
function weighEnum(field: FieldSpec, present: readonly Value[]): FieldSpec {
  const labels = (field.params?.['values'] as Value[] | undefined) ?? [];
  const counts = labels.map(
    (label) => present.filter((v) => v === label || String(v) === String(label)).length,
  );
  if (counts.every((n) => n === 0)) return field;
  const total = counts.reduce((a, b) => a + b, 0);
  return { ...field, params: { ...field.params, weights: counts.map((n) => round4(n / total)) } };
}

function dateField(field: FieldSpec, kind: 'date' | 'datetime', instants: number[]): FieldSpec {
  const valid = instants.filter(Number.isFinite);
  if (valid.length === 0) return field;
  let lo = valid[0] as number;
  let hi = lo;
  for (const t of valid) {
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  // Inward to the day (dates) or the minute (date-times): no instant of the source is copied.
  const step = kind === 'date' ? 86_400_000 : 60_000;
  const min = Math.ceil(lo / step) * step;
  const max = Math.max(min, Math.floor(hi / step) * step);
  const iso = (t: number) =>
    kind === 'date' ? new Date(t).toISOString().slice(0, 10) : new Date(t).toISOString();
  const type = kind === 'date' ? 'date' : 'datetime';
  const params: Record<string, unknown> = { min: iso(min), max: iso(max) };
  return { name: field.name, type, params };
}

function textField(field: FieldSpec, texts: string[], options: ColumnOptions): FieldSpec {
  if (field.type === 'enum') return weighEnum(field, texts);
  const shape = valueShape(texts);
  if (shape !== undefined)
    return isPrivateType(field.type) && field.type !== 'text' ? field : { name: field.name, type: shape };
  if (!isPrivateType(field.type) || FREE_TEXT.has(field.type)) {
    const found = categories(texts, options.minGroup);
    if (found !== undefined) return { name: field.name, type: 'enum', params: found };
  }
  if (!FREE_TEXT.has(field.type)) return field;
  // Free text: only its length in words leaves, as the 5th and 95th percentiles.
  const words = texts.map((t) => t.split(/\s+/).filter(Boolean).length).sort((a, b) => a - b);
  const min = Math.min(200, Math.max(1, Math.round(quantile(words, 0.05))));
  const max = Math.min(200, Math.max(min, Math.round(quantile(words, 0.95))));
  return { name: field.name, type: 'sentence', params: { min_words: min, max_words: max } };
}
