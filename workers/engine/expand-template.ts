/**
 * expandTemplate(): a template's tables with counts scaled, then fitted so the request stays feasible
 * at every scale (a junction table never asks for more distinct pairs than exist, per_parent ranges
 * always hold).
 */
import type { FieldSpec, TableSpec } from './schema.js';
import { TEMPLATES, type Template } from './templates.js';

/**
 * A table's count at `scale`: max(1, round(count × scale)). A list of names in their order (a field
 * `in_order`, no ref: the blog's tags) keeps its count below scale 1, so no topic loses its tags.
 */
export function scaledCount(table: TableSpec, scale: number): number {
  const list =
    table.fields.some((f) => f.params?.['in_order'] === true) && !table.fields.some((f) => f.type === 'ref');
  return list && scale < 1 ? table.count : Math.max(1, Math.round(table.count * scale));
}

/** The tables of template `id` with counts scaled (`scaledCount`), fitted to be feasible. */
export function expandTemplate(id: Template['id'], scale: number): TableSpec[] {
  const template = TEMPLATES.find((t) => t.id === id);
  if (template === undefined) throw new RangeError(`unknown template "${String(id)}"`);
  if (!(typeof scale === 'number' && Number.isFinite(scale) && scale > 0)) {
    throw new RangeError('scale must be a positive number');
  }
  const counts = new Map<string, number>();
  return template.tables.map((table) => {
    const fitted = fitTable(table, scaledCount(table, scale), counts);
    counts.set(table.name, fitted.count);
    return fitted;
  });
}

interface RefInfo {
  field: FieldSpec;
  parent: string;
  parents: number;
}

function refsOf(table: TableSpec, counts: Map<string, number>): Map<string, RefInfo> {
  const refs = new Map<string, RefInfo>();
  for (const field of table.fields) {
    const parent = field.params?.['table'];
    if (field.type === 'ref' && typeof parent === 'string') {
      refs.set(field.name, { field, parent, parents: counts.get(parent) ?? 1 });
    }
  }
  return refs;
}

/** Clamps the count (and a per_parent max) into what the table's constraints allow. */
function fitTable(table: TableSpec, scaled: number, counts: Map<string, number>): TableSpec {
  const refs = refsOf(table, counts);
  let low = 1;
  let high = Number.POSITIVE_INFINITY;
  const fields = table.fields.map((field) => {
    const info = refs.get(field.name);
    if (info === undefined) return field;
    if (field.unique) high = Math.min(high, info.parents);
    const per = field.params?.['per_parent'] as { min: number; max: number } | undefined;
    if (per === undefined) return field;
    // Siblings of one parent need distinct partners in a composite key: cap max by the partner space.
    const partners = (table.unique ?? [])
      .filter((key) => key.includes(field.name))
      .map((key) =>
        pairSpace(
          key.filter((n) => n !== field.name),
          refs,
          info.parent,
        ),
      );
    const max = Math.max(per.min, Math.min(per.max, ...partners));
    low = Math.max(low, info.parents * per.min);
    high = Math.min(high, info.parents * max);
    return max === per.max
      ? field
      : { ...field, params: { ...field.params, per_parent: { min: per.min, max } } };
  });
  for (const key of table.unique ?? []) {
    if (!key.some((name) => (refs.get(name)?.field.params?.['per_parent'] ?? null) !== null)) {
      high = Math.min(high, pairSpace(key, refs, null));
    }
  }
  const count = Math.min(Math.max(scaled, low), high);
  return { ...table, count, fields };
}

/**
 * Distinct combinations of the ref fields of a key; refs to the same parent (as `exclude`, or each
 * other) lose one value each when the group says allow_self: false.
 */
function pairSpace(names: readonly string[], refs: Map<string, RefInfo>, exclude: string | null): number {
  let space = 1;
  const seen = new Map<string, number>();
  if (exclude !== null) seen.set(exclude, 1);
  const distinct = [...refs.values()].some((r) => r.field.params?.['allow_self'] === false);
  for (const name of names) {
    const info = refs.get(name);
    if (info === undefined) continue;
    const taken = distinct ? (seen.get(info.parent) ?? 0) : 0;
    space *= Math.max(0, info.parents - taken);
    seen.set(info.parent, taken + 1);
  }
  return space;
}
