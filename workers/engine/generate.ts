/**
 * generateRows(): the rows [start, end) of one planned table. Each worker builds the runtime of a plan
 * once (per plan object) and reuses it for every chunk.
 */
import type { Value } from './field-type.js';
import type { GenerationPlan } from './plan.js';
import type { Evaluator } from './evaluator.js';
import { mix32 } from './random.js';
import { TableRuntime } from './table-runtime.js';

/** The runtimes of one plan's tables, built lazily (a child builds its parents). */
class PlanRuntime {
  private readonly tables: (TableRuntime | undefined)[] = [];

  constructor(private readonly plan: GenerationPlan) {}

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

const runtimes = new WeakMap<GenerationPlan, PlanRuntime>();

function runtimeOf(plan: GenerationPlan, table: string): TableRuntime {
  let rt = runtimes.get(plan);
  if (rt === undefined) {
    rt = new PlanRuntime(plan);
    runtimes.set(plan, rt);
  }
  const index = plan.tables.findIndex((t) => t.name === table);
  if (index < 0) throw new RangeError(`table "${table}" is not in the plan`);
  return rt.table(index);
}

/** The table's runtime, after checking that [start, end) is a valid row range of it. */
function checkedRuntime(plan: GenerationPlan, table: string, start: number, end: number): TableRuntime {
  const rt = runtimeOf(plan, table);
  const count = rt.table.count;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > count) {
    throw new RangeError(`rows [${start}, ${end}) are outside table "${table}" of ${count} rows`);
  }
  return rt;
}

/** Fills `values` (of the table's width) with row `row`. */
function fillRow(rt: TableRuntime, row: number, values: Value[]): void {
  const { evaluators, direct, streamKeys, fieldNames, rng } = rt;
  const state = rt.main;
  const stamps = state.stamps;
  rt.begin(state, row, values);
  const epoch = state.epoch;
  const mix = state.rowMix;
  for (let i = 0; i < values.length; i++) {
    // A field may already hold its value: another field of the row needed it first (an anchor).
    if (stamps[i] === epoch) continue;
    const generate = direct[i];
    if (generate !== undefined) {
      // Inlined plainEvaluator: the same stream and the same generator, one closure call less.
      state.fieldName = fieldNames[i] as string;
      values[i] = generate(rng.reset(mix32((streamKeys[i] as number) ^ mix)), state);
    } else {
      values[i] = (evaluators[i] as Evaluator)(state);
    }
    stamps[i] = epoch;
  }
}

/** Rows [start, end) of `table` as arrays of values in field order; identical in any chunking. */
export function generateRows(plan: GenerationPlan, table: string, start: number, end: number): Value[][] {
  const rt = checkedRuntime(plan, table, start, end);
  const width = rt.table.fields.length;
  const rows: Value[][] = new Array(end - start);
  for (let row = start; row < end; row++) {
    const values: Value[] = new Array(width);
    fillRow(rt, row, values);
    rows[row - start] = values;
  }
  return rows;
}

/**
 * The rows of generateRows, one at a time, without allocating row arrays: `visit(values, row)` gets
 * ONE array, overwritten for the next row, so serialize or copy it before returning (the values
 * themselves are immutable strings, numbers, ... and may be kept). `visit` must not call back into the
 * engine for the same plan.
 */
export function forEachRow(
  plan: GenerationPlan,
  table: string,
  start: number,
  end: number,
  visit: (values: readonly Value[], row: number) => void,
): void {
  const rt = checkedRuntime(plan, table, start, end);
  const values: Value[] = new Array<Value>(rt.table.fields.length).fill(null);
  for (let row = start; row < end; row++) {
    fillRow(rt, row, values);
    visit(values, row);
  }
}

/** Rows [start, end) of `table` as objects keyed by field name. */
export function generateRecords(
  plan: GenerationPlan,
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
