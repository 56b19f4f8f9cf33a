/**
 * Assembles a generation response as an ordered sequence of pieces — literal text and chunk tasks —
 * and streams it: up to `window` chunks are generated ahead in the pool, each written in order, and
 * the next is started only as the consumer pulls (backpressure), so memory stays flat at any size.
 * Pieces are made as they are needed: a table of a billion rows is never a billion-entry list.
 */
import { Readable, type Writable } from 'node:stream';
import { outputTable } from '../../workers/engine/child-tables.js';
import type { GenerationPlan } from '../../workers/engine/index.js';
import { type ChunkTask, encodeChunkBytes } from '../../workers/output/encode.js';
import type { EncodeOptions } from '../../workers/output/options.js';
import { INSERT_BATCH } from '../../workers/output/options.js';
import type { GenerationPool } from './pool.js';

/** Rows per chunk task at most: about 5–10 ms of work for a table of ordinary fields. */
export const CHUNK_ROWS = 10 * INSERT_BATCH;
/** Rows of a table's first chunk at most: small, so the first bytes leave within a millisecond or two. */
export const FIRST_CHUNK_ROWS = INSERT_BATCH;
/**
 * Worst-case bytes (PlannedTable.rowBytes) of a chunk that a worker thread runs: wide or long rows
 * make chunks of fewer rows, down to one, so a chunk never holds more than a bounded buffer.
 */
export const CHUNK_BYTES = 16 << 20;
/**
 * Worst-case bytes of a chunk run on the event loop: a few milliseconds of work at most, and the
 * event loop serves other requests between two chunks.
 */
export const INLINE_CHUNK_BYTES = 256 << 10;

/** Rows of a table's chunks: at most `limit`, and no more than `budget` worst-case bytes (at least 1). */
export function chunkRows(rowBytes: number, budget: number, limit: number): number {
  return Math.max(1, Math.min(limit, Math.floor(budget / rowBytes)));
}

/** A piece of output: fixed text, text known only at the end, or rows to generate. */
export type Piece = { text: string } | { lazy: () => string } | { task: ChunkTask };

/**
 * The chunk tasks covering rows [from, to) of one table (every row by default; a child table's are
 * its parent's rows), each of at most
 * `budget` worst-case bytes. Chunk boundaries never show in the bytes.
 */
export function* tablePieces(
  plan: GenerationPlan,
  table: string,
  options: EncodeOptions,
  budget: number = CHUNK_BYTES,
  range?: { from: number; to: number },
): Generator<Piece> {
  // CSV and SQL tables include child tables, whose rows come from a range of their parent's.
  const { count, rowBytes } =
    options.encoding === 'csv' || options.encoding === 'sql'
      ? outputTable(plan, table).table
      : plan.tables.find((t) => t.name === table)!;
  const first = chunkRows(rowBytes, budget, FIRST_CHUNK_ROWS);
  const rest = chunkRows(rowBytes, budget, CHUNK_ROWS);
  const to = range?.to ?? count;
  for (let start = range?.from ?? 0; start < to;) {
    const end = Math.min(to, start + (start === 0 ? first : rest));
    yield { task: { plan, table, start, end, options } };
    start = end;
  }
}

const encoder = new TextEncoder();

/**
 * The pieces' bytes in one buffer, generated at once on the calling thread: the bytes streamPieces
 * gives for them. Only for outputs no larger than one chunk the event loop already runs in one turn
 * (runsWhole in routes/generate.ts). A small response then costs one write with its headers, and no
 * stream, generator, abort controllers or chunked framing, which together took ~70% of the time of
 * generating a hundred rows.
 */
export function wholeBody(pieces: Iterable<Piece>): Buffer {
  const parts: Uint8Array[] = [];
  for (const piece of pieces) {
    if ('task' in piece) parts.push(encodeChunkBytes(piece.task));
    else parts.push(encoder.encode('text' in piece ? piece.text : piece.lazy()));
  }
  return Buffer.concat(parts);
}

// Every stream aborts its chunks when it ends, finished or cut. A reason made once spares each request
// the DOMException (and its stack trace) that abort() would build; the chunks' promises that reject
// with it are dropped unread.
const STOPPED = new DOMException('The output stream ended', 'AbortError');

