/**
 * SQL scripts for PostgreSQL, MySQL/MariaDB and SQLite that run as-is on an empty database: one
 * transaction, CREATE TABLE IF NOT EXISTS with fitting column types, keys and foreign keys, then
 * multi-row INSERTs, parents first. Quoting follows each dialect's rules for identifiers and strings.
 */
import { outputOrder, outputTable } from '../engine/child-tables.js';
import type { ColumnKind, GenerationPlan, PlannedField, PlannedTable, Value } from '../engine/index.js';
import { nullCapable } from '../engine/types/derived.js';
import { unwritableNumber } from './number.js';
import { INSERT_BATCH, type SqlDialect } from './options.js';

// Types whose generators may yield null even when the field is not nullable.
/** Whether a field's values may be NULL: nullable, or of a type that yields nulls on its own. */
export function mayHoldNull(field: PlannedField): boolean {
  return field.nullable || nullCapable(field.type, field.params);
}

const COLUMN_TYPES: Record<SqlDialect, Record<ColumnKind, string>> = {
  postgres: {
    text: 'TEXT',
    integer: 'INTEGER',
    bigint: 'BIGINT',
    decimal: 'NUMERIC',
    float: 'DOUBLE PRECISION',
    boolean: 'BOOLEAN',
    uuid: 'UUID',
    date: 'DATE',
    datetime: 'TIMESTAMPTZ',
    epoch: 'BIGINT',
    time: 'TIME',
    json: 'JSONB',
  },
  mysql: {
    text: 'TEXT',
    integer: 'INT',
    bigint: 'BIGINT',
    decimal: 'DECIMAL(20,6)',
    float: 'DOUBLE',
    boolean: 'BOOLEAN',
    uuid: 'CHAR(36)',
    date: 'DATE',
    datetime: 'DATETIME(3)',
    epoch: 'BIGINT',
    time: 'TIME',
    json: 'JSON',
  },
  sqlite: {
    text: 'TEXT',
    integer: 'INTEGER',
    bigint: 'INTEGER',
    decimal: 'NUMERIC',
    float: 'REAL',
    boolean: 'INTEGER',
    uuid: 'TEXT',
    date: 'TEXT',
    datetime: 'TEXT',
    epoch: 'INTEGER',
    time: 'TEXT',
    json: 'TEXT',
  },
};

/** A quoted identifier. */
export function quoteIdentifier(dialect: SqlDialect, name: string): string {
  return dialect === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/** A quoted string literal. NUL cannot be stored in PostgreSQL or SQLite text, so it is dropped there. */
export function quoteString(dialect: SqlDialect, text: string): string {
  if (dialect === 'mysql') {
    // MySQL treats backslash as an escape character unless NO_BACKSLASH_ESCAPES is set.
    return `'${text.replace(/[\0'\\]/g, (c) => (c === "'" ? "''" : c === '\\' ? '\\\\' : '\\0'))}'`;
  }
  return `'${text.replaceAll('\0', '').replaceAll("'", "''")}'`;
}

const INTEGER_TEXT = /^-?\d{1,20}$/;

/** One value as a literal of the column's kind. */
export function sqlLiteral(dialect: SqlDialect, kind: ColumnKind, value: Value): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : unwritableNumber(value);
    case 'boolean':
      return dialect === 'sqlite' ? (value ? '1' : '0') : value ? 'TRUE' : 'FALSE';
    case 'string':
      // A sequence is a string in JSON (as the hosted service gives) and a number in its integer column.
      if ((kind === 'integer' || kind === 'bigint') && INTEGER_TEXT.test(value)) return value;
      // MySQL's DATETIME takes 'YYYY-MM-DD HH:MM:SS.fff' without a zone; our datetimes are UTC.
      if (dialect === 'mysql' && kind === 'datetime' && value.endsWith('Z')) {
        return quoteString(dialect, value.slice(0, -1).replace('T', ' '));
      }
      return quoteString(dialect, value);
    default:
      return value === null ? 'NULL' : quoteString(dialect, JSON.stringify(value));
  }
}

