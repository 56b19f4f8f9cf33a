/**
 * CSV and SQL rows of the tables those formats write (workers/engine/child-tables.ts): a plan table
 * as it is, a parent without its arrays of records, or a child table of one such array, whose rows
 * are read from the parent's generated rows. A child's INSERT statements are cut per parent row (up
 * to INSERT_BATCH elements each), so they too are the same in any chunking.
 */
import { forEachChildRow, type OutputTable } from '../engine/child-tables.js';
import type { Value } from '../engine/index.js';
import { csvChunk } from './csv.js';
import { INSERT_BATCH, type SqlDialect } from './options.js';
import { csvRows, type RowEncoder, sqlCells, sqlInsertHead, sqlRows } from './rows.js';
import { sqlChunk, sqlLiteral } from './sql.js';

/** The fast encoder of one source row (of `output.source`) into `output`'s text. */
export function relationalRows(
  output: OutputTable,
  encoding: 'csv' | 'sql',
  dialect: SqlDialect,
): RowEncoder {
  const { table, columns, child } = output;
  if (child !== null) {
    const values: Value[] = new Array<Value>(table.fields.length).fill(null);
    if (encoding === 'csv') {
      const line = csvRows(table);
      return (source) => {
        let out = '';
        forEachChildRow(child, source, values, (v) => (out += line(v, 0)));
        return out;
      };
    }
    const head = sqlInsertHead(dialect, table);
    const cells = sqlCells(dialect, table);
    return (source) => {
      let out = '';
      let n = 0;
      forEachChildRow(child, source, values, (v) => {
        out += n % INSERT_BATCH === 0 ? `${n === 0 ? '' : ');\n'}${head}(` : '),\n(';
        out += cells(v);
        n++;
      });
      return n === 0 ? out : `${out});\n`;
    };
  }
  const encode = encoding === 'csv' ? csvRows(table) : sqlRows(dialect, table);
  if (columns === null) return encode;
  const picked: Value[] = new Array<Value>(columns.length).fill(null);
  return (source, row) => {
    for (let i = 0; i < columns.length; i++) picked[i] = source[columns[i]!]!;
    return encode(picked, row);
  };
}

/** The reference encoder's text of `rows` (source rows from `start`) for `output`. */
export function relationalChunk(
  output: OutputTable,
  rows: readonly Value[][],
  start: number,
  encoding: 'csv' | 'sql',
  dialect: SqlDialect,
): string {
  const { table, columns, child } = output;
  if (child === null) {
    const picked = columns === null ? rows : rows.map((r) => columns.map((i) => r[i]!));
    return encoding === 'csv' ? csvChunk(picked) : sqlChunk(dialect, table, picked, start);
  }
  const width = table.fields.length;
  let out = '';
  for (const source of rows) {
    const children: Value[][] = [];
    forEachChildRow(child, source, new Array<Value>(width).fill(null), (v) => children.push([...v]));
    if (encoding === 'csv') {
      out += csvChunk(children);
      continue;
    }
    for (let i = 0; i < children.length; i += INSERT_BATCH) {
      const batch = children.slice(i, i + INSERT_BATCH);
      out += sqlInsertHead(dialect, table);
      out += batch
        .map((r) => `(${r.map((v, c) => sqlLiteral(dialect, table.fields[c]!.kind, v)).join(', ')})`)
        .join(',\n');
      out += ';\n';
    }
  }
  return out;
}
