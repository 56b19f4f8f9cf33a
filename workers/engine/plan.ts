/**
 * The compiled form of a request: validated, ordered parents first, every relation resolved to table
 * and field indices. Plain data only (no functions, classes or Maps) so it can be posted to worker
 * threads with the structured clone algorithm.
 */
import type { ColumnKind } from './field-type.js';

/** Bumped whenever the bytes generated for some input change. */
export const ENGINE_VERSION = '10';

/** One problem, located by a request path such as `tables[0].fields[2].type`. */
export interface EngineIssue {
  field: string;
  message: string;
  suggestion?: string;
}

/** Why a request cannot be planned; maps to a 400 with the same code. */
export interface EngineError {
  code: 'SCHEMA_ERROR' | 'DEPENDENCY_CYCLE';
  message: string;
  details: EngineIssue[];
}

/**
 * A plan, with the warnings of a request that is served as it is (unknown params keys, ignored), or why
 * it cannot be planned.
 */
export type CompileResult =
  { ok: true; plan: GenerationPlan; warnings: string[] } | { ok: false; error: EngineError };

export interface GenerationPlan {
  seed: number;
  locale: string;
  engineVersion: string;
  /** SHA-256 of the input; lets each worker memoize derived data (per_parent allocations). */
  key: string;
  /** Table names, parents first. */
  order: string[];
  /** In request order; indices in refs point into this array. */
  tables: PlannedTable[];
}

export interface PlannedTable {
  name: string;
  count: number;
  fields: PlannedField[];
  primaryKey: string | null;
  foreignKeys: { field: string; table: string; references: string }[];
  /** Composite unique keys as requested (field names). */
  uniques: string[][];
  /** Each row draws its own locale (the table has a country field). */
  perRowLocale: boolean;
  /**
   * Index of an enum field of country codes or names that decides each row's locale (computed first
   * in the row), or -1. Rows whose value names no locale's country keep the request locale.
   */
  localeField: number;
  /**
   * Index of the ref field with `same_place: true`, or -1: the row's place (city, region, postal code,
   * address, area code) is in the city of the parent row that ref picks, at a postal code of its own.
   */
  placeRef: number;
  /** The most bytes one row takes in any output (size.ts): its cells, keys and separators. */
  rowBytes: number;
  /** combine(seed, hashString(name)): the root of every stream of this table. */
  streamKey: number;
  composites: PlannedComposite[];
}

export interface PlannedField {
  name: string;
  type: string;
  kind: ColumnKind;
  nullable: boolean;
  /** The request asked for unique values (field `unique`, or a one-field table key). */
  unique: boolean;
  /** Values are distinct across rows (unique, primary key or naturally unique type). */
  distinct: boolean;
  /** The request's params (plain JSON), handed to the type's generator. */
  params: Record<string, unknown>;
  /** The most bytes one value takes in any output (size.ts); a ref's is its parent field's. */
  maxBytes: number;
  /** Probability of null; 0 unless nullable. */
  nullRate: number;
  /** combine(table stream, hashString(name)): the root of this field's cell streams. */
  streamKey: number;
  source: FieldSource;
  /** `when`: the field holds a value only in rows where this condition holds, else null. */
  when: PlannedCondition | null;
}

/** A condition on another field of the same row. */
export interface PlannedCondition {
  /** Field index in this table. */
  field: number;
  /** The values that satisfy the condition (`in`), or that fail it (`not_in`). */
  values: (string | number | boolean)[];
  negate: boolean;
}

/** How a field's value is produced. */
export type FieldSource =
  | { mode: 'type' }
  | { mode: 'nth'; domain: number; ordered: boolean }
  | { mode: 'locale'; show: 'country' | 'country_code' | 'nationality' | 'locale_code' }
  | { mode: 'ref'; ref: PlannedRef }
  | { mode: 'member'; composite: number; member: number }
  | { mode: 'ordered'; order: PlannedOrder }
  | { mode: 'lookup'; lookup: Anchor }
  /** Drawn from the values of other fields of the row or of a parent row (`by`, in order): FieldType.prepareBy. */
  | { mode: 'keyed'; by: Anchor[]; distinct: boolean }
  | { mode: 'aggregate'; aggregate: PlannedAggregate }
  /** A basket of rows of another table (`basket_total`'s `of`): their values of one field, summed. */
  | { mode: 'basket'; basket: { table: number; field: number } };

