/**
 * Third compiler pass (part three): `after` / `before` params. Each resolves to an anchor (a field of
 * the same row, or `<ref field>.<parent field>`) whose value tightens this field's min/max per row.
 */
import {
  conditionOf,
  DATE_KINDS,
  drawsFreely,
  type DraftField,
  type DraftRef,
  type DraftTable,
  type Issues,
  namedField,
  NUMBER_KINDS,
  paramPath,
  partnerComposite,
} from './compile-draft.js';
import { EVENT_TYPES } from './engine-params.js';
import { MS_PER_DAY, parseIsoMs } from './iso-time.js';
import { EVENT_DEFAULT_BOUNDS } from './types/datetime.js';
import type { Anchor, PlannedComposite } from './plan.js';

const DEFAULT_GAP_DAYS = 365;

/** Event types (engine-params.ts): they follow the rows their row refers to. */
const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);

/**
 * The field that says when a row came to be: its first non-nullable, unconditional event field, or
 * -1. A child row's events follow it (`reviews.created_at` is not before the reviewer's).
 */
function rowTimeField(table: DraftTable): number {
  const found = table.fields.find(
    (f) => EVENT_TYPE_SET.has(f.typeId) && !f.nullable && f.params['when'] === undefined,
  );
  return found === undefined ? -1 : found.index;
}

/** The row times of the parents this table's refs point to, as anchors through each ref. */
function parentTimes(tables: DraftTable[], table: DraftTable): Anchor[] {
  const anchors: Anchor[] = [];
  for (const f of table.fields) {
    if (f.ref === null) continue;
    const time = rowTimeField(tables[f.ref.table] as DraftTable);
    if (time >= 0) anchors.push({ via: f.index, field: time });
  }
  return anchors;
}

/** `as_of` and `where` read every row of the parent (once per plan and worker): at most this many. */
export const MAX_FILTERED_PARENTS = 1_000_000;

/**
 * A ref that filters its parents: `as_of` draws among the rows created by a date of this row, so the
 * date can follow the parent without leaving its window (an order placed after its customer signed
 * up, in row order), and the date reads no anchor through this ref; `where` draws among the rows whose
 * field has one of some values (comments on published posts).
 */
function planParentFilters(tables: DraftTable[], table: DraftTable, issues: Issues): void {
  for (const field of table.fields) {
    const ref = field.ref;
    if (ref === null) continue;
    const key = ['as_of', 'where'].find((k) => field.params[k] !== undefined);
    if (key === undefined) continue;
    const parent = tables[ref.table] as DraftTable;
    const plain = drawsFreely(ref) && !ref.self && ref.exclude.length === 0;
    const path = paramPath(field.path, key);
    const partner = partnerComposite(table, field);
    if (partner !== undefined && field.params['as_of'] === undefined)
      planPartnerWhere(field, partner, parent, issues);
    else if (!plain || field.unique)
      issues.add(
        path,
        `${key} needs a plain ref (not per_parent, unique, self or allow_self: false), or for where the second ref of a unique key whose first is per_parent, without allow_self: false`,
      );
    else if (parent.count > MAX_FILTERED_PARENTS)
      issues.add(path, `${key} reads every row of the parent table: at most ${MAX_FILTERED_PARENTS} rows`);
    else {
      planAsOf(table, field, ref, parent, issues);
      planWhere(field, ref, parent, issues);
    }
  }
}

/** `where` on a junction's second ref: each parent's children take the rows in that state first. */
function planPartnerWhere(
  field: DraftField,
  comp: PlannedComposite,
  parent: DraftTable,
  issues: Issues,
): void {
  const where = field.params['where'] as Record<string, unknown>;
  const index = parent.byName.get(where['field'] as string);
  if (parent.count > MAX_FILTERED_PARENTS)
    issues.add(
      paramPath(field.path, 'where'),
      `where reads every row of the parent table: at most ${MAX_FILTERED_PARENTS} rows`,
    );
  else if (index === undefined)
    issues.add(
      paramPath(field.path, 'where.field'),
      `field "${String(where['field'])}" is not defined in "${parent.name}"`,
    );
  else comp.where = conditionOf(where, index);
}

function planAsOf(
  table: DraftTable,
  field: DraftField,
  ref: DraftRef,
  parent: DraftTable,
  issues: Issues,
): void {
  const name = field.params['as_of'];
  if (name === undefined) return;
  const path = paramPath(field.path, 'as_of');
  const date = table.fields[table.byName.get(name as string) ?? -1];
  const parentTime = rowTimeField(parent);
  if (date === undefined || date.ref !== null || !DATE_KINDS.has(date.kind))
    issues.add(path, `"${String(name)}" is not a date field of this table`);
  else if (parentTime < 0)
    issues.add(
      path,
      `table "${parent.name}" has no creation time (a date field, not nullable, without when)`,
    );
  else ref.asOf = { field: date.index, parentField: parentTime };
}

function planWhere(field: DraftField, ref: DraftRef, parent: DraftTable, issues: Issues): void {
  const where = field.params['where'] as Record<string, unknown> | undefined;
  if (where === undefined) return;
  const name = where['field'] as string;
  const index = parent.byName.get(name);
  if (index === undefined)
    return issues.add(
      paramPath(field.path, 'where.field'),
      `field "${name}" is not defined in "${parent.name}"`,
    );
  ref.where = conditionOf(where, index);
}

