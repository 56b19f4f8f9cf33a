/** The run of `mockhive seed` (seed.ts defines the command and its flags). */
import { loadConfig } from '../config.js';
import { createPool, type GenerationPool } from '../generation/pool.js';
import { HttpError } from '../errors.js';
import { prepareGeneration, requireSqlNames, UNLIMITED } from '../generation/prepare.js';
import { createLogger } from '../logger.js';
import { createPromptConverter } from '../prompt/index.js';
import {
  EXIT,
  openTarget,
  seed,
  SeedError,
  type SeedReport,
  type SeedTarget,
  tablesFromDatabase,
  urlDialect,
} from '../seed/index.js';
import { appendTables, checkUniqueCollisions } from '../seed/append.js';
import { createProgress } from '../seed/progress.js';
import type { TableSpec } from '../../workers/engine/index.js';
import { UsageError } from './errors.js';
import { type InputOptions, integer, LOCAL, parseCount, printWarnings, requestBody } from './input.js';
import type { CliIo } from './io.js';

export interface SeedFlags extends InputOptions {
  databaseUrl?: string;
  fromDatabase?: boolean;
  schemaName?: string;
  create?: boolean;
  truncate?: boolean;
  append?: boolean;
  connections: string;
  refSample: string;
  quiet?: boolean;
}

/** Rows of each table with `--from-database` unless `--count` says otherwise. */
export const FROM_DATABASE_ROWS = 1000;

