/**
 * Compiled plans of small requests with a seed, kept by their input. Compiling (validating the tables
 * and planning them) took ~7% of the event loop's time under repeated 100-row requests, ~40% of what
 * generating the rows took; a kept plan also keeps the tables' runtimes the engine builds once per plan
 * object (workers/engine/generate.ts), so a repeated request builds neither again.
 *
 * This is safe because compile() is a pure function of its input (tables, locale, seed), and a plan is
 * plain data that nothing changes after compiling: a request gets the plan its own input compiles to,
 * and so the bytes it would get without the cache. The key is the input's JSON, with locale and seed;
 * an input whose JSON could be another's (keyOf) is not kept. Requests without a seed get a fresh one
 * each, so they would only push out plans that can be asked for again: they are not kept.
 */
import { compile, type CompileResult, type GenerationInput } from '../../workers/engine/index.js';

/** Plans kept, the least recently used pushed out first. */
export const KEPT_PLANS = 64;
/**
 * Records of a plan at most for it to be kept: those of requests run on the event loop
 * (INLINE_MAX_RECORDS in routes/generate.ts), whose runtimes are small.
 */
export const KEPT_PLAN_RECORDS = 2000;

/** A least-recently-used map of compile results by input; `compile` is the engine's by default. */
export class PlanCache {
  private readonly plans = new Map<string, CompileResult>();

  constructor(
    private readonly compileInput: (input: GenerationInput) => CompileResult = compile,
    private readonly kept = KEPT_PLANS,
  ) {}

  /** Plans held now. */
  get size(): number {
    return this.plans.size;
  }

  /** compile(input): the kept result for the same input, or a fresh one (kept when small). */
  compile(input: GenerationInput): CompileResult {
    const key = keyOf(input);
    if (key === undefined) return this.compileInput(input);
    const kept = this.plans.get(key);
    if (kept !== undefined) {
      this.plans.delete(key);
      this.plans.set(key, kept);
      return kept;
    }
    const result = this.compileInput(input);
    if (result.ok && result.plan.tables.reduce((sum, t) => sum + t.count, 0) <= KEPT_PLAN_RECORDS) {
      if (this.plans.size >= this.kept) this.plans.delete(this.plans.keys().next().value!);
      this.plans.set(key, result);
    }
    return result;
  }
}

/**
 * The input's JSON, or undefined when JSON cannot tell it from another: a -0, NaN or infinity in it, or
 * a key set to undefined (none of them come from a JSON body; a template or prompt might make them).
 */
function keyOf(input: GenerationInput): string | undefined {
  let exact = true;
  const key = JSON.stringify([input.locale, input.seed, input.tables], (_name, value: unknown) => {
    if (
      value === undefined ||
      (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0)))
    )
      exact = false;
    return value;
  });
  return exact ? key : undefined;
}
