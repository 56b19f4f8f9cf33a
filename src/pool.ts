/**
 * The generation pool: Piscina worker threads that generate and encode chunks, so the event loop only
 * moves bytes. With zero threads (or for small requests) chunks run inline; the bytes are the same.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { type ChunkTask, encodeChunk } from '../workers/output/encode.js';

export interface GenerationPool {
  /** Worker threads; 0 means every chunk runs on the main thread. */
  readonly threads: number;
  /** Generates and encodes one chunk; `inline` forces the main thread (for tiny requests). */
  run(task: ChunkTask, options?: { signal?: AbortSignal; inline?: boolean }): Promise<Uint8Array>;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
// Compiled code runs dist/workers/*.js; tests and tsx run the .ts sources: the worker matches this file.
const WORKER = fileURLToPath(
  new URL(`../workers/generate-task${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

/** A pool of `threads` workers (0: inline only). */
export function createPool(threads: number): GenerationPool {
  const piscina =
    threads > 0
      ? new Piscina<ChunkTask, ArrayBuffer>({
          filename: WORKER,
          minThreads: threads,
          maxThreads: threads,
          idleTimeout: 60_000,
        })
      : undefined;
  return {
    threads,
    async run(task, options = {}) {
      if (!piscina || options.inline) {
        options.signal?.throwIfAborted();
        return encoder.encode(encodeChunk(task));
      }
      const buffer = await piscina.run(task, options.signal ? { signal: options.signal } : {});
      return new Uint8Array(buffer);
    },
    async close() {
      await piscina?.close({ force: true });
    },
  };
}
