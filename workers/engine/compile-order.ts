/**
 * Third compiler pass (part three): `after` / `before` params. Each resolves to an anchor (a field of
 * the same row, or `<ref field>.<parent field>`) whose value tightens this field's min/max per row.
 */
import {
  DATE_KINDS,
  type DraftField,
  type DraftTable,
  type Issues,
  NUMBER_KINDS,
  paramPath,
} from './compile-draft.js';
import { MS_PER_DAY, parseIsoMs } from './iso-time.js';
import type { Anchor } from './plan.js';

const DEFAULT_GAP_DAYS = 365;

/** Resolves after/before anchors of every field of the table. */
export function planOrdering(tables: DraftTable[], table: DraftTable, issues: Issues): void {
  for (const field of table.fields) {
    const after = field.params['after'];
    const before = field.params['before'];
    if (after === undefined && before === undefined) continue;
    const numeric = NUMBER_KINDS.has(field.kind);
    const orderable =
      field.ref === null &&
      field.source.mode === 'type' &&
      (numeric || DATE_KINDS.has(field.kind)) &&
      'min' in field.type.params &&
      'max' in field.type.params;
    if (!orderable) {
      issues.add(
        field.path,
        `type "${field.typeId}" does not support after/before (dates and numbers with min/max do)`,
      );
      continue;
    }
    const resolve = (key: 'after' | 'before', name: unknown): Anchor | null | false => {
      if (name === undefined) return null;
      const anchor = resolveAnchor(tables, table, field, name as string);
      if (typeof anchor === 'string') {
        issues.add(paramPath(field.path, key), anchor);
        return false;
      }
      return anchor;
    };
    const a = resolve('after', after);
    const b = resolve('before', before);
    if (a === false || b === false) continue;
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
    field.source = {
      mode: 'ordered',
      order: {
        after: a,
        before: b,
        numeric,
        min: bound(field.params['min']),
        max: bound(field.params['max']),
        gap,
      },
    };
  }
  checkRowCycles(table, issues);
}

/** An anchor, or the message of why the name does not resolve. */
function resolveAnchor(
  tables: DraftTable[],
  table: DraftTable,
  field: DraftField,
  name: string,
): Anchor | string {
  const dot = name.indexOf('.');
  let anchorField: DraftField | undefined;
  let via = -1;
  if (dot < 0) {
    anchorField = table.fields[table.byName.get(name) ?? -1];
    if (anchorField === undefined) return `field "${name}" is not defined in "${table.name}"`;
    if (anchorField === field) return 'a field cannot be ordered against itself';
  } else {
    const refName = name.slice(0, dot);
    const refField = table.fields[table.byName.get(refName) ?? -1];
    if (refField?.ref == null) return `"${refName}" is not a ref field of "${table.name}"`;
    const parent = tables[refField.ref.table] as DraftTable;
    const parentFieldName = name.slice(dot + 1);
    anchorField = parent.fields[parent.byName.get(parentFieldName) ?? -1];
    if (anchorField === undefined) return `field "${parentFieldName}" is not defined in "${parent.name}"`;
    via = refField.index;
  }
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
    return [after, before].filter((a): a is Anchor => a !== null && a.via < 0).map((a) => a.field);
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
