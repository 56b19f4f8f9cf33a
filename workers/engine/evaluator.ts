/**
 * What a field's evaluator is, and what it may ask of its table's runtime: a leaf module, so the
 * evaluators (field-evaluators.ts, ordered-evaluator.ts) and the runtime that builds them
 * (table-runtime.ts) import it rather than each other.
 */
import type { FieldType, PreparedGenerator, Value } from './field-type.js';
import type { GenerationPlan, PlannedField, PlannedTable } from './plan.js';
import type { Permutation } from './permutation.js';
import type { CellRng } from './random.js';
import type { RowState } from './row-state.js';
import { FIELD_TYPES } from './types/index.js';

/** Where each child row of a per_parent ref sits: its slot order and the parents' slot ranges. */
export interface Allocation {
  prefix: Float64Array;
  slots: Permutation;
}

/** Produces one field's value for the row a state is on. */
export type Evaluator = (state: RowState) => Value;

/** The parts of a table's runtime that evaluators use (TableRuntime implements it). */
export interface RuntimeView {
  readonly plan: GenerationPlan;
  readonly table: PlannedTable;
  /** Shared by the table's evaluators; each uses it in one uninterrupted stretch. */
  readonly rng: CellRng;
  readonly nullRng: CellRng;
  /** The runtime of another table of the plan (a parent). */
  readonly tableAt: (index: number) => RuntimeView;
  /** Field `i`'s value in the row `state` is on (computed once per row). */
  cell(state: RowState, i: number): Value;
  /** The parent row that ref field `i` points to from `state`'s row, or -1 (null). */
  parentRow(state: RowState, i: number): number;
  /** Field `i`'s value in row `row`. */
  valueAt(i: number, row: number): Value;
  /** Field `i`'s instant (epoch ms) in row `row`. */
  msAt(i: number, row: number): number;
  /** The parent row per_parent allocation gives row `row` of ref field `i`. */
  allocatedParent(i: number, row: number): number;
  /** Where per_parent ref field `i` placed each child row: its slot order and the parents' slot ranges. */
  allocation(i: number): Allocation;
  /** The decoded members of composite key `c` for `state`'s row. */
  composite(state: RowState, c: number): Float64Array;
}

/** The type of a planned field (compile checked that it exists). */
export function typeOf(field: PlannedField): FieldType {
  const type = FIELD_TYPES.get(field.type);
  if (type === undefined) throw new Error(`unknown field type ${field.type}`);
  return type;
}

/** The field's generator with its params bound: the type's `prepare` when it has one. */
export function preparedGenerator(field: PlannedField): PreparedGenerator {
  const type = typeOf(field);
  const params = field.params;
  return type.prepare?.(params) ?? ((rng, ctx) => type.generate(rng, ctx, params));
}
