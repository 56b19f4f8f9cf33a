/**
 * The bounded preview an MCP tool answers a generation with: the first rows of every table, in the
 * requested format, at most PREVIEW_ROWS a table and PREVIEW_BYTES in all (docs/mcp.md). Rows are a
 * pure function of (seed, table, field, row), so a preview's rows are the first rows of the full
 * result of the same request and seed, generated on their own: a preview costs the rows it shows.
 */
import type { GenerationPlan } from '../../../workers/engine/index.js';
import { csvHeader } from '../../../workers/output/csv.js';
import type { EncodeOptions, OutputFormat, SqlDialect } from '../../../workers/output/options.js';
import { scriptEpilogue, scriptPrologue } from '../../../workers/output/sql.js';
import type { GenerationPool } from '../../generation/pool.js';
import {
  CHUNK_BYTES,
  INLINE_CHUNK_BYTES,
  type Piece,
  streamPieces,
  tablePieces,
} from '../../generation/stream.js';

/** Rows of each table a preview shows at most. */
export const PREVIEW_ROWS = 10;
/** Bytes (UTF-8) of a preview's `data` or `sql` as JSON, at most. */
export const PREVIEW_BYTES = 16 * 1024;
/** Worst-case bytes generated for one preview: long rows make previews of fewer rows. */
const PREVIEW_WORST_BYTES = 4 << 20;
/** Rows per table tried in turn until the preview fits PREVIEW_BYTES. */
const ROW_STEPS = [PREVIEW_ROWS, 5, 2, 1, 0];

/** A preview: the envelope's `data` (json, csv) or `sql`, and the rows it holds by table. */
export interface Preview {
  body: { data: Record<string, unknown> } | { sql: string } | undefined;
  rows: Record<string, number>;
  /** Every row of every table is in the preview. */
  complete: boolean;
  bytes: number;
}

/** The preview of a plan in `format`: the most rows per table (of ROW_STEPS) that fit the caps. */
export async function generatePreview(
  plan: GenerationPlan,
  format: OutputFormat,
  dialect: SqlDialect,
  pool: GenerationPool,
): Promise<Preview> {
  for (const step of ROW_STEPS) {
    const rows = rowsPerTable(plan, step);
    const body = await render(plan, format, dialect, rows, pool);
    const bytes = Buffer.byteLength(JSON.stringify(body));
    if (bytes <= PREVIEW_BYTES) {
      const complete = plan.tables.every((t) => rows[t.name] === t.count);
      return { body, rows, complete, bytes };
    }
  }
  // Even the tables' names, headers or DDL pass the cap: nothing to show but the instructions.
  return { body: undefined, rows: rowsPerTable(plan, 0), complete: false, bytes: 0 };
}

/** At most `step` rows a table, fewer where rows are long, within PREVIEW_WORST_BYTES in all. */
function rowsPerTable(plan: GenerationPlan, step: number): Record<string, number> {
  // Keyed by table names: without a prototype, a table named __proto__ is a key like any other.
  const rows = Object.create(null) as Record<string, number>;
  let budget = PREVIEW_WORST_BYTES;
  for (const table of plan.tables) {
    const fit = Math.floor(budget / table.rowBytes);
    const count = Math.max(0, Math.min(step, table.count, fit));
    rows[table.name] = count;
    budget -= count * table.rowBytes;
  }
  return rows;
}

/** The preview's body: records by table (json), CSV text by table, or an SQL script. */
async function render(
  plan: GenerationPlan,
  format: OutputFormat,
  dialect: SqlDialect,
  rows: Record<string, number>,
  pool: GenerationPool,
): Promise<{ data: Record<string, unknown> } | { sql: string }> {
  if (format === 'sql') {
    const options: EncodeOptions = { encoding: 'sql', dialect, jsonEscape: false };
    const pieces: Piece[] = [{ text: scriptPrologue(dialect, plan) }];
    for (const name of plan.order) pieces.push(...ranges(plan, name, rows, options));
    pieces.push({ text: scriptEpilogue() });
    return { sql: await collect(plan, rows, pieces, pool) };
  }
  const data = Object.create(null) as Record<string, unknown>;
  for (const table of plan.tables) {
    const options: EncodeOptions = {
      encoding: format === 'csv' ? 'csv' : 'ndjson',
      dialect,
      jsonEscape: false,
    };
    const text = await collect(plan, rows, ranges(plan, table.name, rows, options), pool);
    data[table.name] =
      format === 'csv'
        ? csvHeader(table) + text
        : text
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => (JSON.parse(line) as { record: unknown }).record);
  }
  return { data };
}

/** The chunk tasks of a table's first rows; chunks small enough for the event loop when rows are. */
function ranges(
  plan: GenerationPlan,
  name: string,
  rows: Record<string, number>,
  options: EncodeOptions,
): Piece[] {
  const to = rows[name] ?? 0;
  if (to === 0) return [];
  return [...tablePieces(plan, name, options, budgetOf(plan, rows), { from: 0, to })];
}

/** Rows no longer than an inline chunk run on the event loop, as small requests do; others in threads. */
function budgetOf(plan: GenerationPlan, rows: Record<string, number>): number {
  return inline(plan, rows) ? INLINE_CHUNK_BYTES : CHUNK_BYTES;
}

function inline(plan: GenerationPlan, rows: Record<string, number>): boolean {
  return plan.tables.every((t) => rows[t.name] === 0 || t.rowBytes <= INLINE_CHUNK_BYTES);
}

/** Runs pieces and returns their text. */
async function collect(
  plan: GenerationPlan,
  rows: Record<string, number>,
  pieces: Piece[],
  pool: GenerationPool,
): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of streamPieces(pieces, pool, { inline: inline(plan, rows) })) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString('utf8');
}
