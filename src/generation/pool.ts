/**
 * The generation pool: Piscina worker threads that generate and encode chunks, so the event loop only
 * moves bytes. With zero threads (or for small requests) chunks run inline; the bytes are the same.
 *
 * Chunks come back in shared slots when the caller can say when it is done with them (`shared`, then
 * `release`): a slot is a SharedArrayBuffer the pool lends to one task at a time, the thread writes
 * the chunk into it and the event loop streams a view of it. The event loop then allocates nothing per
 * chunk: transferred buffers counted towards its heap's limits, so it ran a full garbage collection
 * every few dozen megabytes streamed and held up to ~64 MB of dead chunks until then.
 */
import { extname } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ChunkTask } from '../../workers/output/encode.js';
import type { PoolResult, PoolTask } from '../../workers/generate-task.js';

export interface RunOptions {
  /**
   * Once aborted, run() rejects. A chunk already handed to a thread (queued or running) still runs
   * there, since aborting it would terminate the thread, and its bytes are dropped.
   */
  signal?: AbortSignal;
  /** Run on the main thread (tiny requests). */
  inline?: boolean;
  /** The bytes may be a view of a shared slot: the caller hands them to `release` once written. */
  shared?: boolean;
}

export interface GenerationPool {
  /** Worker threads; 0 means every chunk runs on the main thread. */
  readonly threads: number;
  /**
   * Settles when every thread has run the warm-up (at once without `warm` or threads), resolving with
   * the milliseconds it took. The pool serves requests meanwhile, only slower.
   */
  readonly warmed: Promise<number>;
  /** Generates and encodes one chunk; `inline` forces the main thread (for tiny requests). */
  run(task: ChunkTask, options?: RunOptions): Promise<Uint8Array>;
  /**
   * Gives a chunk's slot back once its bytes are no longer read (written to the socket, or dropped).
   * Bytes that are not a slot's are ignored; the bytes must not be read afterwards.
   */
  release(bytes: Uint8Array): void;
  close(): Promise<void>;
}

/**
 * The engine on the main thread, loaded at the first inline chunk: a pool is made before the engine
 * has loaded, so its threads load theirs meanwhile (the CLI's start-up).
 */
let encodeInline: ((task: ChunkTask) => Uint8Array) | undefined;

// Compiled code runs dist/src/*.js; tests and tsx run the .ts sources: the thread entry matches this file.
const WORKER = fileURLToPath(new URL(`./thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/**
 * Bytes of a slot: a chunk of 5,000 rows of a 10-field table is ~0.7 MB of CSV or SQL and ~1.3 MB of
 * JSON; larger chunks are transferred. Only the pages a chunk writes take memory.
 */
const SLOT_BYTES = 2 << 20;
/** Slots per thread: a request keeps up to two chunks per thread in flight, plus those being written. */
const SLOTS_PER_THREAD = 6;

/** The shared slots: at most `limit` lent at once; made on demand, reused once given back. */
class Slots {
  private readonly free: SharedArrayBuffer[] = [];
  /** Lent slots, with the view of the chunk they hold once their task has answered. */
  private readonly lent = new Map<SharedArrayBuffer, Uint8Array | undefined>();

  constructor(private readonly limit: number) {}

  /** A slot to lend, or undefined when `limit` are out (the chunk is then transferred). */
  take(): SharedArrayBuffer | undefined {
    if (this.lent.size >= this.limit) return undefined;
    const slot = this.free.pop() ?? new SharedArrayBuffer(SLOT_BYTES);
    this.lent.set(slot, undefined);
    return slot;
  }

  /** The view of the chunk a lent slot now holds: what `release` takes back. */
  hold(slot: SharedArrayBuffer, length: number): Uint8Array {
    const bytes = new Uint8Array(slot, 0, length);
    this.lent.set(slot, bytes);
    return bytes;
  }

  /** A lent slot back. */
  give(slot: SharedArrayBuffer): void {
    if (this.lent.delete(slot)) this.free.push(slot);
  }

  /**
   * The slot of `bytes` back, if `bytes` is the chunk it holds: a second release of the same chunk,
   * even after the slot was lent again, or bytes of any other memory, change nothing.
   */
  release(bytes: Uint8Array): void {
    const slot = bytes.buffer;
    if (slot instanceof SharedArrayBuffer && this.lent.get(slot) === bytes) this.give(slot);
  }

  /** Forgets a slot whose task failed (its thread may have died writing it): it is never lent again. */
  retire(slot: SharedArrayBuffer): void {
    this.lent.delete(slot);
  }
}

/**
 * A pool of `threads` workers (0: inline only). `warm` runs a warm-up task on every thread at once
 * (the server does; a cold thread runs its first ~200k rows at a third of its speed). `onError` hears
 * the thread failures Piscina reports outside any task (default: console.error).
 */
export function createPool(
  threads: number,
  options: { warm?: boolean; onError?: (error: unknown) => void } = {},
): GenerationPool {
  const piscina =
    threads > 0
      ? new Piscina<PoolTask, PoolResult>({
          filename: WORKER,
          minThreads: threads,
          maxThreads: threads,
          // Threads stay: a new one would be cold again.
          idleTimeout: Number.POSITIVE_INFINITY,
          // Chunks are 1–2 MB and their garbage dies young: a small young generation keeps RSS low.
          resourceLimits: { maxYoungGenerationSizeMb: 8 },
        })
      : undefined;
  // Piscina reports some thread failures as an 'error' event: unheard, it would end the process.
  piscina?.on('error', (error: unknown) => (options.onError ?? console.error)(error));
  const started = performance.now();
  const warming: Promise<unknown>[] = [];
  if (piscina && options.warm) {
    // One task per thread: each thread runs at most one task at a time (concurrentTasksPerWorker 1).
    for (let i = 0; i < threads; i++) warming.push(piscina.run({ warm: true }).catch(() => {}));
  }
  const slots = new Slots(threads * SLOTS_PER_THREAD);
  return {
    threads,
    warmed: Promise.all(warming).then(() => (warming.length > 0 ? performance.now() - started : 0)),
    async run(task, runOptions = {}) {
      const { signal } = runOptions;
      signal?.throwIfAborted();
      if (!piscina || runOptions.inline) {
        // A turn of the event loop of its own: requests and I/O waiting meanwhile go first.
        await setImmediate();
        signal?.throwIfAborted();
        encodeInline ??= (await import('../../workers/output/encode.js')).encodeChunkBytes;
        return encodeInline(task);
      }
      // The signal is not handed to Piscina: it would terminate a thread running the chunk, and the
      // new thread would start cold. A chunk is a few milliseconds of work; one handed over runs, and
      // its bytes are dropped.
      const slot = runOptions.shared ? slots.take() : undefined;
      let result: PoolResult;
      try {
        result = await piscina.run(slot ? { ...task, slot } : task);
      } catch (error) {
        if (slot) slots.retire(slot);
        throw error;
      }
      if (typeof result === 'number' && slot) {
        const bytes = slots.hold(slot, result);
        if (signal?.aborted) slots.release(bytes);
        signal?.throwIfAborted();
        return bytes;
      }
      if (slot) slots.give(slot);
      signal?.throwIfAborted();
      return new Uint8Array(result as ArrayBuffer);
    },
    release(bytes) {
      slots.release(bytes);
    },
    async close() {
      await piscina?.close({ force: true });
    },
  };
}
