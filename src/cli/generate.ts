/**
 * `mockhive generate`: the API's generation on this machine, with the same engine and worker pool
 * (no server, no key, no limits). The bytes are the API's for the same request and seed: raw NDJSON,
 * CSV and SQL identical, the JSON envelope identical but for `meta.generation_time_ms`.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { type Command, Option } from 'commander';
import { outputTables } from '../../workers/engine/child-tables.js';
import { OUTPUT_FORMATS, SQL_DIALECTS } from '../../workers/output/options.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { envelopePieces, type RawKind, rawPieces } from '../generation/pieces.js';
import { createPool } from '../generation/pool.js';
import { prepareGeneration, UNLIMITED } from '../generation/prepare.js';
import { CHUNK_BYTES, type Piece, streamPieces } from '../generation/stream.js';
import { createPromptConverter } from '../prompt/index.js';
import { UsageError } from './errors.js';
import { type InputOptions, inputOptions, LOCAL, printWarnings, requestBody } from './input.js';
import type { CliIo } from './io.js';

const KINDS = [...OUTPUT_FORMATS, 'ndjson'] as const;
type Kind = (typeof KINDS)[number];

interface GenerateOptions extends InputOptions {
  format?: Kind;
  table?: string;
  out?: string;
  gzip?: boolean;
  quiet?: boolean;
}

/** Adds the `generate` command to `program`. */
export function generateCommand(program: Command, io: CliIo): void {
  inputOptions(
    program.command('generate').description('generate data locally, as the API would, to stdout or files'),
  )
    .addOption(new Option('--format <format>', 'output format (default json)').choices(KINDS))
    .addOption(new Option('--dialect <dialect>', 'SQL dialect (default postgres)').choices(SQL_DIALECTS))
    .option('--table <name>', 'the table of a CSV sent to stdout, when there are several')
    .option('--out <dir>', 'write files into this directory: one CSV per table, or one file')
    .option('--gzip', 'gzip what is written')
    .option('--quiet', 'no summary on stderr')
    .addHelpText(
      'after',
      `
Examples:
  mockhive generate --template ecommerce --format sql --dialect postgres --seed 42 | psql shop
  mockhive generate --template blog --scale 10 --format csv --out ./fixtures --gzip
  mockhive generate --schema tables.json --count users=1000000 --format ndjson > users.ndjson
  mockhive generate --request body.json --seed 7`,
    )
    .action((options: GenerateOptions) => generate(options, io));
}

async function generate(options: GenerateOptions, io: CliIo): Promise<void> {
  const started = performance.now();
  const config = loadConfig(io.env);
  const body = await requestBody(options, io);
  const kind: Kind = options.format ?? (body.format as Kind | undefined) ?? 'json';
  const rawKind: RawKind | undefined = kind === 'json' ? undefined : kind;
  const convertPrompt = createPromptConverter({ llm: config.llm, logger: createLogger('silent') });
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

  const pool = createPool(config.workers);
  try {
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
  } finally {
    await pool.close();
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