/**
 * A byte stream of the pieces. Destroying it (the client went away) stops the work: no chunk is handed
 * to the pool after it, and those already handed over (at most `window`) run and are dropped.
 * `inline` runs every chunk on the main thread (small requests: no round trip to a worker), one at a
 * time, each in a turn of the event loop of its own (see the pool). With
 * `output`, the writable the stream is piped into, chunks may come in the pool's shared slots: each is
 * given back once the stream and `output` have handed all its bytes to the kernel, or `output` closed;
 * `output` closing also stops the work.
 */
export function streamPieces(
  pieces: Iterable<Piece>,
  pool: GenerationPool,
  options: {
    inline: boolean;
    window?: number;
    onDone?: (() => void) | undefined;
    output?: Writable;
    /** Sees each chunk as it is yielded (a job part's CRC-32). */
    onChunk?: (bytes: Uint8Array) => void;
  },
): Readable {
  // Chunks on the event loop run one at a time, so other requests are served between two of them.
  const onEventLoop = options.inline || pool.threads === 0;
  const window = onEventLoop ? 1 : Math.max(2, options.window ?? pool.threads * 2);
  const controller = new AbortController();
  const { output } = options;
  const shared = output !== undefined && !options.inline;
  // Chunks in shared slots that were yielded and may still be read (from the stream's buffer or by
  // the output), each with the stream offset where it ends; `yielded` counts every byte yielded.
  const unwritten: { bytes: Uint8Array; end: number }[] = [];
  let yielded = 0;
  let closed = false;
  // Gives back the slots of chunks handed to the kernel in full. The bytes not yet handed over are the
  // last ones yielded, and at most what the stream and the output still buffer (the output's count
  // includes HTTP framing, which only makes this more careful); once the output closed, none are read.
  const releaseWritten = () => {
    const written = closed ? Infinity : yielded - stream.readableLength - output!.writableLength;
    let done = 0;
    while (done < unwritten.length && unwritten[done]!.end <= written) {
      pool.release(unwritten[done]!.bytes);
      done++;
    }
    if (done > 0) unwritten.splice(0, done);
  };
  output?.on('drain', releaseWritten);
  output?.once('close', () => {
    // Finished (all handed to the kernel) or cut: nothing reads the chunks any more, and no more
    // work is wanted (the generator may be waiting for a chunk rather than parked at a yield).
    closed = true;
    output.off('drain', releaseWritten);
    controller.abort(STOPPED);
    releaseWritten();
  });
  async function* generate(): AsyncGenerator<Uint8Array> {
    // Lazy text stays a function until its turn: it may depend on everything before it (timing).
    const pending: (Promise<Uint8Array> | Uint8Array | (() => Uint8Array))[] = [];
    const source = pieces[Symbol.iterator]();
    const launch = () => {
      while (pending.length < window) {
        const step = source.next();
        if (step.done) break;
        const piece = step.value;
        if ('task' in piece) {
          const running = pool.run(piece.task, {
            signal: controller.signal,
            inline: options.inline,
            shared,
          });
          running.catch(() => {}); // observed when its turn comes; avoid unhandled rejections meanwhile
          pending.push(running);
        } else if ('text' in piece) pending.push(encoder.encode(piece.text));
        else pending.push(() => encoder.encode(piece.lazy()));
      }
    };
    try {
      launch();
      while (pending.length > 0) {
        const head = pending.shift()!;
        let bytes: Uint8Array;
        try {
          bytes = typeof head === 'function' ? head() : await head;
        } catch (error) {
          if (closed) return; // aborted because the output closed: not a failure
          throw error;
        }
        if (closed) {
          pool.release(bytes);
          return;
        }
        launch();
        if (unwritten.length > 0) releaseWritten();
        if (bytes.length === 0) {
          pool.release(bytes);
          continue;
        }
        yielded += bytes.length;
        if (shared && bytes.buffer instanceof SharedArrayBuffer) unwritten.push({ bytes, end: yielded });
        options.onChunk?.(bytes);
        yield bytes;
      }
      options.onDone?.();
    } finally {
      controller.abort(STOPPED);
      // Chunks generated but never yielded: nobody read them (aborted ones the pool retires itself).
      for (const head of pending) {
        if (head instanceof Promise)
          head.then(
            (bytes) => pool.release(bytes),
            () => {},
          );
      }
    }
  }
  const stream = Readable.from(generate(), { objectMode: false, highWaterMark: 64 * 1024 });
  return stream;
}
