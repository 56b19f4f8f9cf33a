/**
 * CSV per RFC 4180: CRLF line ends, a header row, and a field quoted (quotes doubled) when it holds a
 * comma, quote, CR or LF. NULL is an empty field and an empty string is `""`, so loaders such as
 * PostgreSQL's COPY keep them apart.
 */
import type { PlannedTable, Value } from '../engine/index.js';
import { unwritableNumber } from './number.js';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field as CSV text. */
export function csvField(value: Value): string {
  let text: string;
  switch (typeof value) {
    case 'string':
      text = value;
      if (text === '') return '""';
      break;
    case 'number':
      return Number.isFinite(value) ? String(value) : unwritableNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value === null) return '';
      text = JSON.stringify(value);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header row of a table. */
export function csvHeader(table: PlannedTable): string {
  return `${table.fields.map((field) => csvField(field.name)).join(',')}\r\n`;
}

/** Rows as CSV lines. */
export function csvChunk(rows: readonly Value[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) out += (i === 0 ? '' : ',') + csvField(row[i]!);
    out += '\r\n';
  }
  return out;
}
