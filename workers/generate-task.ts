/**
 * The Piscina worker entry: generates and encodes one chunk, and hands the bytes back without the event
 * loop allocating for them: into the task's shared slot when it has one that fits (the event loop
 * streams a view of it and gives it back to the pool once written), else by transferring a buffer of
 * their own. A `warm` task exercises the engine and every encoder once, so the first real request does
 * not pay for JIT compilation and lazily built locale tables.
 */
import { move } from 'piscina';
import type { GenerationPlan } from './engine/index.js';
import { type ChunkTask, encodeChunkView } from './output/encode.js';
import { warmUp } from './output/warm.js';

/** A chunk to run, with the shared memory to write it into, if the pool lent some. */
export type ChunkJob = ChunkTask & { slot?: SharedArrayBuffer };

/** What the pool posts: a chunk, or the warm-up. */
export type PoolTask = ChunkJob | { warm: true };

/** A chunk's bytes: their length when written into the task's slot, else a buffer of their own. */
export type PoolResult = number | ArrayBuffer | null;

// Each task carries a structured clone of its plan; the engine caches a plan's runtime per object,
// so the clone is swapped for the first copy of the same plan (plan.key fingerprints the input).
const plans = new Map<string, GenerationPlan>();
const MAX_PLANS = 8;

function sharedPlan(plan: GenerationPlan): GenerationPlan {
  const known = plans.get(plan.key);
  if (known) return known;
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value!);
  plans.set(plan.key, plan);
  return plan;
}

/** Runs one task. */
export default function generateTask(task: PoolTask): PoolResult {
  if ('warm' in task) {
    warmUp();
    return null;
  }
  const { slot, ...chunk } = task;
  const bytes = encodeChunkView({ ...chunk, plan: sharedPlan(chunk.plan) });
  if (slot !== undefined && bytes.length <= slot.byteLength) {
    new Uint8Array(slot).set(bytes);
    return bytes.length;
  }
  // A copy of exactly the chunk's size, moved to the main thread.
  return move(new Uint8Array(bytes).buffer) as unknown as ArrayBuffer;
}
