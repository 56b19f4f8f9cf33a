/**
 * A job's result read back from storage as streams, part by part (one compressed part in memory at a
 * time), in the shapes clients ask for: the job object with its `data`, the sync response's JSON
 * envelope, or the raw stream the parts hold (NDJSON, CSV of one table, the SQL script).
 */
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { constants, crc32, createBrotliDecompress, createInflateRaw } from 'node:zlib';
import type { Db } from '../store/database.js';
import type { ResultBlobs } from './blobs.js';
import { combineCrc32, deflatePart, FINAL_BLOCK, GZIP_HEADER, gzipTrailer } from './gzip-stream.js';
import { listParts, type JobRow } from './records.js';

type Bytes = AsyncIterable<Buffer>;

/** A part of a job's result: fixed text, or generated rows as stored with their raw size and CRC-32. */
type StoredPart = { text: Buffer } | { stored: Buffer; rawBytes: number; crc32: number };

/** A job's parts in order, those of `table` only when given (a CSV table); empty text skipped. */
async function* storedParts(
  db: Db,
  blobs: ResultBlobs,
  job: JobRow,
  table: string | undefined,
): AsyncGenerator<StoredPart> {
  for (const part of await listParts(db, job.id)) {
    if (table !== undefined && part.table_name !== table) continue;
    if (part.text !== null) {
      if (part.text.length > 0) yield { text: Buffer.from(part.text) };
      continue;
    }
    const stored = await blobs.read(job.id, part.seq, job.result_codec);
    yield { stored, rawBytes: part.raw_bytes!, crc32: part.crc32! };
  }
}

/** The raw bytes of a job's parts in order; only those of `table` when given (a CSV table). */
export async function* rawResult(
  db: Db,
  blobs: ResultBlobs,
  job: JobRow,
  table?: string,
): AsyncGenerator<Buffer> {
  for await (const part of storedParts(db, blobs, job, table)) {
    if ('text' in part) yield part.text;
    else if (job.result_codec === 'none') yield part.stored;
    else {
      // Decompressed in pieces of 64 KiB: a part never exists whole and uncompressed here. A gzip part
      // is raw deflate ended by a sync flush, without a final block: the end of input is its end.
      const decompress =
        job.result_codec === 'gzip'
          ? createInflateRaw({ chunkSize: 64 << 10, finishFlush: constants.Z_SYNC_FLUSH })
          : createBrotliDecompress({ chunkSize: 64 << 10 });
      yield* Readable.from([part.stored]).pipe(decompress) as AsyncIterable<Buffer>;
    }
  }
}

/**
 * The raw result of a gzip job as one gzip stream of its stored bytes (gzip-stream.ts): the header,
 * each stored part as it is (fixed text deflated here), an empty final block, and a trailer whose
 * CRC-32 is combined from the parts'. Nothing stored is decompressed.
 */
export async function* storedGzip(
  db: Db,
  blobs: ResultBlobs,
  job: JobRow,
  table?: string,
): AsyncGenerator<Buffer> {
  if (job.result_codec !== 'gzip') throw new Error(`job ${job.id} is stored as ${job.result_codec}`);
  yield GZIP_HEADER;
  let crc = 0;
  let length = 0;
  for await (const part of storedParts(db, blobs, job, table)) {
    const [bytes, rawCrc, rawBytes] =
      'text' in part
        ? [deflatePart(part.text), crc32(part.text), part.text.length]
        : [part.stored, part.crc32, part.rawBytes];
    crc = combineCrc32(crc, rawCrc, rawBytes);
    length += rawBytes;
    yield bytes;
  }
  yield FINAL_BLOCK;
  yield gzipTrailer(crc, length);
}

/** Text as the inside of a JSON string literal, exactly as JSON.stringify escapes it. */
async function* jsonEscaped(source: Bytes): AsyncGenerator<Buffer> {
  // The decoder holds back a character split between chunks; V8's JSON.stringify escapes fast.
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source) {
    const text = decoder.write(chunk);
    if (text.length > 0) yield Buffer.from(JSON.stringify(text).slice(1, -1));
  }
  const rest = decoder.end();
  if (rest.length > 0) yield Buffer.from(JSON.stringify(rest).slice(1, -1));
}