function isKeyColumn(table: PlannedTable, field: PlannedField): boolean {
  return (
    field.name === table.primaryKey ||
    field.unique ||
    table.foreignKeys.some((fk) => fk.field === field.name) ||
    table.uniques.some((key) => key.includes(field.name))
  );
}

function columnType(dialect: SqlDialect, table: PlannedTable, field: PlannedField): string {
  // MySQL cannot index TEXT without a prefix length, so key columns of text kind are VARCHAR.
  if (dialect === 'mysql' && field.kind === 'text' && isKeyColumn(table, field)) return 'VARCHAR(255)';
  return COLUMN_TYPES[dialect][field.kind];
}

/** Whether a foreign key can be declared: the referenced column must be the parent's key or unique. */
function referencesKey(plan: GenerationPlan, tableName: string, column: string): boolean {
  const parent = plan.tables.find((t) => t.name === tableName);
  if (!parent) return false;
  return parent.primaryKey === column || parent.fields.some((f) => f.name === column && f.unique);
}

/** CREATE TABLE IF NOT EXISTS for one table. */
export function createTable(dialect: SqlDialect, plan: GenerationPlan, table: PlannedTable): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const lines = table.fields.map((field) => {
    const notNull = !mayHoldNull(field);
    return `  ${q(field.name)} ${columnType(dialect, table, field)}${notNull ? ' NOT NULL' : ''}`;
  });
  if (table.primaryKey !== null) lines.push(`  PRIMARY KEY (${q(table.primaryKey)})`);
  for (const field of table.fields) {
    if (field.unique && field.name !== table.primaryKey) lines.push(`  UNIQUE (${q(field.name)})`);
  }
  for (const key of table.uniques) lines.push(`  UNIQUE (${key.map(q).join(', ')})`);
  for (const fk of table.foreignKeys) {
    if (referencesKey(plan, fk.table, fk.references)) {
      lines.push(`  FOREIGN KEY (${q(fk.field)}) REFERENCES ${q(fk.table)} (${q(fk.references)})`);
    }
  }
  const options = dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  return `CREATE TABLE IF NOT EXISTS ${q(table.name)} (\n${lines.join(',\n')}\n)${options};\n`;
}

/**
 * Everything before the first INSERT: header comment, session settings, BEGIN, and every CREATE TABLE
 * (child tables of arrays of records after their parents).
 */
export function scriptPrologue(dialect: SqlDialect, plan: GenerationPlan): string {
  let out = `-- Generated by mockhive (engine ${plan.engineVersion}), seed ${plan.seed}, locale ${plan.locale}, dialect ${dialect}\n`;
  if (dialect === 'mysql') out += 'SET NAMES utf8mb4;\nSTART TRANSACTION;\n';
  else if (dialect === 'sqlite') out += 'PRAGMA foreign_keys = ON;\nBEGIN TRANSACTION;\n';
  else out += 'BEGIN;\n';
  for (const name of outputOrder(plan)) out += createTable(dialect, plan, outputTable(plan, name).table);
  return out;
}

/** The end of the script. */
export function scriptEpilogue(): string {
  return 'COMMIT;\n';
}

/** Rows [start, start + rows.length) as INSERT statements; a statement holds up to INSERT_BATCH rows. */
export function sqlChunk(
  dialect: SqlDialect,
  table: PlannedTable,
  rows: readonly Value[][],
  start: number,
): string {
  const head = `INSERT INTO ${quoteIdentifier(dialect, table.name)} (${table.fields
    .map((f) => quoteIdentifier(dialect, f.name))
    .join(', ')}) VALUES\n`;
  const kinds = table.fields.map((f) => f.kind);
  let out = '';
  for (let r = 0; r < rows.length; r++) {
    const index = start + r;
    const row = rows[r]!;
    out += index % INSERT_BATCH === 0 ? head : ',\n';
    out += '(';
    for (let i = 0; i < row.length; i++)
      out += (i === 0 ? '' : ', ') + sqlLiteral(dialect, kinds[i]!, row[i]!);
    out += ')';
    if ((index + 1) % INSERT_BATCH === 0 || index + 1 === table.count) out += ';\n';
  }
  return out;
}
