/**
 * One SQL column → one field: the SQL type says what is stored (text, integer, decimal with scale,
 * date, ...), the column name says what it means (`email`, `price`, `first_name`); constraints add
 * enums (ENUM, CHECK IN), ranges (CHECK BETWEEN, >=, <=), ids (SERIAL, AUTO_INCREMENT, IDENTITY,
 * INTEGER PRIMARY KEY) and nullability (NOT NULL absent).
 */
import { NUMBERING_TYPES } from '../../workers/engine/index.js';
import type { DraftField } from './model.js';
import { type Inferred, typeFromName, typeOfClass, uniqueCapable, type ValueClass } from './naming.js';

/** What the parser told us about a column. */
export interface ColumnInfo {
  name: string;
  dataType: string;
  length: number | undefined;
  scale: number | undefined;
  suffix: string[];
  array: boolean;
  enumValues: (string | number)[] | undefined;
  notNull: boolean;
  autoIncrement: boolean;
  defaultCall: string | undefined;
  ref?: { table: string; field: string | undefined };
}

/** The table-level facts a column's field depends on. */
export interface ColumnContext {
  table: string;
  primaryKey: boolean;
  inCompositeKey: boolean;
  unique: boolean;
  checks: Record<string, unknown>[];
  enumType: (string | number)[] | undefined;
}

const SQL_CLASSES: [RegExp, ValueClass][] = [
  [/^(SMALLSERIAL|SERIAL|BIGSERIAL|SERIAL[248])$/, 'integer'],
  [/^(INT|INTEGER|BIGINT|SMALLINT|MEDIUMINT|TINYINT|INT[248]|UNSIGNED|YEAR)$/, 'integer'],
  [/^(DECIMAL|NUMERIC|NUMBER|DEC|MONEY|SMALLMONEY|FIXED)$/, 'decimal'],
  [/^(REAL|FLOAT|FLOAT[48]|DOUBLE|DOUBLE ?PRECISION)$/, 'float'],
  [/^(BOOL|BOOLEAN|BIT)$/, 'boolean'],
  [/^DATE$/, 'date'],
  [/^(TIMESTAMP|TIMESTAMPTZ|DATETIME|DATETIME2|SMALLDATETIME|DATETIMEOFFSET)$/, 'datetime'],
  [/^(TIME|TIMETZ)$/, 'time'],
  [/^(UUID|UNIQUEIDENTIFIER)$/, 'uuid'],
  [/^(JSON|JSONB)$/, 'json'],
  [
    /^(TEXT|VARCHAR|CHAR|CHARACTER|CHARACTER ?VARYING|NVARCHAR|NCHAR|CLOB|STRING|CITEXT|TINYTEXT|MEDIUMTEXT|LONGTEXT|VARCHAR2|NTEXT)$/,
    'text',
  ],
];

const SPECIAL_TYPES: Record<string, Inferred> = {
  INTERVAL: { type: 'duration' },
  INET: { type: 'ip_address' },
  CIDR: { type: 'ip_address' },
  MACADDR: { type: 'mac_address' },
  BYTEA: { type: 'hash_sha256' },
  BLOB: { type: 'hash_sha256' },
  BINARY: { type: 'hash_sha256' },
  VARBINARY: { type: 'hash_sha256' },
  LONGBLOB: { type: 'hash_sha256' },
  XML: { type: 'paragraph' },
};

function baseType(column: ColumnInfo): string {
  return column.dataType.toUpperCase().replace(/\[\]$/, '').trim();
}

/** The value class of a SQL type. */
export function sqlClass(column: ColumnInfo): ValueClass {
  const base = baseType(column);
  if (base === 'TINYINT' && column.length === 1) return 'boolean';
  if (base === 'BIT' && column.length !== undefined && column.length > 1) return 'integer';
  return SQL_CLASSES.find(([re]) => re.test(base))?.[1] ?? 'any';
}

