/**
 * The parent rows a ref may point to when it filters them: `where` (a field of the parent has one of
 * some values: comments on published posts) and `as_of` (created by a date of the child's row: an
 * order by a customer who had signed up). The candidates are computed once per plan and worker and
 * cached; under `as_of` they are in order of creation, so a child's date finds by binary search how
 * many existed, and the pick draws among those.
 */
import type { RuntimeView } from './evaluator.js';
import type { PlannedRef } from './plan.js';
import { cachedAllocation } from './relations.js';

/**
 * The candidate parent rows of a filtering ref: `[time 0 … time n-1, row 0 … row n-1]`, in order of
 * creation (ties by row) under `as_of`, else in row order (times 0). A row without a time (null)
 * comes last, as if it never existed.
 */
export function parentCandidates(
  plan: string,
  ref: Pick<PlannedRef, 'table' | 'asOf' | 'where'>,
  parent: RuntimeView,
): Float64Array {
  const { asOf, where } = ref;
  const key = `${plan}:${ref.table}:candidates:${asOf?.parentField ?? -1}:${JSON.stringify(where)}`;
  return cachedAllocation(key, () => {
    const values = new Set(where?.values);
    const rows: number[] = [];
    for (let r = 0; r < parent.table.count; r++)
      if (where === null || values.has(parent.valueAt(where.field, r) as string) !== where.negate)
        rows.push(r);
    const n = rows.length;
    const times = new Float64Array(n);
    if (asOf !== null) {
      const timeOf = new Float64Array(parent.table.count);
      for (const r of rows) {
        const ms = parent.msAt(asOf.parentField, r);
        timeOf[r] = Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
      }
      rows.sort((a, b) => (timeOf[a] as number) - (timeOf[b] as number) || a - b);
      rows.forEach((r, k) => (times[k] = timeOf[r] as number));
    }
    const out = new Float64Array(2 * n);
    out.set(times);
    out.set(rows, n);
    return out;
  });
}

/** How many of the `n` sorted times at the start of `candidates` are at or before `ms`. */
export function createdBy(candidates: Float64Array, n: number, ms: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((candidates[mid] as number) <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
