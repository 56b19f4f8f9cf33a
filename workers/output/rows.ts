/**
 * The fast row encoders: one string per row, with a cell encoder chosen once per column by its kind.
 * Values of kind uuid, date, datetime and time are ASCII digits, letters and `-:.TZ` (test/output/
 * fast-encoders.test.ts checks every such type), so they skip CSV quoting and JSON/SQL escaping; text
 * takes one regex test and falls back to the reference encoders (csv.ts, json.ts, sql.ts) only when a
 * character needs it. The bytes are the reference encoders' by construction.
 */
import type { ColumnKind, PlannedTable, Value } from '../engine/index.js';
import { csvField } from './csv.js';
import { jsonKeys, jsonValue } from './json.js';
import { INSERT_BATCH, type SqlDialect } from './options.js';
import { quoteIdentifier, quoteString, sqlLiteral } from './sql.js';

/** A row's values to its text. */
export type RowEncoder = (values: readonly Value[], row: number) => string;
type Cell = (value: Value) => string;

/** Kinds whose string values never need quoting or escaping in any format. */
export const PLAIN_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['uuid', 'date', 'datetime', 'time']);

// Characters that JSON.stringify escapes (lone surrogates too: any surrogate takes the slow path).
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const JSON_SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;
const SQL_SPECIAL = /['\0]/;
const MYSQL_SPECIAL = /['\0\\]/;

function csvCell(kind: ColumnKind): Cell {
  if (PLAIN_KINDS.has(kind)) return (v) => (typeof v === 'string' && v !== '' ? v : csvField(v));
  return csvField;
}

function jsonCell(kind: ColumnKind): Cell {
  if (PLAIN_KINDS.has(kind)) return (v) => (typeof v === 'string' ? `"${v}"` : jsonValue(v));
  return (v) => (typeof v === 'string' && !JSON_SPECIAL.test(v) ? `"${v}"` : jsonValue(v));
}

function sqlCell(dialect: SqlDialect, kind: ColumnKind): Cell {
  if (dialect === 'mysql' && kind === 'datetime') return (v) => sqlLiteral(dialect, kind, v);
  if (PLAIN_KINDS.has(kind)) return (v) => (typeof v === 'string' ? `'${v}'` : sqlLiteral(dialect, kind, v));
  const special = dialect === 'mysql' ? MYSQL_SPECIAL : SQL_SPECIAL;
  return (v) =>
    typeof v !== 'string'
      ? sqlLiteral(dialect, kind, v)
      : special.test(v)
        ? quoteString(dialect, v)
        : `'${v}'`;
}

/** CSV lines, CRLF-terminated (csvChunk's). */
export function csvRows(table: PlannedTable): RowEncoder {
  const cells = table.fields.map((f) => csvCell(f.kind));
  const width = cells.length;
  return (values) => {
    let out = cells[0]!(values[0]!);
    for (let i = 1; i < width; i++) out += `,${cells[i]!(values[i]!)}`;
    return `${out}\r\n`;
  };
}

/** JSON records (jsonRecord's), each preceded by a comma unless it is row 0. */
export function jsonRows(table: PlannedTable): RowEncoder {
  const keys = jsonKeys(table);
  const cells = table.fields.map((f) => jsonCell(f.kind));
  const width = cells.length;
  return (values, row) => {
    let out = row > 0 ? ',' : '';
    for (let i = 0; i < width; i++) out += keys[i]! + cells[i]!(values[i]!);
    return `${out}}`;
  };
}

/** NDJSON lines (ndjsonChunk's). */
export function ndjsonRows(table: PlannedTable): RowEncoder {
  const record = jsonRows(table);
  const prefix = `{"table":${JSON.stringify(table.name)},"record":`;
  return (values) => `${prefix}${record(values, 0)}}\n`;
}

/** INSERT statements of up to INSERT_BATCH rows, aligned to absolute row indices (sqlChunk's). */
export function sqlRows(dialect: SqlDialect, table: PlannedTable): RowEncoder {
  const head = `INSERT INTO ${quoteIdentifier(dialect, table.name)} (${table.fields
    .map((f) => quoteIdentifier(dialect, f.name))
    .join(', ')}) VALUES\n`;
  const cells = table.fields.map((f) => sqlCell(dialect, f.kind));
  const width = cells.length;
  const count = table.count;
  return (values, row) => {
    let out = `${row % INSERT_BATCH === 0 ? head : ',\n'}(${cells[0]!(values[0]!)}`;
    for (let i = 1; i < width; i++) out += `, ${cells[i]!(values[i]!)}`;
    return (row + 1) % INSERT_BATCH === 0 || row + 1 === count ? `${out});\n` : `${out})`;
  };
}
