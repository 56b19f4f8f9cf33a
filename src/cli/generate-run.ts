/**
 * The run of `mockhive generate` (generate.ts declares the command). The worker pool is made first,
 * so its threads load the engine while this thread loads its own and compiles the request: the
 * first byte comes sooner (docs/benchmarks.md, CLI start-up).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { type Config, loadConfig } from '../config.js';
import type { RawKind } from '../generation/pieces.js';
import { createPool, type GenerationPool } from '../generation/pool.js';
import type { Piece } from '../generation/stream.js';
import type { PromptConverter } from '../prompt/index.js';
import { UsageError } from './errors.js';
import { type InputOptions, type KINDS, LOCAL, printWarnings, requestBody } from './input.js';
import type { CliIo } from './io.js';

type Kind = (typeof KINDS)[number];

export interface GenerateOptions extends InputOptions {
  format?: Kind;
  table?: string;
  out?: string;
  gzip?: boolean;
  quiet?: boolean;
}

export async function generate(options: GenerateOptions, io: CliIo): Promise<void> {
  const started = performance.now();
  const config = loadConfig(io.env);
  // Threads first: they load the engine while this thread loads its own.
  const pool = createPool(config.workers);
  try {
    await generateWith(pool, config, options, io, started);
  } finally {
    await pool.close();
  }
}

/** A prompt converter that loads prompt mode when a prompt comes. */
function lazyConverter(config: Config): PromptConverter {
  return async (prompt) => {
    const [{ createPromptConverter }, { createLogger }] = await Promise.all([
      import('../prompt/index.js'),
      import('../logger.js'),
    ]);
    return createPromptConverter({ llm: config.llm, logger: createLogger('silent') })(prompt);
  };
}

async function generateWith(
  pool: GenerationPool,
  config: Config,
  options: GenerateOptions,
  io: CliIo,
  started: number,
): Promise<void> {
  const [
    { prepareGeneration, UNLIMITED },
    { envelopePieces, rawPieces },
    { CHUNK_BYTES, streamPieces },
    { outputTables },
  ] = await Promise.all([
    import('../generation/prepare.js'),
    import('../generation/pieces.js'),
    import('../generation/stream.js'),
    import('../../workers/engine/child-tables.js'),
  ]);
  const body = await requestBody(options, io);
  const kind: Kind = options.format ?? (body.format as Kind | undefined) ?? 'json';
  const rawKind: RawKind | undefined = kind === 'json' ? undefined : kind;
  const convertPrompt = lazyConverter(config);
  const prepared = await prepareGeneration({ limiter: UNLIMITED, convertPrompt }, LOCAL, body, {
    negotiate: () => rawKind,
    mode: 'sync',
  });
  const { plan, format, dialect, meta, schema } = prepared;
  printWarnings(meta.warnings, options.quiet, io.stderr);
  // CSV writes a child table beside each parent with arrays of records (child-tables.ts).
  const tables = (kind === 'csv' ? outputTables(plan).map((o) => o.table) : plan.tables).map((t) => t.name);
  if (options.table !== undefined && !tables.includes(options.table)) {
    throw new UsageError(`No table ${options.table}; one of ${tables.join(', ')}.`);
  }

  // Files and their pieces: one per table for CSV into a directory, else one.
  const outputs: { name: string; pieces: () => Iterable<Piece> }[] = [];
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  if (kind === 'csv' && options.out !== undefined) {
    for (const table of options.table ? [options.table] : tables) {
      outputs.push({
        name: `${table}.csv`,
        pieces: () => rawPieces(plan, 'csv', dialect, table, CHUNK_BYTES),
      });
    }
  } else if (rawKind) {
    let table: string | undefined;
    if (kind === 'csv') {
      table = options.table ?? (tables.length === 1 ? tables[0] : undefined);
      if (table === undefined) {
        throw new UsageError(`CSV to stdout is one table: add --table (${tables.join(', ')}) or --out DIR.`);
      }
    }
    outputs.push({
      name: `mockhive.${kind}`,
      pieces: () => rawPieces(plan, rawKind, dialect, table, CHUNK_BYTES),
    });
  } else {
    const tail = () =>
      `"meta":${JSON.stringify({ ...meta, generation_time_ms: elapsed() })}${schema ? `,"schema":${JSON.stringify(schema)}` : ''}`;
    outputs.push({
      name: 'mockhive.json',
      pieces: () => envelopePieces(plan, format, dialect, tail, CHUNK_BYTES),
    });
  }

  if (options.out !== undefined) await mkdir(options.out, { recursive: true });
  for (const output of outputs) {
    const target: Writable =
      options.out === undefined
        ? io.stdout
        : createWriteStream(join(options.out, `${output.name}${options.gzip ? '.gz' : ''}`));
    await write(
      streamPieces(output.pieces(), pool, { inline: pool.threads === 0 }),
      target,
      options.gzip,
      target !== io.stdout,
    );
  }
  if (!options.quiet) {
    const written =
      kind === 'csv' ? (options.table ? [options.table] : options.out ? tables : [tables[0]!]) : tables;
    const records = written.reduce((sum, name) => sum + meta.records_per_table[name]!, 0);
    const rate = Math.round(records / (elapsed() / 1000));
    io.stderr.write(
      `mockhive: ${records.toLocaleString('en-US')} records (${written.join(', ')}) in ${elapsed()} ms, ${rate.toLocaleString('en-US')} records/s, seed ${meta.seed}\n`,
    );
  }
}

/**
 * Streams `source` into `target`, gzipped if asked, ending it if `end` (a file, not stdout); a reader
 * that stops early (`| head`) is no error.
 */
async function write(source: Readable, target: Writable, gzip: boolean | undefined, end: boolean) {
  try {
    if (gzip) await pipeline(source, createGzip({ level: constants.Z_BEST_SPEED }), target, { end });
    else await pipeline(source, target, { end });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPIPE') throw error;
    source.destroy();
  }
}
