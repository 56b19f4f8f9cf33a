/**
 * Weighted draws, and the `values`/`weights` params that the hosted service reads on `gender`, `role`
 * and `label` (a list to draw from instead of the built-in one).
 */
import type { Category, FieldType, ParamIssue, RawParams, Rng, Value } from '../field-type.js';
import { longestCost, QUOTE_BYTES } from '../size.js';
import { define } from './define.js';
import { check } from './params.js';

/** Cumulated, normalized weights. */
export function cumulate(weights: readonly number[]): number[] {
  const out: number[] = [];
  let total = 0;
  for (const w of weights) out.push((total += w));
  return out.map((v) => v / total);
}

// Enum weights, cumulated once per distinct params object (prepare() keeps its own per field).
let lastWeights: unknown;
let lastCumulative: number[] = [];

function cumulative(weights: readonly number[]): number[] {
  if (weights !== lastWeights) {
    lastWeights = weights;
    lastCumulative = cumulate(weights);
  }
  return lastCumulative;
}

/** The value whose cumulated weight first passes a uniform draw. */
export function pickCumulative<T>(rng: Rng, values: readonly T[], cum: readonly number[]): T {
  const x = rng.float();
  for (let i = 0; i < cum.length; i++) if (x < cum[i]!) return values[i]!;
  return values[values.length - 1]!;
}

/** A value drawn with relative `weights` (one per value). */
export function pickWeighted<T>(rng: Rng, values: readonly T[], weights: readonly number[]): T {
  return pickCumulative(rng, values, cumulative(weights));
}

/** Validates `values` (strings) and, when `withWeights`, `weights` of the same length. */
export function validateChoices(params: RawParams, withWeights: boolean, defaults: number): ParamIssue[] {
  return check(params, (c) => {
    const values = c.stringList('values');
    if (withWeights && params['values'] == null) c.weights('weights', defaults, 'the default values');
    else if (withWeights && values) c.weights('weights', values.length, 'values');
  });
}

/** Distinct entries of a values list, in order (what unique columns walk). */
export function distinctValues(values: readonly Value[]): Value[] {
  return [...new Set(values)];
}

/** Draws from `values` with optional `weights` (validated), as prepared once per field. */
export function chooser(
  values: readonly string[],
  weights: readonly number[] | undefined,
): (rng: Rng) => string {
  if (!weights) return (rng) => rng.pick(values);
  const cum = cumulate(weights);
  return (rng) => pickCumulative(rng, values, cum);
}

/**
 * A list type whose list the request may replace with `values` (the hosted `role` and `label`): drawn
 * uniformly, unique columns walk the distinct entries.
 */
export function choiceType(
  id: string,
  category: Category,
  description: string,
  builtIn: readonly string[],
): FieldType {
  const list = (p: RawParams) => (p['values'] as readonly string[] | undefined) ?? builtIn;
  return define({
    id,
    category,
    description: `${description} \`values\` replaces the built-in list.`,
    params: { values: 'array of strings (default: the built-in list)' },
    example: builtIn[0]!,
    validate: (p) => validateChoices(p, false, 0),
    maxBytes: (p) => longestCost(list(p)) + QUOTE_BYTES,
    generate: (rng, _, p) => rng.pick(list(p)),
    prepare: (p) => {
      const values = list(p);
      return (rng) => rng.pick(values);
    },
    cardinality: (p) => distinctValues(list(p)).length,
    nth: (n, _, p) => distinctValues(list(p))[n]!,
  });
}
