/**
 * Evaluators of derived values: `lookup` reads a field of the row a ref points to; `aggregate` walks
 * the child rows that a per_parent ref allocated to this row; `when` lets a field hold a value only in
 * rows where a condition on another field holds.
 *
 * Children without a table: per_parent gives parent p the child slots [prefix[p], prefix[p + 1]) and
 * child row r the slot `slots.at(r)`, so p's children are `slots.inverse(slot)` for its slots, each
 * recomputed from its own streams. An aggregate costs one permutation inverse and the child's values
 * per child; the allocation (8 bytes a parent) is the only thing held.
 */
import type { Value } from './field-type.js';
import type { Evaluator, RuntimeView } from './evaluator.js';
import type { Anchor, PlannedAggregate, PlannedCondition } from './plan.js';
import type { RowState } from './row-state.js';

/**
 * A field of the row that ref field `lookup.via` points to (null when the ref is null), or of the
 * same row when `via` is -1.
 */
export function lookupEvaluator(rt: RuntimeView, lookup: Anchor): Evaluator {
  if (lookup.via < 0) {
    const own = lookup.field;
    return (s) => rt.cell(s, own);
  }
  const ref = rt.table.fields[lookup.via]?.source;
  if (ref?.mode !== 'ref') throw new Error('lookup through a field that is not a ref');
  const parent = rt.tableAt(ref.ref.table);
  const { via, field } = lookup;
  return (s) => {
    const row = rt.parentRow(s, via);
    return row < 0 ? null : parent.valueAt(field, row);
  };
}

/** Decimal places of a finite number written without exponent; -1 when String() uses one. */
function decimals(x: number): number {
  if (Number.isInteger(x)) return 0;
  const text = String(x);
  if (text.includes('e')) return -1;
  return text.length - text.indexOf('.') - 1;
}

/**
 * Sums products exactly: each factor is an integer at its own decimal precision, so the sum is an
 * integer at the largest precision, divided once at the end (19.99 × 3 + 0.1 is 60.07, not
 * 60.069999…). Falls back to floating point only past 2^53 or for exponent-notation inputs.
 */
class ExactSum {
  private units = 0;
  private scale = 0;
  private float = 0;
  private exact = true;

  reset(): void {
    this.units = 0;
    this.scale = 0;
    this.float = 0;
    this.exact = true;
  }

  /** Adds the product of `factors` (finite numbers). */
  add(factors: readonly number[], n: number): void {
    let product = 1;
    let places = 0;
    let floatProduct = 1;
    for (let k = 0; k < n; k++) {
      const x = factors[k] as number;
      floatProduct *= x;
      const d = decimals(x);
      if (d < 0) this.exact = false;
      product *= Math.round(x * 10 ** d);
      places += d;
    }
    this.float += floatProduct;
    if (!this.exact) return;
    if (places > this.scale) {
      this.units *= 10 ** (places - this.scale);
      this.scale = places;
    }
    this.units += product * 10 ** (this.scale - places);
    if (!Number.isSafeInteger(this.units) || this.scale > 15) this.exact = false;
  }

  get value(): number {
    return this.exact ? this.units / 10 ** this.scale : this.float;
  }
}

/**
 * Count, sum, min or max over the state's row's children (see the file comment). Its scratch (the
 * factors and the running sum) is taken per call from a stack: through a self-reference the same
 * evaluator may run inside itself for another row.
 */
export function aggregateEvaluator(rt: RuntimeView, aggregate: PlannedAggregate): Evaluator {
  const child = rt.tableAt(aggregate.table);
  const { ref, op, of } = aggregate;
  const refField = child.table.fields[ref];
  // Children whose ref is null (null_rate or an unmet `when`) belong to no row.
  const checkNull = (refField?.nullRate ?? 0) > 0 || (refField?.when ?? null) !== null;
  const stack: { factors: number[]; sum: ExactSum; best: ExactSum }[] = [];
  let depth = 0;
  return (s: RowState): Value => {
    const scratch = (stack[depth] ??= {
      factors: new Array<number>(of.length).fill(0),
      sum: new ExactSum(),
      best: new ExactSum(),
    });
    depth++;
    try {
      const { factors, sum, best: one } = scratch;
      const { prefix, slots } = child.allocation(ref);
      const end = prefix[s.row + 1] as number;
      let count = 0;
      let best: number | null = null;
      sum.reset();
      next: for (let slot = prefix[s.row] as number; slot < end; slot++) {
        const row = slots.inverse(slot);
        if (checkNull && child.valueAt(ref, row) === null) continue;
        count++;
        if (op === 'count') continue;
        for (let k = 0; k < of.length; k++) {
          const v = child.valueAt(of[k] as number, row);
          if (typeof v !== 'number') continue next;
          factors[k] = v;
        }
        if (op === 'sum') sum.add(factors, of.length);
        else {
          one.reset();
          one.add(factors, of.length);
          const v = one.value;
          if (best === null || (op === 'min' ? v < best : v > best)) best = v;
        }
      }
      return op === 'count' ? count : op === 'sum' ? sum.value : best;
    } finally {
      depth--;
    }
  };
}

/** `inner` in rows where the condition holds, else null. */
export function conditionalEvaluator(
  rt: RuntimeView,
  i: number,
  when: PlannedCondition,
  inner: Evaluator,
): Evaluator {
  const values = new Set<Value>(when.values);
  const { field, negate } = when;
  return (s) => {
    if (values.has(rt.cell(s, field)) !== negate) return inner(s);
    s.parentRows[i] = -1;
    return null;
  };
}