/** A value computed over the child rows that a per_parent ref allocates to this row. */
export interface PlannedAggregate {
  /** Child table index, and its per_parent ref field pointing at this table. */
  table: number;
  ref: number;
  op: 'count' | 'sum' | 'min' | 'max';
  /** Child fields whose product is summed (or compared); empty for count. */
  of: number[];
}

export interface PlannedRef {
  /** Parent table and field indices. */
  table: number;
  field: number;
  /** A nullable self-reference: row r points to a row below r (row 0 gets null). */
  self: boolean;
  pick: 'uniform' | 'power_law' | 'round_robin' | 'per_parent' | 'unique' | 'composite';
  /** As requested; with per_parent, power_law skews the extra children toward fewer parents. */
  distribution: 'uniform' | 'power_law' | 'round_robin';
  alpha: number;
  /** `weights[i]`: the share of parents with `min + i` children (a profiled distribution), if given. */
  perParent: { min: number; max: number; weights?: number[] } | null;
  /** Ref fields of this table whose parent rows this field must avoid (allow_self: false). */
  exclude: number[];
  composite: number;
  member: number;
  /** `as_of`: drawn among the parent rows created by this row's date; null otherwise. */
  asOf: PlannedAsOf | null;
  /** `where`: drawn among the parent rows whose field (index in the parent) has one of the values. */
  where: PlannedCondition | null;
}

/** A ref's `as_of`: the parents whose creation time (`parentField`) is not after this row's `field`. */
export interface PlannedAsOf {
  /** Date field of this row. */
  field: number;
  /** The parent table's creation time: its first non-nullable, unconditional event field. */
  parentField: number;
}

/** A bound taken from another value: a field of the same row (`via` -1) or of the row's parent. */
export interface Anchor {
  /** Ref field of this table whose parent row holds the anchor, or -1 for the same row. */
  via: number;
  /** Field index in this table (via -1) or in the parent table. */
  field: number;
}

export interface PlannedOrder {
  /** The value is not before any of these (the latest non-null one counts). */
  after: Anchor[];
  before: Anchor | null;
  /** Numbers rather than dates. */
  numeric: boolean;
  /** The field's explicit bounds (epoch ms for dates), or null. */
  min: number | null;
  max: number | null;
  /** Width of the window on the open side (ms for dates). */
  gap: number;
  /**
   * `max_gap`/`max_gap_days` given: the value is also within `gap` of its one anchor when `max` (or,
   * before an anchor, `min`) closes that side; the default gap only fills an open side.
   */
  gapGiven: boolean;
  /** The least distance after the latest `after` anchor (ms for dates; 0: none). */
  minGap: number;
  /** `ascending`: row r of n falls in the r-th of n equal slices of [min, max]. */
  ascending: boolean;
  /**
   * Ref fields drawn `as_of` this value: it is not before the first row of their parent tables was
   * created (the window starts there), so a parent created by then exists.
   */
  firstOf: number[];
}

/** A table-level unique key, generated by permuting its value space. */
export interface PlannedComposite {
  /** Field indices in decode order; a per_parent ref, when present, is first. */
  members: number[];
  /** Distinct values each member can take (parent count, or the type's cardinality). */
  sizes: number[];
  /** Per member: positions of earlier members (same parent table) it must differ from. */
  excludes: number[][];
  /** The first member is allocated by per_parent; the rest are permuted within each parent. */
  perParent: boolean;
  /** Size of the permuted space (all members, or all but the per_parent one). */
  space: number;
  streamKey: number;
  /** `match` on the second member: its rows that share a topic with the per_parent parent's come first. */
  match: PlannedMatch | null;
  /** `where` on the second member: its rows in that state come first (partner-order.ts). */
  where: PlannedCondition | null;
}

/** A ref's `match`: fields compared by topic (partner-order.ts). */
export interface PlannedMatch {
  /** Field of the per_parent parent table (the post's title). */
  headField: number;
  /** Field of the matched ref's parent table (the tag's name). */
  partnerField: number;
}
