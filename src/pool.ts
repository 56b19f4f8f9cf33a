/**
 * The generation pool: Piscina worker threads that generate and encode chunks, so the event loop only
 * moves bytes. With zero threads (or for small requests) chunks run inline; the bytes are the same.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { type ChunkTask, encodeChunkBytes } from '../workers/output/encode.js';
import type { PoolTask } from '../workers/generate-task.js';

export interface GenerationPool {
  /** Worker threads; 0 means every chunk runs on the main thread. */
  readonly threads: number;
  /**
   * Settles when every thread has run the warm-up (at once without `warm` or threads), resolving with
   * the milliseconds it took. The pool serves requests meanwhile, only slower.
   */
  readonly warmed: Promise<number>;
  /** Generates and encodes one chunk; `inline` forces the main thread (for tiny requests). */
  run(task: ChunkTask, options?: { signal?: AbortSignal; inline?: boolean }): Promise<Uint8Array>;
  close(): Promise<void>;
}

// Compiled code runs dist/src/*.js; tests and tsx run the .ts sources: the thread entry matches this file.
const WORKER = fileURLToPath(
  new URL(`./generation-thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

/**
 * A pool of `threads` workers (0: inline only). `warm` runs a warm-up task on every thread at once
 * (the server does; a cold thread runs its first ~200k rows at a third of its speed).
 */
export function createPool(threads: number, options: { warm?: boolean } = {}): GenerationPool {
  const piscina =
    threads > 0
      ? new Piscina<PoolTask, ArrayBuffer | null>({
          filename: WORKER,
          minThreads: threads,
          maxThreads: threads,
          // Threads stay: a new one would be cold again.
          idleTimeout: Number.POSITIVE_INFINITY,
          // Chunks are 1–2 MB and their garbage dies young: a small young generation keeps RSS low.
          resourceLimits: { maxYoungGenerationSizeMb: 8 },
        })
      : undefined;
  const started = performance.now();
  const warming: Promise<unknown>[] = [];
  if (piscina && options.warm) {
    // One task per thread: each thread runs at most one task at a time (concurrentTasksPerWorker 1).
    for (let i = 0; i < threads; i++) warming.push(piscina.run({ warm: true }).catch(() => {}));
  }
  return {
    threads,
    warmed: Promise.all(warming).then(() => (warming.length > 0 ? performance.now() - started : 0)),
    async run(task, runOptions = {}) {
      if (!piscina || runOptions.inline) {
        runOptions.signal?.throwIfAborted();
        return encodeChunkBytes(task);
      }
      const buffer = await piscina.run(task, runOptions.signal ? { signal: runOptions.signal } : {});
      return new Uint8Array(buffer!);
    },
    async close() {
      await piscina?.close({ force: true });
    },
  };
}