/** NDJSON lines of one table (`{"table":…,"record":{…}}`) as the records of a JSON array, comma-separated. */
async function* ndjsonRecords(source: Bytes, table: string): AsyncGenerator<Buffer> {
  const prefix = Buffer.byteLength(`{"table":${JSON.stringify(table)},"record":`);
  let carry: Buffer | undefined;
  let first = true;
  for await (const chunk of source) {
    const buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    const out: Buffer[] = [];
    let start = 0;
    // JSON text never holds a raw newline: each one ends a line.
    for (let end = buffer.indexOf(10, start); end !== -1; end = buffer.indexOf(10, start)) {
      if (!first) out.push(COMMA);
      first = false;
      out.push(buffer.subarray(start + prefix, end - 1)); // without the closing '}' of the line's object
      start = end + 1;
    }
    carry = start < buffer.length ? Buffer.from(buffer.subarray(start)) : undefined;
    if (out.length > 0) yield Buffer.concat(out);
  }
  if (carry) throw new Error(`the stored NDJSON of table ${table} ends inside a line`);
}
const COMMA = Buffer.from(',');

/**
 * The tables of a job, in the order of its result: a CSV job's are those of its parts, which hold
 * the child tables of arrays of records too (workers/engine/child-tables.ts).
 */
export async function jobTables(db: Db, job: JobRow): Promise<string[]> {
  if (job.format === 'csv') {
    const names = (await listParts(db, job.id)).flatMap((p) => (p.table_name === null ? [] : [p.table_name]));
    return [...new Set(names)];
  }
  return Object.keys(
    (JSON.parse(job.meta) as { records_per_table: Record<string, number> }).records_per_table,
  );
}

/** `"data":{…}` (JSON and CSV jobs) or `"sql":"…"` (SQL jobs), as in the sync response. */
export async function* dataMember(db: Db, blobs: ResultBlobs, job: JobRow): AsyncGenerator<Buffer> {
  if (job.format === 'sql') {
    yield Buffer.from('"sql":"');
    yield* jsonEscaped(rawResult(db, blobs, job));
    yield Buffer.from('"');
    return;
  }
  yield Buffer.from('"data":{');
  for (const [i, table] of (await jobTables(db, job)).entries()) {
    const key = `${i === 0 ? '' : ','}${JSON.stringify(table)}:`;
    if (job.format === 'csv') {
      yield Buffer.from(`${key}"`);
      yield* jsonEscaped(rawResult(db, blobs, job, table));
      yield Buffer.from('"');
    } else {
      yield Buffer.from(`${key}[`);
      yield* ndjsonRecords(rawResult(db, blobs, job, table), table);
      yield Buffer.from(']');
    }
  }
  yield Buffer.from('}');
}

/** meta as the sync response ends with it, with the job's generation time. */
export function jobMeta(job: JobRow): Record<string, unknown> {
  return { ...(JSON.parse(job.meta) as Record<string, unknown>), generation_time_ms: job.generation_ms ?? 0 };
}

/** The sync response's JSON envelope of a completed job: `{"data"|"sql":…,"meta":…[,"schema":…]}`. */
export async function* envelope(db: Db, blobs: ResultBlobs, job: JobRow): AsyncGenerator<Buffer> {
  yield Buffer.from('{');
  yield* dataMember(db, blobs, job);
  const schema = job.schema === null ? '' : `,"schema":${job.schema}`;
  yield Buffer.from(`,"meta":${JSON.stringify(jobMeta(job))}${schema}}`);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The job object's fields other than the result. */
export function jobSummary(job: JobRow): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    job_id: job.id,
    status: job.status,
    records_total: job.records_total,
    created_at: iso(job.created_at),
    started_at: iso(job.started_at),
    completed_at: iso(job.completed_at),
    format: job.format,
    progress: { parts_done: job.parts_done, parts_total: job.parts_total },
    poll_url: `/api/v1/jobs/${job.id}`,
  };
  if (job.status === 'completed') {
    summary.result_url = `/api/v1/jobs/${job.id}/result`;
    summary.expires_at = iso(job.expires_at);
    summary.meta = jobMeta(job);
    if (job.schema !== null) summary.schema = JSON.parse(job.schema);
  }
  if (job.status === 'failed') {
    summary.error = { code: job.error_code, message: job.error_message };
    // The hosted service's job carries its failure as one string: clients written for it read this.
    summary.failure_reason = job.error_message ?? 'The job failed.';
    summary.expires_at = iso(job.expires_at);
  }
  return summary;
}

/**
 * The job object; a completed job's `data` (or `sql`) streamed from storage, last, unless
 * `withData` is false (the client polls for the state and downloads the result on its own).
 */
export async function* jobObject(
  db: Db,
  blobs: ResultBlobs,
  job: JobRow,
  withData = true,
): AsyncGenerator<Buffer> {
  const head = JSON.stringify(jobSummary(job));
  if (job.status !== 'completed' || !withData) {
    yield Buffer.from(head);
    return;
  }
  yield Buffer.from(`${head.slice(0, -1)},`);
  yield* dataMember(db, blobs, job);
  yield Buffer.from('}');
}
