/**
 * `mockhive generate`: the API's generation on this machine, with the same engine and worker pool
 * (no server, no key, no limits). The bytes are the API's for the same request and seed: raw NDJSON,
 * CSV and SQL identical, the JSON envelope identical but for `meta.generation_time_ms`.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { type Command, Option } from 'commander';
import { expandTemplate, TEMPLATE_IDS, type TableSpec } from '../../workers/engine/index.js';
import { OUTPUT_FORMATS, SQL_DIALECTS } from '../../workers/output/options.js';
import type { Principal } from '../accounts/api-keys.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { envelopePieces, type RawKind, rawPieces } from '../generation/pieces.js';
import { createPool } from '../generation/pool.js';
import { prepareGeneration, UNLIMITED } from '../generation/prepare.js';
import { CHUNK_BYTES, type Piece, streamPieces } from '../generation/stream.js';
import { createPromptConverter } from '../prompt/index.js';
import { UsageError } from './errors.js';

const KINDS = [...OUTPUT_FORMATS, 'ndjson'] as const;
type Kind = (typeof KINDS)[number];

interface GenerateOptions {
  request?: string;
  template?: string;
  schema?: string;
  prompt?: string;
  count: string[];
  scale?: string;
  seed?: string;
  locale?: string;
  format?: Kind;
  dialect?: string;
  table?: string;
  out?: string;
  gzip?: boolean;
  quiet?: boolean;
}

const LOCAL: Principal = { keyId: 'cli', accountId: 'cli', tier: 'internal' };

/** Adds the `generate` command to `program`. */
export function generateCommand(program: Command): void {
  program
    .command('generate')
    .description('generate data locally, as the API would, to stdout or files')
    .option('--request <file>', "a request body as the API takes it (JSON; '-' reads stdin)")
    .option('--template <id>', `a template: ${TEMPLATE_IDS.join(', ')}`)
    .option('--schema <file>', 'a JSON file with the tables (an array, or { "tables": [...] })')
    .option('--prompt <text>', 'describe the data in plain English')
    .option('--count <n|table=n>', 'records of every table, or of one table (repeatable)', collect, [])
    .option('--scale <factor>', "multiplies a template's counts (0.1 to 100)")
    .option('--seed <n>', 'the seed (0 to 4294967295): same seed, same data')
    .option('--locale <code>', 'locale of names, addresses and text (default en)')
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
    .action((options: GenerateOptions) => generate(options));
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

async function readJson(path: string, what: string): Promise<unknown> {
  const text =
    path === '-'
      ? await readStdin()
      : await readFile(path, 'utf8').catch((error: Error) => {
          throw new UsageError(`Cannot read ${what} ${path}: ${error.message}`);
        });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${path} is not JSON: ${(error as Error).message}`);
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

const integer = (value: string, flag: string): number => {
  if (!/^\d+$/.test(value))
    throw new UsageError(`${flag} takes a whole number, not ${JSON.stringify(value)}.`);
  return Number(value);
};

/** The request body the flags describe. */
async function requestBody(options: GenerateOptions): Promise<Record<string, unknown>> {
  const modes = (['request', 'template', 'schema', 'prompt'] as const).filter(
    (m) => options[m] !== undefined,
  );
  if (modes.length !== 1) {
    throw new UsageError('Give exactly one of --request, --template, --schema or --prompt.');
  }
  let body: Record<string, unknown>;
  if (options.request !== undefined) {
    const parsed = await readJson(options.request, 'request');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError('The request must be a JSON object, as the API takes it.');
    }
    body = parsed as Record<string, unknown>;
  } else if (options.schema !== undefined) {
    const parsed = await readJson(options.schema, 'schema');
    body = { tables: Array.isArray(parsed) ? parsed : (parsed as { tables?: unknown }).tables };
  } else if (options.template !== undefined) {
    body = { template: options.template };
  } else body = { prompt: options.prompt };
  if (options.scale !== undefined) body.scale = Number(options.scale);
  if (options.seed !== undefined) body.seed = integer(options.seed, '--seed');
  if (options.locale !== undefined) body.locale = options.locale;
  if (options.dialect !== undefined) body.sql_dialect = options.dialect;
  const format = options.format ?? (body.format as Kind | undefined);
  if (format !== undefined && format !== 'ndjson') body.format = format;
  if (options.count.length > 0) applyCounts(body, options.count);
  return body;
}

/** `--count N` sets every table's count, `--count table=N` one table's (a template is expanded). */
function applyCounts(body: Record<string, unknown>, counts: string[]): void {
  if (body.prompt !== undefined)
    throw new UsageError('--count does not apply to --prompt: say the counts in it.');
  if (body.template !== undefined) {
    if (!(TEMPLATE_IDS as readonly unknown[]).includes(body.template)) {
      throw new UsageError(
        `Unknown template ${JSON.stringify(body.template)}; one of ${TEMPLATE_IDS.join(', ')}.`,
      );
    }
    body.tables = expandTemplate(body.template as never, (body.scale as number | undefined) ?? 1);
    delete body.template;
    delete body.scale;
  }
  if (!Array.isArray(body.tables))
    throw new UsageError('--count needs tables (a schema, a template or a request).');
  const tables = body.tables as TableSpec[];
  body.tables = tables.map((table) => ({ ...table }));
  for (const count of counts) {
    const [name, value] = count.includes('=') ? count.split('=', 2) : [undefined, count];
    const n = integer(value!, '--count');
    const targets = (body.tables as TableSpec[]).filter((t) => name === undefined || t.name === name);
    if (targets.length === 0) throw new UsageError(`--count ${count}: no table ${name}.`);
    for (const table of targets) (table as { count: number }).count = n;
  }
}

async function generate(options: GenerateOptions): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const body = await requestBody(options);
  const kind: Kind = options.format ?? (body.format as Kind | undefined) ?? 'json';
  const rawKind: RawKind | undefined = kind === 'json' ? undefined : kind;
  const convertPrompt = createPromptConverter({ llm: config.llm, logger: createLogger('silent') });
  const prepared = await prepareGeneration({ limiter: UNLIMITED, convertPrompt }, LOCAL, body, {
    negotiate: () => rawKind,
    mode: 'sync',
  });
  const { plan, format, dialect, meta, inferred } = prepared;
  const tables = plan.tables.map((t) => t.name);
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
      `"meta":${JSON.stringify({ ...meta, generation_time_ms: elapsed() })}${inferred ? `,"schema":${JSON.stringify({ tables: inferred })}` : ''}`;
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
          ? process.stdout
          : createWriteStream(join(options.out, `${output.name}${options.gzip ? '.gz' : ''}`));
      await write(streamPieces(output.pieces(), pool, { inline: pool.threads === 0 }), target, options.gzip);
    }
  } finally {
    await pool.close();
  }
  if (!options.quiet) {
    const written =
      kind === 'csv' ? (options.table ? [options.table] : options.out ? tables : [tables[0]!]) : tables;
    const records = written.reduce((sum, name) => sum + meta.records_per_table[name]!, 0);
    const rate = Math.round(records / (elapsed() / 1000));
    process.stderr.write(
      `mockhive: ${records.toLocaleString('en-US')} records (${written.join(', ')}) in ${elapsed()} ms, ${rate.toLocaleString('en-US')} records/s, seed ${meta.seed}\n`,
    );
  }
}

/** Streams `source` into `target`, gzipped if asked; a reader that stops early (`| head`) is no error. */
async function write(source: Readable, target: Writable, gzip: boolean | undefined): Promise<void> {
  try {
    if (gzip)
      await pipeline(source, createGzip({ level: constants.Z_BEST_SPEED }), target, {
        end: target !== process.stdout,
      });
    else await pipeline(source, target, { end: target !== process.stdout });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPIPE') throw error;
    source.destroy();
  }
}
