/**
 * Worst-case output sizes, known before anything is generated. Every field type declares the most
 * bytes one of its values can take (FieldType.maxBytes); the compiler adds them up per row and per
 * table, so a request's largest cell, row and response are bounded by its plan alone. Chunks are sized
 * from these bounds, and the service refuses a plan whose bounds pass its allowance.
 *
 * A value's bytes are counted in its largest output: a JSON value, a CSV field, an SQL literal of any
 * dialect, or CSV or SQL text escaped again inside the JSON envelope (`{"data":{"t":"a,b\r\n…"}}`).
 * test/engine/types-size.test.ts holds every type to its bound with the real encoders.
 */
import type { Value } from './field-type.js';
import type { GenerationPlan, PlannedTable } from './plan.js';

/** The most bytes the quotes around one value take: `\"…\"` (a quoted CSV field inside the envelope). */
export const QUOTE_BYTES = 4;

/**
 * The most bytes of `text` in any output, without the quotes around it. Per UTF-16 unit: a control
 * character 6 (`\u0001` in JSON), `"` and `\` 4 (`""` in CSV then `\"\"` in the envelope; `\\` in
 * MySQL then `\\\\`), `'` 2 (`''` in SQL), a lone surrogate 6 (`\ud800`), else its UTF-8 bytes.
 */
export function textCost(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) bytes += 6;
    else if (c === 0x22 || c === 0x5c) bytes += 4;
    else if (c === 0x27) bytes += 2;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4; // a pair: one 4-byte character
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The largest textCost of a list's entries. */
export function longestCost(list: readonly string[]): number {
  let max = 0;
  for (const entry of list) max = Math.max(max, textCost(entry));
  return max;
}

/** The largest textCost of one UTF-16 unit in any entry of the lists (for text cut at a length). */
export function unitCost(...lists: readonly (readonly string[])[]): number {
  let max = 1;
  for (const list of lists) for (const entry of list) for (const c of entry) max = Math.max(max, textCost(c));
  return max;
}

/**
 * The most bytes of a value whose JSON text takes `jsonBytes` UTF-8 bytes (arrays, objects): JSON
 * text holds no raw control character or lone surrogate, so quoting it again costs at most 4 bytes a
 * byte (`"` becomes `\"\"` in a CSV field inside the envelope).
 */
export function jsonTextBytes(jsonBytes: number): number {
  return 4 * jsonBytes + QUOTE_BYTES;
}

/** The most bytes of one given value (an enum's values, a constant). */
export function valueBytes(value: Value | undefined): number {
  if (typeof value === 'string') return textCost(value) + QUOTE_BYTES;
  if (typeof value === 'number' || typeof value === 'boolean') return Math.max(String(value).length, 5);
  if (value === null || value === undefined) return 4;
  return jsonTextBytes(Buffer.byteLength(JSON.stringify(value)));
}

/** Bytes of a cell's NULL in any output (`NULL`, `null`). */
export const NULL_BYTES = 4;

/** The most bytes of one cell that holds nothing larger than SHORT_TEXT_BYTES: names, cities, codes. */
export const SHORT_TEXT_BYTES = 256;

/**
 * Hard bounds for every request and every tier, internal included: a chunk holds at least one row and
 * is written into one buffer, so a row must stay far below what a buffer or a string can hold.
 */
export const ENGINE_LIMITS = {
  cell: 16 << 20, // 16 MiB: a long_string of a million characters, with room
  row: 64 << 20, // 64 MiB
} as const;

/** Per-row overhead around a table's cells: the NDJSON tag, braces, separators, line ends. */
export function rowOverhead(tableName: string): number {
  return textCost(tableName) + 64;
}

/** Per-cell overhead besides the value: the JSON key (`,"name":`), separators and padding. */
export function cellOverhead(fieldName: string): number {
  return textCost(fieldName) + QUOTE_BYTES + 8;
}

