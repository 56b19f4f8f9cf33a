/**
 * The Piscina worker entry: generates and encodes one chunk, and hands the bytes back by transferring
 * their buffer instead of copying it. A `warm` task exercises the engine and every encoder once, so the
 * first real request does not pay for JIT compilation and lazily built locale tables.
 */
import { move } from 'piscina';
import type { Plan } from './engine/index.js';
import { type ChunkTask, encodeChunkBytes } from './output/encode.js';
import { warmUp } from './output/warm.js';

/** What the pool posts: a chunk, or the warm-up. */
export type PoolTask = ChunkTask | { warm: true };

// Each task carries a structured clone of its plan; the engine caches a plan's runtime per object,
// so the clone is swapped for the first copy of the same plan (plan.key fingerprints the input).
const plans = new Map<string, Plan>();
const MAX_PLANS = 8;

function sharedPlan(plan: Plan): Plan {
  const known = plans.get(plan.key);
  if (known) return known;
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value!);
  plans.set(plan.key, plan);
  return plan;
}

/** Runs one task; a chunk's ArrayBuffer is moved to the main thread. */
export default function generateTask(task: PoolTask): ArrayBuffer | null {
  if ('warm' in task) {
    warmUp();
    return null;
  }
  const bytes = encodeChunkBytes({ ...task, plan: sharedPlan(task.plan) });
  return move(bytes.buffer as ArrayBuffer) as unknown as ArrayBuffer;
}
