/**
 * The shapes of a generation response, as ordered pieces for streamPieces:
 * - the JSON envelope: `{"data":{table: [records] | "csv text"},"meta":{...}}` or `{"sql":"…","meta":{...}}`;
 * - raw streams chosen by Accept: NDJSON (every table), CSV (one table), SQL (the whole script).
 * CSV and SQL write a child table after each parent with arrays of records (child-tables.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { outputOrder, outputTables } from '../../workers/engine/child-tables.js';
import type { GenerationPlan } from '../../workers/engine/index.js';
import { HttpError } from '../errors.js';
import { TableSchema } from './request.js';
import { csvHeader } from '../../workers/output/csv.js';
import { jsonStringBody } from '../../workers/output/encode.js';
import {
  type OutputFormat,
  OUTPUT_FORMATS,
  SQL_DIALECTS,
  type SqlDialect,
} from '../../workers/output/options.js';
import { scriptEpilogue, scriptPrologue } from '../../workers/output/sql.js';
import { type Piece, tablePieces } from './stream.js';

/** meta as the interface defines it, plus engine_version (and sql_dialect for SQL). */
export const MetaSchema = Type.Object({
  tables: Type.Integer(),
  total_records: Type.Integer(),
  records_per_table: Type.Record(Type.String(), Type.Integer()),
  locale: Type.String(),
  format: Type.Union([...OUTPUT_FORMATS, 'ndjson' as const].map((f) => Type.Literal(f))),
  seed: Type.Integer(),
  generation_time_ms: Type.Number(),
  engine_version: Type.String({ description: 'Same request, seed and engine_version: same bytes' }),
  sql_dialect: Type.Optional(Type.Union(SQL_DIALECTS.map((d) => Type.Literal(d)))),
  warnings: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'What was accepted but ignored, one message each, with the request path first ("tables[0].fields[1].params.mni: unknown key, ignored; did you mean min?"); absent when there is none',
    }),
  ),
});
export type Meta = Static<typeof MetaSchema>;

/** A prompt's inferred schema as the response shows it: reusable as `tables` (docs/prompts.md). */
export const InferredSchemaSchema = Type.Object({
  tables: Type.Array(TableSchema),
  warnings: Type.Array(Type.String(), { description: 'What the converter assumed' }),
});

/** The JSON envelope: records or CSV text by table, or one SQL script; `schema` in prompt mode. */
export const GenerateResponse = Type.Union([
  Type.Object({
    data: Type.Record(
      Type.String(),
      Type.Union([Type.Array(Type.Record(Type.String(), Type.Unknown())), Type.String()]),
      { description: 'By table: records (json) or RFC 4180 text (csv)' },
    ),
    meta: MetaSchema,
    schema: Type.Optional(InferredSchemaSchema),
  }),
  Type.Object({
    sql: Type.String({ description: 'A script that runs as-is on an empty database of its dialect' }),
    meta: MetaSchema,
    schema: Type.Optional(InferredSchemaSchema),
  }),
]);

export type RawKind = 'ndjson' | 'csv' | 'sql';

/** Everything of meta that is known before generating; `warnings` only when there are some. */
export function baseMeta(
  plan: GenerationPlan,
  format: Meta['format'],
  dialect: SqlDialect,
  warnings: readonly string[] = [],
): Omit<Meta, 'generation_time_ms'> {
  const records_per_table = Object.fromEntries(plan.tables.map((t) => [t.name, t.count]));
  return {
    tables: plan.tables.length,
    total_records: plan.tables.reduce((sum, t) => sum + t.count, 0),
    records_per_table,
    locale: plan.locale,
    format,
    seed: plan.seed,
    engine_version: plan.engineVersion,
    ...(format === 'sql' ? { sql_dialect: dialect } : {}),
    ...(warnings.length > 0 ? { warnings: [...warnings] } : {}),
  };
}

/** The JSON envelope; `tail` (meta, and the inferred schema in prompt mode) is written last. */
export function* envelopePieces(
  plan: GenerationPlan,
  format: OutputFormat,
  dialect: SqlDialect,
  tail: () => string,
  budget?: number,
): Generator<Piece> {
  if (format === 'sql') {
    const options = { encoding: 'sql', dialect, jsonEscape: true } as const;
    yield { text: `{"sql":"${jsonStringBody(scriptPrologue(dialect, plan))}` };
    for (const name of outputOrder(plan)) yield* tablePieces(plan, name, options, budget);
    yield { text: `${jsonStringBody(scriptEpilogue())}",` };
  } else {
    const options = { encoding: format, dialect, jsonEscape: format === 'csv' } as const;
    const tables = format === 'csv' ? outputTables(plan).map((o) => o.table) : plan.tables;
    yield { text: '{"data":{' };
    for (const [i, table] of tables.entries()) {
      const key = `${i === 0 ? '' : ','}${JSON.stringify(table.name)}:`;
      yield { text: format === 'csv' ? `${key}"${jsonStringBody(csvHeader(table))}` : `${key}[` };
      yield* tablePieces(plan, table.name, options, budget);
      yield { text: format === 'csv' ? '"' : ']' };
    }
    yield { text: '},' };
  }
  yield { lazy: () => `${tail()}}` };
}

/** A raw stream: NDJSON of every table, CSV of `table`, or the SQL script; chunks of `budget` bytes. */
export function* rawPieces(
  plan: GenerationPlan,
  kind: RawKind,
  dialect: SqlDialect,
  table?: string,
  budget?: number,
): Generator<Piece> {
  if (kind === 'sql') {
    const options = { encoding: 'sql', dialect, jsonEscape: false } as const;
    yield { text: scriptPrologue(dialect, plan) };
    for (const name of outputOrder(plan)) yield* tablePieces(plan, name, options, budget);
    yield { text: scriptEpilogue() };
  } else if (kind === 'csv') {
    const target = outputTables(plan).find((o) => o.table.name === table)!.table;
    const options = { encoding: 'csv', dialect, jsonEscape: false } as const;
    yield { text: csvHeader(target) };
    yield* tablePieces(plan, target.name, options, budget);
  } else {
    const options = { encoding: 'ndjson', dialect, jsonEscape: false } as const;
    for (const t of plan.tables) yield* tablePieces(plan, t.name, options, budget);
  }
}

/** The table of a raw CSV stream (sync or a job's): the only one, or the one `?table=` names. */
export function pickCsvTable(
  names: readonly string[],
  query: string | string[] | undefined,
  what: 'request' | 'job',
): string {
  const wanted = Array.isArray(query) ? query[0] : query;
  if (wanted === undefined && names.length === 1) return names[0]!;
  if (wanted !== undefined && names.includes(wanted)) return wanted;
  const message =
    wanted === undefined
      ? `CSV streams one table: add ?table= with one of ${names.join(', ')}.`
      : `No table ${JSON.stringify(wanted)} in this ${what}; one of ${names.join(', ')}.`;
  throw new HttpError('UNPROCESSABLE', message, { details: [{ field: 'table', message }] });
}
