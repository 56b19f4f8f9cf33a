/**
 * SQL chunks as texts that run on their own: a chunk may end inside a multi-row INSERT (chunks cut by
 * bytes), so chunks are joined until one ends a statement.
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