/** What a table adds once besides its rows: CREATE TABLE, the CSV header, an INSERT head per batch. */
export function tableOverhead(tableName: string, fieldNames: readonly string[]): number {
  let names = 0;
  for (const name of fieldNames) names += cellOverhead(name) + 64; // a column definition, constraints
  return 2 * (rowOverhead(tableName) + names) + 1024;
}

/** A plan's worst cases: its largest value and row, and its whole output. */
export interface PlanSize {
  value: { table: number; field: number; bytes: number };
  row: { table: number; bytes: number };
  total: number;
}

/** The worst-case sizes of a compiled plan. */
export function planSize(plan: GenerationPlan): PlanSize {
  const size: PlanSize = {
    value: { table: 0, field: 0, bytes: 0 },
    row: { table: 0, bytes: 0 },
    total: 4096,
  };
  plan.tables.forEach((table, t) => {
    table.fields.forEach((field, f) => {
      if (field.maxBytes > size.value.bytes) size.value = { table: t, field: f, bytes: field.maxBytes };
    });
    if (table.rowBytes > size.row.bytes) size.row = { table: t, bytes: table.rowBytes };
    size.total +=
      table.count * (table.rowBytes + childBytes(table)) +
      tableOverhead(
        table.name,
        table.fields.map((f) => f.name),
      );
  });
  return size;
}

/**
 * What CSV and SQL add per row of `table` in child tables (child-tables.ts), besides the elements
 * the row's arrays of records already count: each element's copy of the key, its position, the
 * element's cell overheads and an INSERT head per row.
 */
function childBytes(table: PlannedTable): number {
  const key = table.fields.find((f) => f.name === table.primaryKey);
  if (key === undefined) return 0;
  let bytes = 0;
  for (const field of table.fields) {
    if (field.type !== 'array' || field.params['of'] !== 'object') continue;
    const inner = field.params['params'] as { properties?: object } | undefined;
    const names = Object.keys(inner?.properties ?? {});
    const max = typeof field.params['max'] === 'number' ? field.params['max'] : 5;
    let perItem = key.maxBytes + 16 + rowOverhead(table.name + field.name) + 2 * cellOverhead(key.name);
    for (const name of names) perItem += cellOverhead(name) + 8;
    // Per row: its elements' extra cells and an INSERT head; a child table's DDL and header once.
    bytes +=
      max * perItem + perItem + tableOverhead(table.name + field.name, names) / Math.max(1, table.count);
  }
  return Math.ceil(bytes);
}

/** Allowances in bytes; null: only ENGINE_LIMITS apply. */
export interface SizeLimits {
  value: number | null;
  row: number | null;
  total: number | null;
}

/** Which allowance a plan passes, by how much, and where (a request path). */
export interface SizeExcess {
  limit: keyof SizeLimits;
  bytes: number;
  allowed: number;
  /** Whose allowance: the plan's, or ENGINE_LIMITS (every request's). */
  by: 'plan' | 'engine';
  path: string;
}

/** The first allowance `size` passes (ENGINE_LIMITS apply to every request), or null. */
export function sizeExcess(plan: GenerationPlan, size: PlanSize, limits: SizeLimits): SizeExcess | null {
  const bound = (own: number | null, engine: number) =>
    own !== null && own < engine
      ? { allowed: own, by: 'plan' as const }
      : { allowed: engine, by: 'engine' as const };
  const value = bound(limits.value, ENGINE_LIMITS.cell);
  if (size.value.bytes > value.allowed) {
    const { table, field, bytes } = size.value;
    const name = plan.tables[table]!.fields[field]!.name;
    return { limit: 'value', bytes, ...value, path: `tables[${table}].fields[${field}] (${name})` };
  }
  const row = bound(limits.row, ENGINE_LIMITS.row);
  if (size.row.bytes > row.allowed) {
    const { table, bytes } = size.row;
    return { limit: 'row', bytes, ...row, path: `tables[${table}] (${plan.tables[table]!.name})` };
  }
  if (limits.total !== null && size.total > limits.total) {
    return { limit: 'total', bytes: size.total, allowed: limits.total, by: 'plan', path: 'tables' };
  }
  return null;
}
