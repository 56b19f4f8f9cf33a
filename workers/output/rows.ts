/**
 * The fast row encoders: one string per row, each cell encoded inline by its value's type (one
 * monomorphic loop, no per-column closures on the hot path).
 * Values of kind uuid, date, datetime and time are ASCII digits, letters and `-:.TZ` (test/output/
 * fast-encoders.test.ts checks every such type), and types may promise plain values for some formats
 * (FieldType.plainIn, held by test/engine/plain-types.test.ts): such columns skip CSV quoting and
 * JSON/SQL escaping. Other text takes one regex test and falls back to the reference encoders
 * (csv.ts, json.ts, sql.ts) only when a character needs it. Non-integer numbers go through
 * gridFormatter (number.ts), which writes String(x)'s bytes without its slow shortest-digits search. The bytes are the reference encoders' by
 * construction.
 */
import {
  type ColumnKind,
  FIELD_TYPES,
  type PlainFormat,
  type PlannedTable,
  type Value,
} from '../engine/index.js';
import { csvField } from './csv.js';
import { jsonKeys, jsonValue } from './json.js';
import { columnPrecision, gridFormatter } from './number.js';
import { INSERT_BATCH, type SqlDialect } from './options.js';
import { quoteIdentifier, quoteString, sqlLiteral } from './sql.js';

/** A row's values to its text. */
export type RowEncoder = (values: readonly Value[], row: number) => string;

/** Kinds whose string values never need quoting or escaping in any format. */
export const PLAIN_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['uuid', 'date', 'datetime', 'time']);

// Characters that JSON.stringify escapes (lone surrogates too: any surrogate takes the slow path).
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const JSON_SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;
const CSV_SPECIAL = /[",\r\n]/;
const SQL_SPECIAL = /['\0]/;
const MYSQL_SPECIAL = /['\0\\]/;

/** Per column: whether its strings never need `format`'s escaping (a plain kind, or its type's promise). */
function plainColumns(table: PlannedTable, format: PlainFormat): boolean[] {
  return table.fields.map(
    (f) => PLAIN_KINDS.has(f.kind) || (FIELD_TYPES.get(f.type)?.plainIn?.includes(format) ?? false),
  );
}

/** Per column: String(x) for its finite non-integer numbers (gridFormatter's, for number kinds). */
function numberFormats(table: PlannedTable): ((x: number) => string)[] {
  return table.fields.map((f) => gridFormatter(columnPrecision(f.kind, f.params)));
}

/** CSV lines, CRLF-terminated (csvChunk's). */
export function csvRows(table: PlannedTable): RowEncoder {
  const plain = plainColumns(table, 'csv');
  const formats = numberFormats(table);
  const width = plain.length;
  return (values) => {
    let out = '';
    for (let i = 0; i < width; i++) {
      const v = values[i]!;
      let cell: string;
      if (typeof v === 'string') {
        cell = v !== '' && (plain[i] || !CSV_SPECIAL.test(v)) ? v : csvField(v);
      } else if (typeof v === 'number' && Number.isFinite(v)) {
        cell = Number.isInteger(v) ? String(v) : formats[i]!(v);
      } else {
        cell = csvField(v);
      }
      out = i === 0 ? cell : `${out},${cell}`;
    }
    return `${out}\r\n`;
  };
}

/** JSON records (jsonRecord's), each preceded by a comma unless it is row 0. */
export function jsonRows(table: PlannedTable): RowEncoder {
  const keys = jsonKeys(table);
  const plain = plainColumns(table, 'json');
  const formats = numberFormats(table);
  const width = plain.length;
  return (values, row) => {
    let out = row > 0 ? ',' : '';
    for (let i = 0; i < width; i++) {
      const v = values[i]!;
      let cell: string;
      if (typeof v === 'string') {
        cell = plain[i] || !JSON_SPECIAL.test(v) ? `"${v}"` : jsonValue(v);
      } else if (typeof v === 'number' && Number.isFinite(v)) {
        cell = Number.isInteger(v) ? String(v) : formats[i]!(v);
      } else {
        cell = jsonValue(v);
      }
      out += keys[i]! + cell;
    }
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
  const head = sqlInsertHead(dialect, table);
  const cells = sqlCells(dialect, table);
  const count = table.count;
  return (values, row) => {
    const out = (row % INSERT_BATCH === 0 ? `${head}(` : ',\n(') + cells(values);
    return (row + 1) % INSERT_BATCH === 0 || row + 1 === count ? `${out});\n` : `${out})`;
  };
}

/** `INSERT INTO t (columns) VALUES` and a line end. */
export function sqlInsertHead(dialect: SqlDialect, table: PlannedTable): string {
  return `INSERT INTO ${quoteIdentifier(dialect, table.name)} (${table.fields
    .map((f) => quoteIdentifier(dialect, f.name))
    .join(', ')}) VALUES\n`;
}

/** A row's SQL literals, comma-separated, without the parentheses around them. */
export function sqlCells(dialect: SqlDialect, table: PlannedTable): (values: readonly Value[]) => string {
  const kinds = table.fields.map((f) => f.kind);
  // MySQL datetimes are rewritten (sqlLiteral), so they take the generic path.
  const plain = plainColumns(table, 'sql').map(
    (p, i) => p && !(dialect === 'mysql' && kinds[i] === 'datetime'),
  );
  // A sequence's digits (a JSON string) in an integer column go through sqlLiteral, unquoted.
  const generic = kinds.map(
    (k) => (dialect === 'mysql' && k === 'datetime') || k === 'integer' || k === 'bigint',
  );
  const formats = numberFormats(table);
  const special = dialect === 'mysql' ? MYSQL_SPECIAL : SQL_SPECIAL;
  const width = kinds.length;
  return (values) => {
    let out = '';
    for (let i = 0; i < width; i++) {
      const v = values[i]!;
      let cell: string;
      if (typeof v === 'string' && !generic[i]) {
        cell = plain[i] || !special.test(v) ? `'${v}'` : quoteString(dialect, v);
      } else if (typeof v === 'number' && Number.isFinite(v)) {
        cell = Number.isInteger(v) ? String(v) : formats[i]!(v);
      } else {
        cell = sqlLiteral(dialect, kinds[i]!, v);
      }
      out = i === 0 ? cell : `${out}, ${cell}`;
    }
    return out;
  };
}
