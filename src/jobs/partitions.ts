/**
 * A job's result as ordered parts: fixed text (a CSV header, an SQL script's prologue and epilogue)
 * and row ranges of tables. Parts are the unit of work on the queue, so one job spreads over every
 * instance; each is stored as it was generated, and the result is their concatenation in order,
 * byte for byte the raw stream of the same request (NDJSON for JSON jobs, CSV per table, SQL).
 */
import { outputOrder, outputTable, outputTables } from '../../workers/engine/child-tables.js';
import type { GenerationPlan } from '../../workers/engine/index.js';
import { csvHeader } from '../../workers/output/csv.js';
import type { Encoding, OutputFormat, SqlDialect } from '../../workers/output/options.js';
import { scriptEpilogue, scriptPrologue } from '../../workers/output/sql.js';
import { chunkRows } from '../generation/stream.js';

/** Rows of a part at most: a few hundred milliseconds of work, a few megabytes compressed. */
export const PART_ROWS = 50_000;
/** Worst-case bytes of a part (PlannedTable.rowBytes): wide rows make parts of fewer rows. */
export const PART_BYTES = 64 << 20;

export interface Part {
  seq: number;
  /** The table of a row range, or of a CSV header; null for the SQL script's own text. */
  table: string | null;
  start: number;
  end: number;
  /** Fixed text; undefined for a row range. */
  text?: string;
}

/** How a job of `format` stores its rows: JSON jobs as NDJSON lines, the others as themselves. */
export function storedEncoding(format: OutputFormat): Encoding {
  return format === 'json' ? 'ndjson' : format;
}

/** The parts of a job's result, in order. */
export function jobParts(plan: GenerationPlan, format: OutputFormat, dialect: SqlDialect): Part[] {
  const parts: Part[] = [];
  const text = (table: string | null, value: string) =>
    parts.push({ seq: parts.length, table, start: 0, end: 0, text: value });
  const rows = (name: string) => {
    const table =
      format === 'json' ? plan.tables.find((t) => t.name === name)! : outputTable(plan, name).table;
    const size = chunkRows(table.rowBytes, PART_BYTES, PART_ROWS);
    for (let start = 0; start < table.count; start += size) {
      parts.push({ seq: parts.length, table: name, start, end: Math.min(table.count, start + size) });
    }
  };
  if (format === 'sql') {
    text(null, scriptPrologue(dialect, plan));
    for (const name of outputOrder(plan)) rows(name);
    text(null, scriptEpilogue());
  } else {
    for (const table of format === 'csv' ? outputTables(plan).map((o) => o.table) : plan.tables) {
      if (format === 'csv') text(table.name, csvHeader(table));
      rows(table.name);
    }
  }
  return parts;
}
