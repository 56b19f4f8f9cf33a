/** JSON encoding of records: objects with the table's field order, built without intermediate objects. */
import type { PlannedTable, Value } from '../engine/index.js';
import { unwritableNumber } from './number.js';

/** A value as JSON text; a non-finite number (never generated) throws rather than turn into null. */
export function jsonValue(value: Value): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : unwritableNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value === null ? 'null' : JSON.stringify(value);
  }
}

/** `"name":` prefixes of a table's fields, computed once per chunk. */
export function jsonKeys(table: PlannedTable): string[] {
  return table.fields.map((field, i) => `${i === 0 ? '{' : ','}${JSON.stringify(field.name)}:`);
}

/** One record as a JSON object. */
export function jsonRecord(keys: readonly string[], row: readonly Value[]): string {
  let out = '';
  for (let i = 0; i < keys.length; i++) out += keys[i]! + jsonValue(row[i]!);
  return `${out}}`;
}

/** Records of rows [start, start + rows.length), comma-separated, with a leading comma unless first. */
export function jsonChunk(table: PlannedTable, rows: readonly Value[][], start: number): string {
  const keys = jsonKeys(table);
  let out = '';
  for (let r = 0; r < rows.length; r++) {
    if (start + r > 0) out += ',';
    out += jsonRecord(keys, rows[r]!);
  }
  return out;
}

/** Newline-delimited records, each tagged with its table: `{"table":"users","record":{...}}`. */
export function ndjsonChunk(table: PlannedTable, rows: readonly Value[][]): string {
  const keys = jsonKeys(table);
  const prefix = `{"table":${JSON.stringify(table.name)},"record":`;
  let out = '';
  for (const row of rows) out += `${prefix}${jsonRecord(keys, row)}}\n`;
  return out;
}
