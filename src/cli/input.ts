/**
 * What `generate` and `seed` share: the input flags (a request, a template, a schema or a prompt, with
 * counts, scale, seed and locale) and the request body they make, as `POST /api/v1/generate` takes it.
 */
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
// Not the engine's index: the command line is built before any generation, and the engine takes a
// third of a second to load (docs/benchmarks.md).
import { expandTemplate } from '../../workers/engine/expand-template.js';
import type { TableSpec } from '../../workers/engine/schema.js';
import { OUTPUT_FORMATS } from '../../workers/output/options.js';
import { TEMPLATE_IDS } from '../../workers/engine/templates.js';
import type { Principal } from '../accounts/api-keys.js';
import { UsageError } from './errors.js';

/** The input flags; `format` and `dialect` are generate's. */
export interface InputOptions {
  request?: string;
  template?: string;
  schema?: string;
  openapi?: string;
  jsonSchema?: string;
  prompt?: string;
  quiet?: boolean;
  count: string[];
  scale?: string;
  seed?: string;
  locale?: string;
  format?: string;
  dialect?: string;
}

/** What `generate` writes: an output format, or raw NDJSON. */
export const KINDS = [...OUTPUT_FORMATS, 'ndjson'] as const;

/** Who a local run generates as: no key, no plan. */
export const LOCAL: Principal = { keyId: 'cli', accountId: 'cli', tier: 'internal' };

/** Adds the input flags to `command`. */
export function inputOptions(command: Command): Command {
  return command
    .option('--request <file>', "a request body as the API takes it (JSON; '-' reads stdin)")
    .option('--template <id>', `a template: ${TEMPLATE_IDS.join(', ')}`)
    .option('--schema <file>', 'a JSON file with the tables (an array, or { "tables": [...] })')
    .option('--openapi <file>', 'an OpenAPI 3 document (YAML or JSON): its record schemas become the tables')
    .option(
      '--json-schema <file>',
      'a JSON Schema (draft-07 or 2020-12): the root and its $defs become the tables',
    )
    .option('--prompt <text>', 'describe the data in plain English')
    .option('--count <n|table=n>', 'records of every table, or of one table (repeatable)', collect, [])
    .option('--scale <factor>', "multiplies a template's counts (0.1 to 100)")
    .option('--seed <n>', 'the seed (0 to 4294967295): same seed, same data')
    .option('--locale <code>', 'locale of names, addresses and text (default en)');
}

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

async function readJson(path: string, what: string, stdin: Readable): Promise<unknown> {
  const text =
    path === '-'
      ? await readStdin(stdin)
      : await readFile(path, 'utf8').catch((error: Error) => {
          throw new UsageError(`Cannot read ${what} ${path}: ${error.message}`);
        });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${path} is not JSON: ${(error as Error).message}`);
  }
}

async function readStdin(stdin: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += chunk;
  return text;
}

export const integer = (value: string, flag: string): number => {
  if (!/^\d+$/.test(value))
    throw new UsageError(`${flag} takes a whole number, not ${JSON.stringify(value)}.`);
  return Number(value);
};

async function readText(path: string, what: string, stdin: Readable): Promise<string> {
  if (path === '-') return readStdin(stdin);
  return readFile(path, 'utf8').catch((error: Error) => {
    throw new UsageError(`Cannot read ${what} ${path}: ${error.message}`);
  });
}

/** The tables of --openapi or --json-schema, as detection reads them; its warnings go to `io.stderr`. */
async function specTables(options: InputOptions, io: BodyIo): Promise<unknown[]> {
  const source = options.openapi !== undefined ? 'openapi' : 'json_schema';
  const path = (options.openapi ?? options.jsonSchema)!;
  const text = await readText(path, source === 'openapi' ? 'OpenAPI document' : 'JSON Schema', io.stdin);
  // Loaded here, not at start-up: the parsers behind detection cost a command that reads no spec.
  const { DetectionError, detectSchema } = await import('../detect/index.js');
  try {
    const { tables, warnings } = detectSchema({ [source]: text });
    printWarnings(warnings, options.quiet, io.stderr);
    return tables;
  } catch (error) {
    if (error instanceof DetectionError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}

/** Where a body is read from (`--request -`) and where reading it warns. */
export interface BodyIo {
  stdin: Readable;
  stderr: Writable;
}

/** The request body the flags describe. */
export async function requestBody(options: InputOptions, io: BodyIo): Promise<Record<string, unknown>> {
  const stdin = io.stdin;
  const modes = (['request', 'template', 'schema', 'openapi', 'jsonSchema', 'prompt'] as const).filter(
    (m) => options[m] !== undefined,
  );
  if (modes.length !== 1) {
    throw new UsageError(
      'Give exactly one of --request, --template, --schema, --openapi, --json-schema or --prompt.',
    );
  }
  let body: Record<string, unknown>;
  if (options.request !== undefined) {
    const parsed = await readJson(options.request, 'request', stdin);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError('The request must be a JSON object, as the API takes it.');
    }
    body = parsed as Record<string, unknown>;
  } else if (options.schema !== undefined) {
    const parsed = await readJson(options.schema, 'schema', stdin);
    body = { tables: Array.isArray(parsed) ? parsed : (parsed as { tables?: unknown }).tables };
  } else if (options.openapi !== undefined || options.jsonSchema !== undefined) {
    body = { tables: await specTables(options, io) };
  } else if (options.template !== undefined) {
    body = { template: options.template };
  } else body = { prompt: options.prompt };
  if (options.scale !== undefined) body.scale = Number(options.scale);
  if (options.seed !== undefined) body.seed = integer(options.seed, '--seed');
  if (options.locale !== undefined) body.locale = options.locale;
  if (options.dialect !== undefined) body.sql_dialect = options.dialect;
  if (options.format !== undefined && options.format !== 'ndjson') body.format = options.format;
  if (options.count.length > 0) applyCounts(body, options.count);
  return body;
}

/** One `--count`: `N` (every table) or `table=N`. */
export function parseCount(count: string): { table: string | undefined; rows: number } {
  const [table, value] = count.includes('=') ? count.split('=', 2) : [undefined, count];
  return { table, rows: integer(value!, '--count') };
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
    const { table: name, rows: n } = parseCount(count);
    const targets = (body.tables as TableSpec[]).filter((t) => name === undefined || t.name === name);
    if (targets.length === 0) throw new UsageError(`--count ${count}: no table ${name}.`);
    for (const table of targets) (table as { count: number }).count = n;
  }
}

/** The request's warnings (meta.warnings: ignored params keys), one `mockhive:` line each on stderr. */
export function printWarnings(
  warnings: readonly string[] | undefined,
  quiet: boolean | undefined,
  stderr: Writable,
): void {
  if (quiet) return;
  for (const warning of warnings ?? []) stderr.write(`mockhive: warning: ${warning}\n`);
}
