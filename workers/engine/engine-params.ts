/**
 * The params keys the engine core reads itself (not a field type): the one list the unknown-param
 * check consults. A new engine-level key is added here and nowhere else; `types` limits a key to the
 * field types it means something on (absent: every type).
 */
import { EVENT_DEFAULT_BOUNDS } from './types/datetime.js';

/** One engine-level params key. */
export interface EngineParam {
  readonly key: string;
  /** Field types the key applies to; absent means every type. */
  readonly types?: readonly string[];
  /** What it does, for the catalogue docs. */
  readonly doc: string;
}

/** Types whose field can decide the row's locale (compile-links.ts). */
export const ROW_LOCALE_TYPES: readonly string[] = [
  'country',
  'country_code',
  'nationality',
  'locale_code',
  'enum',
];

/**
 * Types whose values are when something happened: by default they follow the rows their row refers
 * to, inside their default window (the types of EVENT_DEFAULT_BOUNDS).
 */
export const EVENT_TYPES: readonly string[] = Object.keys(EVENT_DEFAULT_BOUNDS);

/**
 * Types that read other fields of their row through `by` (their FieldType has `prepareBy`; a test
 * holds the two lists together).
 */
export const KEYED_TYPES: readonly string[] = [
  'review',
  'review_title',
  'product_name',
  'product_category',
  'product_material',
  'product_description',
  'product_price',
  'job_title',
  'seniority_level',
  'salary',
  'age',
  'date_of_birth',
  'animal_breed',
  'weight',
  'lifespan',
  'currency',
  'reason',
  'symptom',
  'diagnosis',
  'treatment',
  'article_excerpt',
  'article_body',
  'hashtag',
  'slug',
  'domain',
  'email',
  'price',
  'amount',
  'enum',
  'integer',
];

/** Every engine-level params key (compile-read.ts validates their values). */
export const ENGINE_PARAMS: readonly EngineParam[] = [
  { key: 'null_rate', doc: 'number 0–1 (default 0.15): chance of null with `nullable: true`' },
  { key: 'primary_key', doc: 'boolean: this field is the table primary key' },
  {
    key: 'after',
    doc: 'field or ref.field, or a list of them: the value is not before the latest of them',
  },
  { key: 'before', doc: 'field or ref.field: the value is not after that one' },
  { key: 'max_gap_days', doc: 'number ≥ 0: widest window after/before a date anchor (default 365)' },
  { key: 'max_gap', doc: 'number ≥ 0: widest window after/before a number anchor' },
  {
    key: 'min_gap_days',
    doc: 'number ≥ 0, at most max_gap_days: the value is at least this many days after its `after` anchor',
  },
  {
    key: 'min_gap',
    doc: 'number ≥ 0, at most max_gap: the value is at least this much above its `after` anchor',
  },
  {
    key: 'ascending',
    types: EVENT_TYPES,
    doc: 'boolean: the rows come in the order of this date (row r of n falls in the r-th of n equal slices of min–max), so a sequence and the dates agree',
  },
  {
    key: 'in_order',
    doc: "boolean: row r takes the type's r-th distinct value, in the type's own order (`tag`: the blog's 20 tags first), from the first again once they run out, or with `unique: true` (where unique alone permutes them) as many as there are",
  },
  {
    key: 'distinct',
    doc: "boolean: no value repeats before every one of the type's distinct values has come once, then each again in another order (where `unique: true` refuses a count above them); not with `by`",
  },
  {
    key: 'after_parents',
    types: EVENT_TYPES,
    doc: 'boolean (default true): false lets this date precede the rows its row refers to',
  },
  {
    key: 'when',
    doc: '{field, in: [...]} or {field, not_in: [...]}: the value only where that field of the row has one of those values, else null',
  },
  {
    key: 'by',
    types: KEYED_TYPES,
    doc: 'field or list of fields of this row: their values select what this type draws (a review from its rating)',
  },
  {
    key: 'per_row_locale',
    types: ROW_LOCALE_TYPES,
    doc: 'boolean: true draws a locale per row from this field; false keeps the request locale',
  },
];

/** Whether `key` is an engine-level key on a field of type `typeId`. */
export function isEngineParam(key: string, typeId: string): boolean {
  return ENGINE_PARAMS.some((p) => p.key === key && (p.types === undefined || p.types.includes(typeId)));
}

/** The engine-level keys valid on a field of type `typeId`. */
export function engineParamKeys(typeId: string): string[] {
  return ENGINE_PARAMS.filter((p) => p.types === undefined || p.types.includes(typeId)).map((p) => p.key);
}
