/** Encodes one chunk of generated rows for the requested output; pure, runs in worker threads. */
import { outputTable } from '../engine/child-tables.js';
import { forEachRow, generateRows, type GenerationPlan } from '../engine/index.js';
import { jsonChunk, ndjsonChunk } from './json.js';
import type { EncodeOptions } from './options.js';
import { relationalChunk, relationalRows } from './relational.js';
import { jsonRows, ndjsonRows, type RowEncoder } from './rows.js';

/**
 * A table's row range to generate and encode. For CSV and SQL, `table` names a table those formats
 * write (workers/engine/child-tables.ts): a child table's range is one of its parent's rows.
 */
export interface ChunkTask {
  plan: GenerationPlan;
  table: string;
  start: number;
  end: number;
  options: EncodeOptions;
}

/** Text embedded in a JSON string literal, without the surrounding quotes. */
export function jsonStringBody(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The reference encoder: rows [start, end) of a table as text, via row arrays and strings. */
export function encodeChunk(task: ChunkTask): string {
  const { plan, table: name, start, end, options } = task;
  if (options.encoding === 'json' || options.encoding === 'ndjson') {
    const table = plan.tables.find((t) => t.name === name);
    if (!table) throw new Error(`No table ${name} in the plan`);
    const rows = generateRows(plan, name, start, end);
    return options.encoding === 'json' ? jsonChunk(table, rows, start) : ndjsonChunk(table, rows);
  }
  const output = outputTable(plan, name);
  const rows = generateRows(plan, plan.tables[output.source]!.name, start, end);
  const text = relationalChunk(output, rows, start, options.encoding, options.dialect);
  return options.jsonEscape ? jsonStringBody(text) : text;
}

// Rows are joined into strings of about BATCH_CHARS and written into a scratch buffer that is reused
// across chunks: a chunk never becomes one large rope string to flatten and copy, and the row strings
// die young. The scratch is this thread's only state that outlives a chunk, so it is bounded: a chunk
// may grow it (up to MAX_CHUNK_BYTES), and one grown past SCRATCH_KEEP_BYTES is not kept for the next.
const BATCH_CHARS = 16 * 1024;
const SCRATCH_BYTES = 2 << 20; // 2 MiB: a 5,000-row chunk of a 10-field table fits
const SCRATCH_KEEP_BYTES = 16 << 20; // 16 MiB: wide tables' chunks keep theirs
/** Bytes one chunk may take; the plan sizes chunks far below it (see workers/engine/size.ts). */
export const MAX_CHUNK_BYTES = 1 << 30; // 1 GiB, half of what Buffer#write can address on Node 20
const LONG_TEXT = 1 << 20;
let scratch = Buffer.allocUnsafe(SCRATCH_BYTES);

/**
 * Writes `text` as UTF-8 at `pos` of `buffer`, which must have room for it (3 bytes per UTF-16 unit);
 * returns the new position. Throws rather than return short: every UTF-16 unit takes at least one
 * byte, so fewer bytes than units means the buffer could not hold the text.
 */
export function writeUtf8(buffer: Buffer, text: string, pos: number): number {
  const written = buffer.write(text, pos, 'utf8');
  if (written < text.length) {
    throw new RangeError(`wrote ${written} bytes of a ${text.length}-character text at offset ${pos}`);
  }
  return pos + written;
}

/** The bytes of encodeChunk's text (UTF-8, as TextEncoder writes it), written while rows are generated. */
export function encodeChunkBytes(task: ChunkTask): Uint8Array {
  // A copy of exactly the chunk's size, so the buffer can be transferred and the scratch kept.
  return new Uint8Array(encodeChunkView(task));
}

/**
 * encodeChunkBytes's bytes as a view of this thread's scratch buffer: valid until the next call, so
 * copy them out (encodeChunkBytes, or into a pool's shared slot) before encoding another chunk.
 */
export function encodeChunkView(task: ChunkTask): Uint8Array {
  const { plan, table: name, start, end, options } = task;
  let source = name;
  let encode: RowEncoder;
  if (options.encoding === 'json' || options.encoding === 'ndjson') {
    const table = plan.tables.find((t) => t.name === name);
    if (!table) throw new Error(`No table ${name} in the plan`);
    encode = options.encoding === 'json' ? jsonRows(table) : ndjsonRows(table);
  } else {
    const output = outputTable(plan, name);
    source = plan.tables[output.source]!.name;
    encode = relationalRows(output, options.encoding, options.dialect);
  }
  const escape = options.jsonEscape;
  if (scratch.length > SCRATCH_KEEP_BYTES) scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  let pos = 0;
  let batch = '';
  const flush = () => {
    // Escaping batch by batch equals escaping the whole text: a batch ends at a row's end, never
    // inside a surrogate pair.
    const text = escape ? jsonStringBody(batch) : batch;
    // Room for the worst case (3 bytes a UTF-16 unit), counted exactly for a long text (a large row).
    const need = pos + (text.length > LONG_TEXT ? Buffer.byteLength(text) : text.length * 3);
    if (need > scratch.length) {
      if (need > MAX_CHUNK_BYTES) {
        throw new RangeError(`a chunk of table "${name}" outgrew ${MAX_CHUNK_BYTES} bytes`);
      }
      const grown = Buffer.allocUnsafe(Math.min(MAX_CHUNK_BYTES, Math.max(scratch.length * 2, need)));
      scratch.copy(grown, 0, 0, pos);
      scratch = grown;
    }
    // Like TextEncoder, Buffer's UTF-8 writer turns a lone surrogate into U+FFFD.
    pos = writeUtf8(scratch, text, pos);
    batch = '';
  };
  forEachRow(plan, source, start, end, (values, row) => {
    batch += encode(values, row);
    if (batch.length >= BATCH_CHARS) flush();
  });
  flush();
  return scratch.subarray(0, pos);
}

/** Bytes of this thread's scratch buffer (tests check that a large chunk leaves it bounded). */
export function scratchBytes(): number {
  return scratch.length;
}
