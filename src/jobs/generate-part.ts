/**
 * Generates one part of a job: its row range in chunks on the worker pool (in parallel, in order),
 * gzipped as it streams, so a part never exists uncompressed in memory.
 */
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { GenerationPlan } from '../../workers/engine/index.js';
import type { Encoding, SqlDialect } from '../../workers/output/options.js';
import type { GenerationPool } from '../generation/pool.js';
import { streamPieces, tablePieces } from '../generation/stream.js';

export interface GeneratedPart {
  gzipped: Buffer;
  /** Bytes before compression. */
  rawBytes: number;
}

/** Rows [start, end) of `table`, encoded as `encoding` and gzipped (fastest level: text shrinks ~5×). */
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
  const chunks: Buffer[] = [];
  let rawBytes = 0;
  let stored = 0;
  await pipeline(
    streamPieces(pieces, pool, { inline: false }),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        rawBytes += chunk.length;
        done(null, chunk);
      },
    }),
    createGzip({ level: constants.Z_BEST_SPEED }),
    async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        chunks.push(chunk);
        stored += chunk.length;
      }
    },
    ...(signal ? [{ signal }] : []),
  );
  return { gzipped: Buffer.concat(chunks, stored), rawBytes };
}
