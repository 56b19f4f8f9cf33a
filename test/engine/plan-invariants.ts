/** Checks every promise a plan makes against its generated rows; returns the broken ones. */
import type { GenerationPlan, Value } from '../../workers/engine/index.js';
import type { Anchor } from '../../workers/engine/plan.js';
import { allRows } from './engine-helpers.js';

const day = (v: Value) => String(v).slice(0, 10);

export function brokenPromises(plan: GenerationPlan): string[] {
  const problems: string[] = [];
  const rowsOf = new Map(plan.tables.map((t) => [t.name, allRows(plan, t.name)]));
  const indexOf = (table: number, field: number) => (row: Value[]) => row[field] as Value;
  for (const table of plan.tables) {
    const rows = rowsOf.get(table.name) as Value[][];
    if (rows.length !== table.count) problems.push(`${table.name}: ${rows.length} rows`);
    table.fields.forEach((field, f) => {
      const values = rows.map((r) => r[f] as Value);
      if (field.distinct || field.unique) {
        const present = values.filter((v) => v !== null);
        if (new Set(present).size !== present.length) problems.push(`${table.name}.${field.name} repeats`);
      }
      if (!field.nullable && values.includes(null)) problems.push(`${table.name}.${field.name} has null`);
      const source = field.source;
      if (source.mode === 'ref') {
        const parent = plan.tables[source.ref.table];
        const parentValues = new Set(
          (rowsOf.get(parent?.name ?? '') ?? []).map(indexOf(source.ref.table, source.ref.field)),
        );
        if (!values.every((v) => v === null || parentValues.has(v)))
          problems.push(`${table.name}.${field.name} dangles`);
        for (const other of source.ref.exclude) {
          if (rows.some((r) => r[f] !== null && r[f] === r[other]))
            problems.push(`${table.name}.${field.name} equals field ${other}`);
        }
      }
      if (source.mode === 'ordered') {
        const read = (row: Value[], anchor: Anchor): Value => {
          if (anchor.via < 0) return row[anchor.field] as Value;
          const ref = table.fields[anchor.via]?.source;
          if (ref?.mode !== 'ref' || row[anchor.via] === null) return null;
          const parent = plan.tables[ref.ref.table];
          const parentRows = rowsOf.get(parent?.name ?? '') ?? [];
          const match = parentRows.find((p) => p[ref.ref.field] === row[anchor.via]);
          return match === undefined ? null : (match[anchor.field] as Value);
        };
        const cmp = (a: Value, b: Value) =>
          typeof a === 'number'
            ? a - (b as number)
            : field.kind === 'date'
              ? day(a).localeCompare(day(b))
              : String(a).localeCompare(String(b));
        for (const row of rows) {
          const value = row[f] as Value;
          if (value === null) continue;
          const after = source.order.after === null ? null : read(row, source.order.after);
          const before = source.order.before === null ? null : read(row, source.order.before);
          if (after !== null && cmp(value, after) < 0)
            problems.push(`${table.name}.${field.name} ${value} before ${after}`);
          if (before !== null && after === null && cmp(value, before) > 0)
            problems.push(`${table.name}.${field.name} ${value} after ${before}`);
        }
      }
    });
    for (const key of table.uniques) {
      const at = key.map((name) => table.fields.findIndex((f) => f.name === name));
      const seen = new Set(rows.map((r) => JSON.stringify(at.map((i) => r[i]))));
      if (seen.size !== rows.length) problems.push(`${table.name} repeats (${key.join(', ')})`);
    }
  }
  return problems;
}
