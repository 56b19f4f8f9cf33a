/**
 * How a child row chooses its parent row: power-law ranks, and the per_parent allocation that gives
 * every parent between min and max children while the child table keeps its exact count.
 */
import { CellRng, cellKey } from './random.js';

/**
 * A bounded continuous power law over ranks [0, n): rank 0 is the most popular. The inverse CDF of a
 * Pareto density x^-alpha on [1, n + 1), floored.
 */
export function powerLawRank(u: number, n: number, alpha: number): number {
  let x: number;
  if (Math.abs(alpha - 1) < 1e-9) x = (n + 1) ** u;
  else {
    const e = 1 - alpha;
    x = (1 + u * ((n + 1) ** e - 1)) ** (1 / e);
  }
  const rank = Math.floor(x) - 1;
  return rank < 0 ? 0 : rank >= n ? n - 1 : rank;
}

/**
 * Children per parent as prefix sums: parent p owns child slots [prefix[p], prefix[p + 1]). Each
 * parent gets min plus an extra drawn from its own stream (skewed by `skew` > 1), then the extras are
 * scaled and nudged so that they add up to exactly `children`.
 */
export function allocateChildren(
  parents: number,
  children: number,
  min: number,
  max: number,
  key: number,
  skew: number,
): Float64Array {
  const room = max - min;
  const extra = new Float64Array(parents);
  const rest = children - parents * min;
  if (room > 0 && rest > 0) {
    const rng = new CellRng();
    let total = 0;
    for (let p = 0; p < parents; p++) {
      const target = room * rng.reset(cellKey(key, p)).float() ** skew;
      extra[p] = target;
      total += target;
    }
    let sum = 0;
    if (total >= rest) {
      // Scale down: floor(target * rest / total) never exceeds target, so never exceeds room.
      const factor = rest / total;
      for (let p = 0; p < parents; p++) {
        extra[p] = Math.min(room, Math.floor((extra[p] as number) * factor));
        sum += extra[p] as number;
      }
    } else {
      // Scale the free room down instead, so no parent exceeds room.
      const factor = (parents * room - rest) / (parents * room - total);
      for (let p = 0; p < parents; p++) {
        extra[p] = Math.max(0, room - Math.floor((room - (extra[p] as number)) * factor));
        sum += extra[p] as number;
      }
    }
    // Rounding leaves a small difference; settle it one child at a time from a random start.
    let p = rng.reset(cellKey(key, parents)).int(0, parents - 1);
    while (sum !== rest) {
      const e = extra[p] as number;
      if (sum < rest && e < room) {
        extra[p] = e + 1;
        sum++;
      } else if (sum > rest && e > 0) {
        extra[p] = e - 1;
        sum--;
      }
      p = p + 1 === parents ? 0 : p + 1;
    }
  }
  const prefix = new Float64Array(parents + 1);
  for (let p = 0; p < parents; p++) prefix[p + 1] = (prefix[p] as number) + min + (extra[p] as number);
  return prefix;
}

/**
 * Children per parent as prefix sums (as allocateChildren), each parent drawing `min + i` children
 * with probability `weights[i]` from its own stream; the total is then settled to exactly `children`
 * one child at a time from a random start, first on parents that already have more than `min` (so the
 * share of parents at `min`, often the childless share, keeps its weight), then on any parent.
 */
export function allocateWeighted(
  parents: number,
  children: number,
  min: number,
  weights: readonly number[],
  key: number,
): Float64Array {
  const room = weights.length - 1;
  const cum: number[] = [];
  let total = 0;
  for (const w of weights) cum.push((total += w));
  const extra = new Float64Array(parents);
  const rng = new CellRng();
  let sum = 0;
  for (let p = 0; p < parents; p++) {
    const x = rng.reset(cellKey(key, p)).float() * total;
    let i = 0;
    while (i < room && x >= (cum[i] as number)) i++;
    extra[p] = i;
    sum += i;
  }
  const rest = children - parents * min;
  let p = parents > 0 ? rng.reset(cellKey(key, parents)).int(0, parents - 1) : 0;
  let strict = true;
  let idle = 0;
  while (sum !== rest) {
    const e = extra[p] as number;
    const floor = strict ? 1 : 0;
    if (sum < rest && e < room && e >= floor) {
      extra[p] = e + 1;
      sum++;
      idle = 0;
    } else if (sum > rest && e > floor) {
      extra[p] = e - 1;
      sum--;
      idle = 0;
    } else if (++idle >= parents) {
      strict = false; // a whole round without a change: any parent may move now
      idle = 0;
    }
    p = p + 1 === parents ? 0 : p + 1;
  }
  const prefix = new Float64Array(parents + 1);
  for (let q = 0; q < parents; q++) prefix[q + 1] = (prefix[q] as number) + min + (extra[q] as number);
  return prefix;
}

/** The parent owning child slot `slot`: the p with prefix[p] <= slot < prefix[p + 1]. */
export function parentOfSlot(prefix: Float64Array, slot: number): number {
  let lo = 0;
  let hi = prefix.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((prefix[mid] as number) <= slot) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const allocations = new Map<string, Float64Array>();
const MAX_CACHED_ALLOCATIONS = 16;

/**
 * allocateChildren memoized by a caller-chosen key (plan fingerprint, table, field): worker threads
 * receive a fresh copy of the plan with every task but compute each allocation once.
 */
export function cachedAllocation(cacheKey: string, compute: () => Float64Array): Float64Array {
  let prefix = allocations.get(cacheKey);
  if (prefix === undefined) {
    prefix = compute();
    if (allocations.size >= MAX_CACHED_ALLOCATIONS) {
      const oldest = allocations.keys().next().value;
      if (oldest !== undefined) allocations.delete(oldest);
    }
    allocations.set(cacheKey, prefix);
  }
  return prefix;
}

/** Picks uniformly in [0, size) avoiding the rows in `excluded` (distinct, at most size - 1 of them). */
export function pickAvoiding(rng: CellRng, size: number, excluded: number[], count: number): number {
  let value = rng.int(0, size - 1 - count);
  // Walk the excluded rows in ascending order, stepping over each one at or below the value.
  if (count > 1) sortPrefix(excluded, count);
  for (let i = 0; i < count; i++) if (value >= (excluded[i] as number)) value++;
  return value;
}

/** Insertion sort of the first `count` entries (count is tiny: the refs of one row). */
export function sortPrefix(values: number[], count: number): void {
  for (let i = 1; i < count; i++) {
    const v = values[i] as number;
    let j = i - 1;
    while (j >= 0 && (values[j] as number) > v) {
      values[j + 1] = values[j] as number;
      j--;
    }
    values[j + 1] = v;
  }
}

/** Whether `value` is among the first `count` entries. */
export function includesPrefix(values: number[], count: number, value: number): boolean {
  for (let i = 0; i < count; i++) if (values[i] === value) return true;
  return false;
}
