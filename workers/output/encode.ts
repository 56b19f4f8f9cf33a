/** Encodes one chunk of generated rows for the requested output; pure, runs in worker threads. */
import { generateRows, type Plan } from '../engine/index.js';
import { csvChunk } from './csv.js';
import { jsonChunk, ndjsonChunk } from './json.js';
import type { EncodeOptions } from './options.js';
import { sqlChunk } from './sql.js';

/** A table's row range to generate and encode. */
export interface ChunkTask {
  plan: Plan;
  table: string;
  start: number;
  end: number;
  options: EncodeOptions;
}

/** Text embedded in a JSON string literal, without the surrounding quotes. */
export function jsonStringBody(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Generates rows [start, end) of a table and encodes them as text. */
export function encodeChunk(task: ChunkTask): string {
  const { plan, table: name, start, end, options } = task;
  const table = plan.tables.find((t) => t.name === name);
  if (!table) throw new Error(`No table ${name} in the plan`);
  const rows = generateRows(plan, name, start, end);
  let text: string;
  switch (options.encoding) {
    case 'json':
      return jsonChunk(table, rows, start);
    case 'ndjson':
      return ndjsonChunk(table, rows);
    case 'csv':
      text = csvChunk(rows);
      break;
    case 'sql':
      text = sqlChunk(options.dialect, table, rows, start);
      break;
  }
  return options.jsonEscape ? jsonStringBody(text) : text;
}
