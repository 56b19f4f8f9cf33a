/**
 * Generates one part of a job: its row range in chunks on the worker pool (in parallel, in order),
 * compressed as it streams, so a part never exists uncompressed in memory. Brotli at quality 0:
 * measured on generated CSV (docs/benchmarks.md), it compresses at ~220 MB/s for a ratio of ~1.9,
 * where gzip's fastest level does ~65 MB/s for ~2.0, and it decompresses as fast.
 */
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress } from 'node:zlib';
import type { GenerationPlan } from '../../workers/engine/index.js';
import type { Encoding, SqlDialect } from '../../workers/output/options.js';
import type { GenerationPool } from '../generation/pool.js';
import { streamPieces, tablePieces } from '../generation/stream.js';

export interface GeneratedPart {
  /** The part's bytes, Brotli-compressed. */
  compressed: Buffer;
  /** Bytes before compression. */
  rawBytes: number;
}

/** Bytes of the compressor's output buffers. */
const OUTPUT_CHUNK_BYTES = 256 << 10;

/** Rows [start, end) of `table`, encoded as `encoding` and compressed. */
export async function generatePart(
  pool: GenerationPool,
  plan: GenerationPlan,
  part: { table: string; start: number; end: number },
  encoding: Encoding,
  dialect: SqlDialect,
  signal?: AbortSignal,
): Promise<GeneratedPart> {
  const options = { encoding, dialect, jsonEscape: false } as const;
  const pieces = tablePieces(plan, part.table, options, undefined, { from: part.start, to: part.end });
  // An 18-bit window (256 KiB) instead of 4 MiB: less memory per part compressing, same ratio here.
  // Output in 256 KiB buffers, not zlib's 16 KiB: each is a round trip from the compressing thread to
  // the event loop and an allocation there (the profile under 20 jobs had ~20% of the event loop's
  // time in them); a part is a few megabytes compressed.
  const compress = createBrotliCompress({
    chunkSize: OUTPUT_CHUNK_BYTES,
    params: { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_LGWIN]: 18 },
  });
  const chunks: Buffer[] = [];
  let stored = 0;
  await pipeline(
    // Into the compressor, chunks come in the pool's shared slots (given back once compressed): the
    // event loop allocates nothing per chunk, so part data no longer piles up as garbage between its
    // full collections.
    streamPieces(pieces, pool, { inline: false, output: compress }),
    compress,
    async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        chunks.push(chunk);
        stored += chunk.length;
      }
    },
    ...(signal ? [{ signal }] : []),
  );
  return { compressed: Buffer.concat(chunks, stored), rawBytes: compress.bytesWritten };
}