function textType(column: ColumnInfo): Inferred {
  const length = column.length;
  if (length === undefined) return { type: /CHAR/.test(baseType(column)) ? 'words' : 'text' };
  if (length <= 24) return { type: 'word' };
  if (length <= 120) return { type: 'words' };
  return { type: 'sentence' };
}

function decimalParams(column: ColumnInfo): Record<string, unknown> {
  const precision = Math.min(10, Math.max(0, column.scale ?? 2));
  const digits = column.length === undefined ? 6 : Math.max(1, column.length - (column.scale ?? 0));
  return { min: 0, max: Math.min(10_000, 10 ** Math.min(digits, 15) - 1), precision };
}

function columnRef(node: unknown): string {
  const n = node as Record<string, unknown> | undefined;
  if (n?.['type'] !== 'column_ref') return '';
  const column = n['column'];
  if (typeof column === 'string') return column;
  const expr = (column as Record<string, unknown> | undefined)?.['expr'] as
    Record<string, unknown> | undefined;
  return typeof expr?.['value'] === 'string' ? expr['value'] : '';
}

function literal(node: unknown): string | number | undefined {
  const value = (node as Record<string, unknown> | undefined)?.['value'];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

const MAX_CHECK_DEPTH = 64;

/** Enum values and numeric bounds that CHECK constraints put on `name`. */
function readChecks(name: string, checks: Record<string, unknown>[]) {
  const lower = name.toLowerCase();
  const found: { values?: (string | number)[]; min?: number; max?: number } = {};
  const equalities: (string | number)[] = [];
  // A check nested deeper than any real one (thousands of ANDs) is not read, rather than overflow the stack.
  const visit = (node: Record<string, unknown> | undefined, depth = 0): boolean => {
    if (node?.['type'] !== 'binary_expr' || depth > MAX_CHECK_DEPTH) return false;
    const op = String(node['operator']).toUpperCase();
    const left = node['left'] as Record<string, unknown>;
    const right = node['right'] as Record<string, unknown>;
    if (op === 'AND') return visit(left, depth + 1) && visit(right, depth + 1);
    if (op === 'OR') {
      const before = equalities.length;
      const ok = visit(left, depth + 1) && visit(right, depth + 1);
      if (!ok) equalities.length = before;
      return ok;
    }
    if (columnRef(left).toLowerCase() !== lower) return false;
    const list =
      right?.['type'] === 'expr_list' && Array.isArray(right['value'])
        ? (right['value'] as unknown[]).map(literal)
        : [];
    if (op === 'IN' && list.length > 0 && list.every((v) => v !== undefined))
      found.values = list as (string | number)[];
    else if (op === 'BETWEEN' && typeof list[0] === 'number' && typeof list[1] === 'number') {
      found.min = list[0];
      found.max = list[1];
    } else if (op === '=' && literal(right) !== undefined) equalities.push(literal(right) as string | number);
    else if ((op === '>=' || op === '>') && typeof literal(right) === 'number')
      found.min = literal(right) as number;
    else if ((op === '<=' || op === '<') && typeof literal(right) === 'number')
      found.max = literal(right) as number;
    else return false;
    return true;
  };
  for (const check of checks) visit(check);
  if (found.values === undefined && equalities.length > 1) found.values = equalities;
  return found;
}

function singular(name: string): string {
  return name.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
}

function identifierType(column: ColumnInfo, value: ValueClass, table: string): Inferred {
  if (value === 'uuid') return { type: 'uuid' };
  if (value === 'integer' || value === 'decimal' || value === 'any')
    return { type: 'id', params: { start: 1 } };
  const byName = typeFromName(column.name, 'text', table);
  if (byName !== undefined && uniqueCapable(byName.type)) return byName;
  if (/(^|_)id$/i.test(column.name) || column.length === 36) return { type: 'uuid' };
  const prefix =
    column.name
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 6)
      .toUpperCase() || 'ID';
  return { type: 'sequence', params: { start: 1, prefix: `${prefix}-`, pad: 6 } };
}

