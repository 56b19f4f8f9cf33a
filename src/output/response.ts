/**
 * The shapes of a generation response, as ordered pieces for streamPieces:
 * - the JSON envelope: `{"data":{table: [records] | "csv text"},"meta":{...}}` or `{"sql":"…","meta":{...}}`;
 * - raw streams chosen by Accept: NDJSON (every table), CSV (one table), SQL (the whole script).
 */
import type { Plan } from '../../workers/engine/index.js';
import { csvHeader } from '../../workers/output/csv.js';
import { jsonStringBody } from '../../workers/output/encode.js';
import type { OutputFormat, SqlDialect } from '../../workers/output/options.js';
import { scriptEpilogue, scriptPrologue } from '../../workers/output/sql.js';
import { type Piece, tablePieces } from './stream.js';

/** meta as the interface defines it, plus engine_version (and sql_dialect for SQL). */
export interface Meta {
  tables: number;
  total_records: number;
  records_per_table: Record<string, number>;
  locale: string;
  format: OutputFormat | 'ndjson';
  seed: number;
  generation_time_ms: number;
  engine_version: string;
  sql_dialect?: SqlDialect;
}

export type RawKind = 'ndjson' | 'csv' | 'sql';

/** Everything of meta that is known before generating. */
export function baseMeta(
  plan: Plan,
  format: Meta['format'],
  dialect: SqlDialect,
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
  };
}

/** The JSON envelope; `tail` (meta, and the inferred schema in prompt mode) is written last. */
export function envelopePieces(
  plan: Plan,
  format: OutputFormat,
  dialect: SqlDialect,
  tail: () => string,
): Piece[] {
  const pieces: Piece[] = [];
  if (format === 'sql') {
    const options = { encoding: 'sql', dialect, jsonEscape: true } as const;
    pieces.push({ text: `{"sql":"${jsonStringBody(scriptPrologue(dialect, plan))}` });
    for (const name of plan.order) pieces.push(...tablePieces(plan, name, options));
    pieces.push({ text: `${jsonStringBody(scriptEpilogue())}",` });
  } else {
    const options = { encoding: format, dialect, jsonEscape: format === 'csv' } as const;
    pieces.push({ text: '{"data":{' });
    plan.tables.forEach((table, i) => {
      const key = `${i === 0 ? '' : ','}${JSON.stringify(table.name)}:`;
      pieces.push({ text: format === 'csv' ? `${key}"${jsonStringBody(csvHeader(table))}` : `${key}[` });
      pieces.push(...tablePieces(plan, table.name, options));
      pieces.push({ text: format === 'csv' ? '"' : ']' });
    });
    pieces.push({ text: '},' });
  }
  pieces.push({ lazy: () => `${tail()}}` });
  return pieces;
}

/** A raw stream: NDJSON of every table, CSV of `table`, or the SQL script. */
export function rawPieces(plan: Plan, kind: RawKind, dialect: SqlDialect, table?: string): Piece[] {
  if (kind === 'sql') {
    const options = { encoding: 'sql', dialect, jsonEscape: false } as const;
    return [
      { text: scriptPrologue(dialect, plan) },
      ...plan.order.flatMap((name) => tablePieces(plan, name, options)),
      { text: scriptEpilogue() },
    ];
  }
  if (kind === 'csv') {
    const target = plan.tables.find((t) => t.name === table)!;
    const options = { encoding: 'csv', dialect, jsonEscape: false } as const;
    return [{ text: csvHeader(target) }, ...tablePieces(plan, target.name, options)];
  }
  const options = { encoding: 'ndjson', dialect, jsonEscape: false } as const;
  return plan.tables.flatMap((t) => tablePieces(plan, t.name, options));
}