/** Runs a seed: exits as docs/cli.md says (seed.ts's help lists the codes). */
export async function seedAction(options: SeedFlags, io: CliIo): Promise<void> {
  const started = performance.now();
  const url = options.databaseUrl ?? io.env['SEED_DATABASE_URL'];
  if (url === undefined || url === '')
    throw new UsageError('Give the database: --database-url <url> (or SEED_DATABASE_URL).');
  const modes = (['request', 'template', 'schema', 'prompt'] as const).filter(
    (m) => options[m] !== undefined,
  );
  if (options.fromDatabase && modes.length > 0)
    throw new UsageError(`--from-database reads the tables from the database: drop --${modes[0]}.`);
  if (options.schemaName !== undefined && !/^postgres(ql)?:/.test(url))
    throw new UsageError('--schema-name is for PostgreSQL.');
  // The schema goes into each connection's search_path, which takes a plain name only.
  if (options.schemaName !== undefined && !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(options.schemaName))
    throw new UsageError('--schema-name takes a plain name: letters, digits and _.');
  const refSample = integer(options.refSample, '--ref-sample');
  if (refSample < 1) throw new UsageError('--ref-sample takes a whole number of at least 1.');
  const connections = integer(options.connections, '--connections');
  if (connections < 1 || connections > 64) throw new UsageError('--connections takes 1 to 64.');
  const config = loadConfig(io.env);
  const dialect = urlDialect(url);
  const convertPrompt = createPromptConverter({ llm: config.llm, logger: createLogger('silent') });
  /** The plan of `body`, refused (exit 2, the API's message) when the database cannot hold its names. */
  const prepare = async (body: Record<string, unknown>) => {
    const prepared = await prepareGeneration({ limiter: UNLIMITED, convertPrompt }, LOCAL, body, {
      mode: 'sync',
    });
    requireSqlNames(prepared.plan, dialect);
    return prepared;
  };
  // Checked before connecting: a name the database would cut or refuse must not leave a table behind.
  // With --append, refs may point to tables of the database: the request is read now, prepared once
  // those tables' keys are known.
  const body = options.fromDatabase ? undefined : await requestBody(options, io);
  const given = body === undefined || options.append ? undefined : await prepare(body);

  const target = await openTarget(url, {
    connections,
    schema: options.schemaName ?? 'public',
    create: options.create === true,
  });
  let pool: GenerationPool | undefined;
  const progress = createProgress(io.stderr, { quiet: options.quiet === true });
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort(new DOMException('Interrupted', 'AbortError'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const report: SeedReport = { loaded: [], created: [], dropped: [], cleared: [] };
  try {
    const appendWarnings: string[] = [];
    const { plan, meta } =
      given ??
      (await prepare(
        body === undefined
          ? await bodyFromDatabase(target, options, io)
          : await appendBody(target, body, refSample, appendWarnings),
      ));
    printWarnings([...appendWarnings, ...(meta.warnings ?? [])], options.quiet, io.stderr);
    if (options.append) await checkUniqueCollisions(target, plan);
    pool = createPool(config.workers);
    await seed(
      target,
      plan,
      pool,
      {
        create: options.create === true,
        truncate: options.truncate === true,
        append: options.append === true,
        signal: interrupt.signal,
      },
      progress,
      report,
    );
    progress.stop();
    if (!options.quiet) {
      const rows = report.loaded.reduce((sum, t) => sum + t.rows, 0);
      const seconds = (performance.now() - started) / 1000;
      io.stderr.write(
        `mockhive: seeded ${target.label}: ${rows.toLocaleString('en-US')} rows in ${report.loaded.length} tables in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s), seed ${meta.seed}\n`,
      );
    }
  } catch (error) {
    progress.stop();
    if (interrupt.signal.aborted) throw new SeedError(`interrupted. ${written(report)}`, EXIT.interrupted);
    if (error instanceof SeedError || error instanceof UsageError || error instanceof HttpError) throw error;
    // Exit 5 is a load the database refused (that table rolled back); anything else is 1.
    const loading = report.loading !== undefined;
    throw new SeedError(`${(error as Error).message}\n${written(report)}`, loading ? EXIT.load : EXIT.failed);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await pool?.close();
    await target.close();
  }
}

/** `body` for --append: refs to tables of the database draw from their keys (src/seed/append.ts). */
async function appendBody(
  target: SeedTarget,
  body: Record<string, unknown>,
  refSample: number,
  warnings: string[],
): Promise<Record<string, unknown>> {
  if (!Array.isArray(body.tables)) return body;
  return { ...body, tables: await appendTables(target, body.tables as TableSpec[], refSample, warnings) };
}

/** What a stopped run leaves behind. */
function written(report: SeedReport): string {
  const parts: string[] = [];
  if (report.created.length > 0) {
    const stay = report.dropFailed === undefined ? '' : ` (dropping them again failed: ${report.dropFailed})`;
    parts.push(`Created: ${report.created.join(', ')}${stay}.`);
  }
  if (report.dropped.length > 0) parts.push(`Created and dropped again: ${report.dropped.join(', ')}.`);
  if (report.cleared.length > 0) parts.push(`Emptied: ${report.cleared.join(', ')}.`);
  const loaded = report.loaded
    .filter((t) => !report.dropped.includes(t.table))
    .map((t) => `${t.table} (${t.rows.toLocaleString('en-US')} rows)`);
  const rolledBack = report.loading === undefined ? '' : ` ${report.loading} was rolled back.`;
  parts.push(
    loaded.length === 0
      ? `No table was loaded.${rolledBack}`
      : `Loaded in full: ${loaded.join(', ')}.${rolledBack}`,
  );
  return parts.join(' ');
}

/** The request of `--from-database`: the database's tables, with `--count` rows each. */
async function bodyFromDatabase(
  target: SeedTarget,
  options: SeedFlags,
  io: CliIo,
): Promise<Record<string, unknown>> {
  let all = FROM_DATABASE_ROWS;
  const per = new Map<string, number>();
  for (const { table, rows } of options.count.map(parseCount)) {
    if (table === undefined) all = rows;
    else per.set(table, rows);
  }
  const { tables, warnings } = await tablesFromDatabase(target, (name) => per.get(name) ?? all);
  const unknown = [...per.keys()].filter((name) => !tables.some((t) => t.name === name));
  if (unknown.length > 0)
    throw new UsageError(`--count names no table of the database: ${unknown.join(', ')}.`);
  if (!options.quiet) for (const warning of warnings) io.stderr.write(`mockhive: ${warning}\n`);
  const body: Record<string, unknown> = { tables };
  if (options.seed !== undefined) body.seed = integer(options.seed, '--seed');
  if (options.locale !== undefined) body.locale = options.locale;
  return body;
}
