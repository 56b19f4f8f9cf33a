/**
 * generateRows(): the rows [start, end) of one planned table. Each worker builds the runtime of a plan
 * once (per plan object) and reuses it for every chunk.
 */
import type { Value } from './field-type.js';
import type { Plan } from './plan.js';
import { TableRuntime } from './table-runtime.js';

/** The runtimes of one plan's tables, built lazily (a child builds its parents). */
class PlanRuntime {
  private readonly tables: (TableRuntime | undefined)[] = [];

  constructor(private readonly plan: Plan) {}

  table(index: number): TableRuntime {
    let rt = this.tables[index];
    if (rt === undefined) {
      rt = new TableRuntime(this.plan, index, (i) => this.table(i));
      this.tables[index] = rt;
      rt.build();
    }
    return rt;
  }
}

const runtimes = new WeakMap<Plan, PlanRuntime>();

function runtimeOf(plan: Plan, table: string): TableRuntime {
  let rt = runtimes.get(plan);
  if (rt === undefined) {
    rt = new PlanRuntime(plan);
    runtimes.set(plan, rt);
  }
  const index = plan.tables.findIndex((t) => t.name === table);
  if (index < 0) throw new RangeError(`table "${table}" is not in the plan`);
  return rt.table(index);
}

/** Rows [start, end) of `table` as arrays of values in field order; identical in any chunking. */
export function generateRows(plan: Plan, table: string, start: number, end: number): Value[][] {
  const rt = runtimeOf(plan, table);
  const count = rt.table.count;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > count) {
    throw new RangeError(`rows [${start}, ${end}) are outside table "${table}" of ${count} rows`);
  }
  const width = rt.table.fields.length;
  const evaluators = rt.evaluators;
  const state = rt.main;
  const stamps = state.stamps;
  const rows: Value[][] = new Array(end - start);
  for (let row = start; row < end; row++) {
    const values: Value[] = new Array(width);
    rt.begin(state, row, values);
    const epoch = state.epoch;
    for (let i = 0; i < width; i++) {
      if (stamps[i] === epoch) continue;
      values[i] = (evaluators[i] as (s: typeof state) => Value)(state);
      stamps[i] = epoch;
    }
    rows[row - start] = values;
  }
  return rows;
}

/** Rows [start, end) of `table` as objects keyed by field name. */
export function generateRecords(
  plan: Plan,
  table: string,
  start: number,
  end: number,
): Record<string, Value>[] {
  const names = plan.tables.find((t) => t.name === table)?.fields.map((f) => f.name) ?? [];
  // fromEntries defines own properties, so a field named __proto__ stays data.
  return generateRows(plan, table, start, end).map((values) =>
    Object.fromEntries(names.map((n, i) => [n, values[i] as Value])),
  );
}
