/**
 * Generates one part of a job: its row range in chunks on the worker pool (in parallel, in order),
 * stored as the job's codec says:
 * - `gzip`: raw deflate at level 1 ended by a sync flush (gzip-stream.ts), compressed as it streams,
 *   so a part never exists uncompressed in memory. A download that accepts gzip is then the stored
 *   bytes between a header and a trailer: nothing is decompressed or compressed again.
 * - `none`: the bytes as generated, for operators who prefer speed to disk.
 * - `br`: Brotli at quality 0, how jobs were stored before; the remaining parts of such a job, accepted
 *   by an instance of before an upgrade, are stored alike so that the job reads back as one.
 * Either way the part's CRC-32 is taken as its chunks go by (a few GB/s).
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createBrotliCompress, createDeflateRaw } from 'node:zlib';
import type { GenerationPlan } from '../../workers/engine/index.js';
import type { Encoding, SqlDialect } from '../../workers/output/options.js';
import type { GenerationPool } from '../generation/pool.js';
import { streamPieces, tablePieces } from '../generation/stream.js';
import { DEFLATE_OPTIONS } from './gzip-stream.js';

/** How parts are stored: JOB_RESULT_COMPRESSION for new jobs; `br` for jobs of before. */
export type StoredCodec = 'gzip' | 'none' | 'br';

export interface GeneratedPart {
  /** The part's bytes as stored, in `codec`. */
  stored: Buffer;
  codec: StoredCodec;
  /** Bytes before compression. */
  rawBytes: number;
  /** CRC-32 of those bytes. */
  crc32: number;
}

/** Bytes of the compressor's output buffers. */
const OUTPUT_CHUNK_BYTES = 256 << 10;

/** Rows [start, end) of `table`, encoded as `encoding` and stored as `codec` says. */
export async function generatePart(
  pool: GenerationPool,
  plan: GenerationPlan,
  part: { table: string; start: number; end: number },
  format: { encoding: Encoding; dialect: SqlDialect; codec: StoredCodec },
  signal?: AbortSignal,
): Promise<GeneratedPart> {
  const options = { encoding: format.encoding, dialect: format.dialect, jsonEscape: false } as const;
  const pieces = tablePieces(plan, part.table, options, undefined, { from: part.start, to: part.end });
  let crc = 0;
  let rawBytes = 0;
  const onChunk = (bytes: Uint8Array) => {
    crc = crc32(bytes, crc);
    rawBytes += bytes.length;
  };
  const chunks: Buffer[] = [];
  let stored = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      chunks.push(chunk);
      stored += chunk.length;
    }
  };
  const abort = signal ? [{ signal }] : [];
  if (format.codec === 'none') {
    // Chunks in shared slots are copied out as they come (a slot goes back once its chunk is
    // written here), so the event loop allocates one buffer a chunk and collects no transferred ones.
    const copy = new Writable({
      highWaterMark: OUTPUT_CHUNK_BYTES,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        stored += chunk.length;
        done();
      },
    });
    await pipeline(streamPieces(pieces, pool, { inline: false, output: copy, onChunk }), copy, ...abort);
  } else {
    // Output in 256 KiB buffers, not zlib's 16 KiB: each is a round trip from the compressing thread
    // to the event loop and an allocation there; a part is a few megabytes compressed.
    const compress =
      format.codec === 'gzip'
        ? createDeflateRaw({ ...DEFLATE_OPTIONS, chunkSize: OUTPUT_CHUNK_BYTES })
        : createBrotliCompress({
            chunkSize: OUTPUT_CHUNK_BYTES,
            params: { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_LGWIN]: 18 },
          });
    // Into the compressor, chunks come in the pool's shared slots (given back once compressed): the
    // event loop allocates nothing per chunk, so part data does not pile up as garbage between its
    // full collections.
    const source = streamPieces(pieces, pool, { inline: false, output: compress, onChunk });
    await pipeline(source, compress, collect, ...abort);
  }
  return { stored: Buffer.concat(chunks, stored), codec: format.codec, rawBytes, crc32: crc };
}
