/**
 * Working state of the compiler: the request's tables and fields with their types resolved, filled in
 * step by step (refs, kinds, uniqueness, ordering) before becoming a plain-data Plan.
 */
import type { ColumnKind, FieldType } from './field-type.js';
import type { EngineIssue, FieldSource, PlannedAsOf, PlannedComposite, PlannedCondition } from './plan.js';

export interface DraftRef {
  table: number;
  field: number;
  self: boolean;
  distribution: 'uniform' | 'power_law' | 'round_robin';
  alpha: number;
  perParent: { min: number; max: number; weights?: number[] } | null;
  allowSelf: boolean;
  pick: 'uniform' | 'power_law' | 'round_robin' | 'per_parent' | 'unique' | 'composite';
  exclude: number[];
  composite: number;
  member: number;
  /** `as_of`: the row's date field, and the parent's creation time it is compared with. */
  asOf: PlannedAsOf | null;
  /** `where`: a condition on a field of the parent row. */
  where: PlannedCondition | null;
}

export interface DraftField {
  index: number;
  /** Request path of the field, `tables[0].fields[2]`. */
  path: string;
  name: string;
  typeId: string;
  type: FieldType;
  params: Record<string, unknown>;
  nullable: boolean;
  nullRate: number;
  unique: boolean;
  /** Resolved later for refs (the parent field's kind). */
  kind: ColumnKind;
  ref: DraftRef | null;
  distinct: boolean;
  source: FieldSource;
  /** `when`: resolved by compile-derived.ts. */
  when: PlannedCondition | null;
}

export interface DraftTable {
  index: number;
  path: string;
  name: string;
  count: number;
  fields: DraftField[];
  byName: Map<string, number>;
  uniques: string[][];
  primaryKey: number;
  perRowLocale: boolean;
  /** Index of the enum field whose country value decides the row's locale, or -1. */
  localeField: number;
  /** Index of the ref field with `same_place: true`: the row is in its parent's city; or -1. */
  placeRef: number;
  composites: PlannedComposite[];
}

/** Collects issues (refusals) and warnings (served, but the client is told) in request order. */
export class Issues {
  readonly list: EngineIssue[] = [];
  /** `<request path>: <message>`, as meta.warnings shows them. */
  readonly warnings: string[] = [];

  warn(field: string, message: string): void {
    this.warnings.push(`${field}: ${message}`);
  }

  add(field: string, message: string, suggestion?: string): void {
    this.list.push(suggestion === undefined ? { field, message } : { field, message, suggestion });
  }

  get any(): boolean {
    return this.list.length > 0;
  }
}

/** A plain (non-array, non-null) object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request path of a param, given a path relative to `params` (`min`, `values[2]`, ``). */
export function paramPath(fieldPath: string, relative: string): string {
  if (relative === '') return fieldPath + '.params';
  return fieldPath + '.params' + (relative.startsWith('[') ? '' : '.') + relative;
}

/**
 * A checked `{field, in}` / `{field, not_in}` (a `when`, or a ref's `where`) as planned, its field
 * resolved to `index`.
 */
export function conditionOf(spec: Record<string, unknown>, index: number): PlannedCondition {
  const negate = spec['in'] === undefined;
  const values = (negate ? spec['not_in'] : spec['in']) as (string | number | boolean)[];
  return { field: index, values: [...values], negate };
}

/** Whether a ref draws its parent freely (not fixed by per_parent, uniqueness or a composite key). */
export const drawsFreely = (ref: DraftRef | null): boolean =>
  ref?.pick === 'uniform' || ref?.pick === 'power_law' || ref?.pick === 'round_robin';

/**
 * The field a param names: `"<field>"` of the same row (`via` -1), or `"<ref field>.<parent field>"` of
 * the row the ref points to (`via` the ref's index); else the message of why the name does not resolve.
 * `from`, `by` and `after`/`before` all name fields this way.
 */
export function namedField(
  tables: readonly DraftTable[],
  table: DraftTable,
  name: string,
): { via: number; field: DraftField } | string {
  const dot = name.indexOf('.');
  if (dot < 0) {
    const field = table.fields[table.byName.get(name) ?? -1];
    return field === undefined ? `field "${name}" is not defined in "${table.name}"` : { via: -1, field };
  }
  const refName = name.slice(0, dot);
  const ref = table.fields[table.byName.get(refName) ?? -1];
  if (ref?.ref == null) return `"${refName}" is not a ref field of "${table.name}"`;
  const parent = tables[ref.ref.table] as DraftTable;
  const parentName = name.slice(dot + 1);
  const field = parent.fields[parent.byName.get(parentName) ?? -1];
  return field === undefined
    ? `field "${parentName}" is not defined in "${parent.name}"`
    : { via: ref.index, field };
}

/** Kinds whose values can be ordered as dates, and as numbers. */
export const DATE_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['date', 'datetime', 'epoch']);
export const NUMBER_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  'integer',
  'bigint',
  'decimal',
  'float',
]);

/**
 * The composite key in which `field` is the second of two refs, after a per_parent one, with no
 * `allow_self: false` between them: the junction whose siblings `where` and `match` order.
 */
export function partnerComposite(table: DraftTable, field: DraftField): PlannedComposite | undefined {
  const comp = field.ref?.pick === 'composite' ? table.composites[field.ref.composite] : undefined;
  return comp?.perParent === true &&
    comp.members.length === 2 &&
    comp.members[1] === field.index &&
    (comp.excludes[1] ?? []).length === 0
    ? comp
    : undefined;
}