/** Resolves after/before anchors of every field of the table, and the implicit ones to its parents. */
export function planOrdering(tables: DraftTable[], table: DraftTable, issues: Issues): void {
  planParentFilters(tables, table, issues);
  const parents = parentTimes(tables, table);
  for (const field of table.fields) {
    const after = field.params['after'];
    const before = field.params['before'];
    const ascending = field.params['ascending'] === true;
    const firstOf = table.fields.filter((f) => f.ref?.asOf?.field === field.index).map((f) => f.index);
    // Every event field of a row follows every row it refers to, unless told otherwise; a ref drawn
    // as of this field already points to a parent that came first.
    const implicit =
      EVENT_TYPE_SET.has(field.typeId) && field.ref === null && field.params['after_parents'] !== false
        ? parents.filter((a) => table.fields[a.via]?.ref?.asOf?.field !== field.index)
        : [];
    const plain = !ascending && firstOf.length === 0;
    if (after === undefined && before === undefined && implicit.length === 0 && plain) continue;
    const numeric = NUMBER_KINDS.has(field.kind);
    const orderable =
      field.ref === null &&
      field.source.mode === 'type' &&
      (numeric || DATE_KINDS.has(field.kind)) &&
      'min' in field.type.params &&
      'max' in field.type.params;
    if (!orderable) {
      if (ascending) {
        issues.add(
          paramPath(field.path, 'ascending'),
          'ascending needs a drawn date field that is not unique',
        );
        continue;
      }
      if (!plain) {
        // The ref that names this date is where the request went wrong.
        const ref = table.fields[firstOf[0] as number] as DraftField;
        issues.add(
          paramPath(ref.path, 'as_of'),
          `"${field.name}" is not a drawn date (a lookup, by or unique one)`,
        );
        continue;
      }
      if (after === undefined && before === undefined) continue; // unique dates keep their own draw
      issues.add(
        field.path,
        `type "${field.typeId}" does not support after/before (dates and numbers with min/max do)`,
      );
      continue;
    }
    const resolve = (key: string, name: unknown): Anchor | null | false => {
      if (name === undefined) return null;
      const anchor = resolveAnchor(tables, table, field, name as string);
      if (typeof anchor === 'string') {
        issues.add(paramPath(field.path, key), anchor);
        return false;
      }
      return anchor;
    };
    const afterNames: unknown[] = after === undefined ? [] : Array.isArray(after) ? after : [after];
    const explicit = afterNames.map((name, k) =>
      resolve(Array.isArray(after) ? `after[${k}]` : 'after', name),
    );
    const b = resolve('before', before);
    if (b === false || explicit.includes(false)) continue;
    const anchors = explicit as Anchor[];
    for (const a of numeric ? [] : implicit)
      if (!anchors.some((x) => x.via === a.via && x.field === a.field)) anchors.push(a);
    const bound = (value: unknown) => {
      if (numeric) return typeof value === 'number' && Number.isFinite(value) ? value : null;
      const ms = parseIsoMs(value);
      return Number.isFinite(ms) ? ms : null;
    };
    const gapParam = field.params[numeric ? 'max_gap' : 'max_gap_days'];
    const gap =
      typeof gapParam === 'number'
        ? numeric
          ? gapParam
          : gapParam * MS_PER_DAY
        : numeric
          ? -1
          : DEFAULT_GAP_DAYS * MS_PER_DAY;
    // Ordered only by its parents, a date keeps its type's own window (a date_past stays past); so
    // does one in row order, which slices that window.
    const defaults =
      (after === undefined && before === undefined) || !plain
        ? EVENT_DEFAULT_BOUNDS[field.typeId]
        : undefined;
    field.source = {
      mode: 'ordered',
      order: {
        after: anchors,
        before: b,
        numeric,
        min: bound(field.params['min']) ?? defaults?.min ?? null,
        max: bound(field.params['max']) ?? defaults?.max ?? null,
        gap,
        gapGiven: typeof gapParam === 'number',
        minGap: minGapOf(field.params[numeric ? 'min_gap' : 'min_gap_days'], numeric),
        ascending,
        firstOf,
      },
    };
  }
  checkRowCycles(table, issues);
}

/** The least distance after the `after` anchor (ms for dates), 0 when not given. */
function minGapOf(param: unknown, numeric: boolean): number {
  if (typeof param !== 'number') return 0;
  return numeric ? param : param * MS_PER_DAY;
}

/** An anchor, or the message of why the name does not resolve. */
function resolveAnchor(
  tables: DraftTable[],
  table: DraftTable,
  field: DraftField,
  name: string,
): Anchor | string {
  const named = namedField(tables, table, name);
  if (typeof named === 'string') return named;
  const { via, field: anchorField } = named;
  if (via < 0 && anchorField === field) return 'a field cannot be ordered against itself';
  const sameClass = NUMBER_KINDS.has(field.kind)
    ? NUMBER_KINDS.has(anchorField.kind)
    : DATE_KINDS.has(anchorField.kind);
  if (!sameClass)
    return `"${name}" holds ${anchorField.kind} values, which cannot order a ${field.kind} field`;
  return { via, field: anchorField.index };
}

/** Same-row anchors must not loop (a after b, b after a). */
function checkRowCycles(table: DraftTable, issues: Issues): void {
  const next = (f: DraftField): number[] => {
    if (f.source.mode !== 'ordered') return [];
    const { after, before } = f.source.order;
    return [...after, before].filter((a): a is Anchor => a !== null && a.via < 0).map((a) => a.field);
  };
  const state = new Uint8Array(table.fields.length);
  const visit = (i: number): boolean => {
    state[i] = 1;
    for (const j of next(table.fields[i] as DraftField)) {
      if (state[j] === 1 || (state[j] === 0 && visit(j))) return true;
    }
    state[i] = 2;
    return false;
  };
  for (const f of table.fields) {
    if (state[f.index] === 0 && visit(f.index)) {
      issues.add(f.path, 'after/before anchors of this table form a loop');
      return;
    }
  }
}