function valueType(column: ColumnInfo, value: ValueClass, table: string): Inferred {
  const base = baseType(column);
  const special = Object.hasOwn(SPECIAL_TYPES, base) ? SPECIAL_TYPES[base] : undefined;
  if (special !== undefined && value === 'any') return typeFromName(column.name, 'text', table) ?? special;
  const byName = typeFromName(column.name, value, table);
  if (byName !== undefined) {
    if (
      value === 'decimal' &&
      column.scale !== undefined &&
      ['price', 'amount', 'decimal', 'number'].includes(byName.type)
    ) {
      return { type: byName.type, params: { ...byName.params, precision: Math.min(10, column.scale) } };
    }
    return byName;
  }
  if (value === 'text') return textType(column);
  if (value === 'decimal') return { type: 'decimal', params: decimalParams(column) };
  if (value === 'any') return { type: 'words' };
  return typeOfClass(value);
}

/** The field of one column; a foreign key keeps its own type as the fallback in case its table is missing. */
export function columnToField(column: ColumnInfo, ctx: ColumnContext): DraftField {
  const value = sqlClass(column);
  const checks = readChecks(column.name, ctx.checks);
  const enumValues = column.enumValues ?? ctx.enumType ?? checks.values;
  const base = baseType(column);
  const serial = /SERIAL/.test(base) || column.autoIncrement || column.defaultCall === 'nextval';
  const sqliteRowid = ctx.primaryKey && base === 'INTEGER';
  let inferred: Inferred;
  if (enumValues !== undefined) inferred = { type: 'enum', params: { values: enumValues } };
  else if (serial || sqliteRowid) inferred = { type: 'id', params: { start: 1 } };
  else if (ctx.primaryKey && column.ref === undefined) inferred = identifierType(column, value, ctx.table);
  else if (column.array) {
    const element = valueType({ ...column, name: singular(column.name), array: false }, value, ctx.table);
    inferred = {
      type: 'array',
      params: { of: element.type, min: 1, max: 5, ...(element.params ? { params: element.params } : {}) },
    };
  } else inferred = valueType(column, value, ctx.table);
  if (
    (checks.min !== undefined || checks.max !== undefined) &&
    ['integer', 'decimal', 'price', 'amount', 'number', 'float', 'age', 'salary'].includes(inferred.type)
  ) {
    const params: Record<string, unknown> = { ...inferred.params };
    if (checks.min !== undefined) params['min'] = checks.min;
    if (checks.max !== undefined) params['max'] = checks.max;
    else if (
      typeof params['max'] === 'number' &&
      typeof params['min'] === 'number' &&
      params['max'] < params['min']
    ) {
      params['max'] = (params['min'] as number) + 1000;
    }
    if (typeof params['min'] === 'number' && params['max'] === undefined)
      params['max'] = (params['min'] as number) + 1000;
    if (typeof params['max'] === 'number' && params['min'] === undefined)
      params['min'] = Math.min(0, params['max'] as number);
    inferred = { type: inferred.type, params };
  }
  const field: DraftField = { name: column.name, type: inferred.type };
  if (inferred.params !== undefined) field.params = inferred.params;
  const required = column.notNull || ctx.primaryKey || ctx.inCompositeKey || serial || sqliteRowid;
  if (!required) field.nullable = true;
  if (ctx.primaryKey && column.ref === undefined) field.unique = undefined;
  else if (
    ctx.unique &&
    (column.ref !== undefined || uniqueCapable(inferred.type) || NUMBERING_TYPES.has(inferred.type))
  )
    field.unique = true;
  if (column.ref !== undefined)
    field.ref = { table: column.ref.table, ...(column.ref.field ? { field: column.ref.field } : {}) };
  return field;
}
