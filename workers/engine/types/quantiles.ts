/**
 * `quantiles` on the number types: `[[p, value], …]` from `[0, min]` to `[1, max]`, p rising and
 * values not falling. A draw u lands between two points and takes the value interpolated linearly
 * between theirs: the shape of a measured column (a profile's percentiles), not a flat range.
 */
import type { ParamIssue, RawParams } from '../field-type.js';
import { num } from './params.js';

/** Quantile points as two parallel arrays. */
export interface Quantiles {
  readonly p: readonly number[];
  readonly v: readonly number[];
}

/** The `quantiles` param, read once; undefined when absent. Assumes it passed validateQuantiles. */
export function readQuantiles(params: RawParams): Quantiles | undefined {
  const list = params['quantiles'] as readonly (readonly [number, number])[] | undefined;
  if (list === undefined || list === null) return undefined;
  return { p: list.map((q) => q[0]), v: list.map((q) => q[1]) };
}

/** The value at draw `u` in [0, 1). */
export function quantileValue(q: Quantiles, u: number): number {
  const { p, v } = q;
  let i = 0;
  while (i < p.length - 2 && u >= (p[i + 1] as number)) i++;
  const p0 = p[i] as number;
  const span = (p[i + 1] as number) - p0;
  const v0 = v[i] as number;
  return v0 + ((u - p0) / span) * ((v[i + 1] as number) - v0);
}

/** Issues of `quantiles`: the shape above, values inside [min, max] (with the type's defaults). */
export function validateQuantiles(params: RawParams, defaultMin: number, defaultMax: number): ParamIssue[] {
  const list = params['quantiles'];
  if (list === undefined || list === null) return [];
  const fail = (message: string): ParamIssue[] => [{ path: 'quantiles', message }];
  const shape = 'quantiles must be [[p, value], …] with at least 2 points, p rising from 0 to 1';
  if (!Array.isArray(list) || list.length < 2 || list.length > 1001) return fail(shape);
  const pairs = list as unknown[];
  if (
    !pairs.every(
      (q) =>
        Array.isArray(q) &&
        q.length === 2 &&
        typeof q[0] === 'number' &&
        typeof q[1] === 'number' &&
        Number.isFinite(q[0]) &&
        Number.isFinite(q[1]),
    )
  )
    return fail(shape);
  const points = pairs as [number, number][];
  if (points[0]![0] !== 0 || points[points.length - 1]![0] !== 1) return fail(shape);
  for (let i = 1; i < points.length; i++) {
    if (points[i]![0] <= points[i - 1]![0]) return fail(shape);
    if (points[i]![1] < points[i - 1]![1]) return fail('quantiles values must not fall as p rises');
  }
  const min = num(params, 'min', defaultMin);
  const max = num(params, 'max', defaultMax);
  if (points[0]![1] < min || points[points.length - 1]![1] > max)
    return fail(`quantiles values must lie within [min, max] (${min} to ${max})`);
  return [];
}
