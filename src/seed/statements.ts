/**
 * SQL chunks as texts that run on their own. Seed's chunks are whole 500-row statements
 * (`chunkTasks`), so each is one text; joining chunks until one ends a statement keeps a chunk that
 * ends inside an INSERT from ever running on its own.
 */
import type { Chunk } from './target.js';

const decoder = new TextDecoder();

/** Whole statements of `chunks`, one text per run of chunks that ends a statement. */
export async function* statements(chunks: AsyncIterable<Chunk>): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk.bytes);
    if (chunk.complete && pending !== '') {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}
