/**
 * JSON detection: one sample record becomes a table. Values are sniffed (UUIDs, emails, URLs, ISO
 * dates and date-times, phones, numbers with or without decimals), names refine the type (`city`,
 * `first_name`), nested objects and arrays of objects become child tables with a ref to the parent,
 * and arrays of scalars become `array` fields.
 */
import { DetectionError, type DraftField, type DraftTable } from './model.js';
import { type Inferred, snakeCase, typeFromName, typeOfClass } from './naming.js';

const MAX_DEPTH = 4;
const MAX_TABLES = 50;
const MAX_FIELDS = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_RE = /^https?:\/\/\S+$/i;
const IMAGE_URL = /\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const CURRENCY = /^[A-Z]{3}$/;
const CODED = /^([A-Z]{2,5}[-_#]?)(\d{3,9})$/;

interface Context {
  tables: DraftTable[];
  names: Set<string>;
}

function sniffString(key: string, value: string, table: string): Inferred {
  const snake = snakeCase(key);
  if (UUID.test(value)) return { type: 'uuid' };
  if (EMAIL.test(value)) return { type: 'email' };
  if (URL_RE.test(value)) {
    const byName = typeFromName(key, 'text', table);
    if (byName !== undefined && ['avatar_url', 'image_url', 'url'].includes(byName.type)) return byName;
    return { type: IMAGE_URL.test(value) ? 'image_url' : 'url' };
  }
  if (DATETIME.test(value)) return { type: 'datetime' };
  if (DATE.test(value)) return typeFromName(key, 'date', table) ?? { type: 'date' };
  if (TIME.test(value)) return { type: 'time' };
  if (IPV4.test(value)) return { type: 'ip_address' };
  if (HEX_COLOR.test(value)) return { type: 'color_hex' };
  const coded = CODED.exec(value);
  if (coded !== null && !/^(0|[A-Z]{1,3}0)$/.test(value)) {
    const digits = coded[2] as string;
    return { type: 'sequence', params: { start: Number(digits), prefix: coded[1], pad: digits.length } };
  }
  if (/^\d+(\.\d+)?$/.test(value) && /(price|amount|total|cost)/.test(snake))
    return typeFromName(key, 'decimal', table) ?? { type: 'decimal' };
  const byName = typeFromName(key, 'text', table);
  if (byName !== undefined) return byName;
  if (PHONE.test(value) && /\d{3}/.test(value) && !/^\d+$/.test(value)) return { type: 'phone' };
  if (CURRENCY.test(value) && /currency/.test(snake)) return { type: 'currency' };
  if (
    /(^|_)(status|state|type|kind|tier|plan|level|mode|stage|priority|visibility)$/.test(snake) &&
    value.length <= 32
  ) {
    return { type: 'enum', params: { values: [value] } };
  }
  const words = value.trim().split(/\s+/).length;
  if (value.length > 200) return { type: 'paragraph' };
  if (value.length > 60) return { type: 'sentence' };
  return { type: words <= 1 ? 'word' : 'words' };
}

function sniffNumber(key: string, value: number, table: string): Inferred {
  if (Number.isInteger(value)) {
    if (snakeCase(key) === 'id') return { type: 'id', params: { start: 1 } };
    const byName = typeFromName(key, 'integer', table);
    if (byName !== undefined) return byName;
    const max = Math.max(1000, 10 ** String(Math.abs(value)).length - 1);
    return { type: 'integer', params: { min: value < 0 ? -max : 0, max } };
  }
  const decimals = Math.min(10, (String(value).split('.')[1] ?? '').length);
  const byName = typeFromName(key, 'decimal', table);
  if ((byName === undefined || byName.type === 'number') && value >= 0 && value <= 1) {
    return { type: 'float', params: { min: 0, max: 1, precision: 4 } };
  }
  if (byName?.type === 'number') return { type: 'number', params: { precision: Math.min(decimals, 4) } };
  if (byName !== undefined) {
    return ['price', 'amount', 'decimal'].includes(byName.type)
      ? { type: byName.type, params: { precision: Math.min(decimals, 4) || 2 } }
      : byName;
  }
  if (decimals <= 2)
    return {
      type: 'decimal',
      params: { min: 0, max: Math.max(1000, Math.ceil(Math.abs(value) * 10)), precision: 2 },
    };
  if (value >= 0 && value <= 1) return { type: 'float', params: { min: 0, max: 1, precision: 4 } };
  return typeOfClass('float');
}

function arrayOf(key: string, items: unknown[], table: string): Inferred {
  const first = items.find((v) => v !== null && v !== undefined);
  const element = singular(key);
  let of: Inferred;
  if (typeof first === 'string') of = sniffString(element, first, table);
  else if (typeof first === 'number') of = sniffNumber(element, first, table);
  else if (typeof first === 'boolean') of = { type: 'boolean' };
  else of = typeFromName(element, 'text', table) ?? { type: 'word' };
  if (of.type === 'enum' || of.type === 'sequence' || of.type === 'id') of = { type: 'word' };
  const params: Record<string, unknown> = {
    of: of.type,
    min: 1,
    max: Math.max(3, Math.min(10, items.length)),
  };
  if (of.params !== undefined) params['params'] = of.params;
  return { type: 'array', params };
}

function singular(name: string): string {
  return name.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
}

function uniqueName(ctx: Context, wanted: string, parent: string): string {
  let name = ctx.names.has(wanted) ? `${parent}_${wanted}` : wanted;
  for (let i = 2; ctx.names.has(name); i++) name = `${wanted}_${i}`;
  return name;
}

function readObject(
  ctx: Context,
  name: string,
  sample: Record<string, unknown>,
  depth: number,
  parent?: DraftTable,
): DraftTable {
  if (ctx.tables.length >= MAX_TABLES)
    throw new DetectionError(`sample_json nests too many objects (more than ${MAX_TABLES} tables).`);
  const table: DraftTable = { name, fields: [] };
  ctx.names.add(name);
  ctx.tables.push(table);
  const children: [string, Record<string, unknown>][] = [];
  const fields: DraftField[] = [];
  for (const [rawKey, value] of Object.entries(sample)) {
    if (fields.length >= MAX_FIELDS)
      throw new DetectionError(`sample_json has more than ${MAX_FIELDS} keys in one object.`);
    const key = rawKey === '' ? `field_${fields.length + 1}` : rawKey;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (Object.keys(value).length > 0 && depth < MAX_DEPTH)
        children.push([key, value as Record<string, unknown>]);
      else fields.push({ name: key, type: 'json' });
      continue;
    }
    if (Array.isArray(value)) {
      const objects = value.filter((v) => v !== null && typeof v === 'object' && !Array.isArray(v)) as Record<
        string,
        unknown
      >[];
      if (objects.length > 0 && depth < MAX_DEPTH)
        children.push([key, Object.assign({}, ...objects.reverse()) as Record<string, unknown>]);
      else if (value.some((v) => Array.isArray(v) || (v !== null && typeof v === 'object')))
        fields.push({ name: key, type: 'json' });
      else fields.push({ name: key, ...arrayOf(key, value, name) });
      continue;
    }
    fields.push(fieldOf(key, value, name));
  }
  if (parent !== undefined) {
    let refName = `${singular(parent.name)}_id`;
    if (fields.some((f) => f.name === refName))
      refName = fields.some((f) => f.name === 'parent_id') ? `${refName}_ref` : 'parent_id';
    fields.unshift({
      name: refName,
      type: 'uuid',
      ref: { table: parent.name, field: parent.primaryKey ?? 'id' },
    });
  }
  table.fields = fields;
  const id = fields.find((f) => snakeCase(f.name) === 'id');
  if (id !== undefined) {
    id.nullable = undefined;
    table.primaryKey = id.name;
  }
  for (const [key, value] of children) {
    if (table.primaryKey === undefined) {
      table.fields.unshift({ name: 'id', type: 'uuid' });
      table.primaryKey = 'id';
    }
    readObject(ctx, uniqueName(ctx, key, name), value, depth + 1, table);
  }
  return table;
}

function fieldOf(key: string, value: unknown, table: string): DraftField {
  let inferred: Inferred;
  if (value === null || value === undefined) inferred = typeFromName(key, 'any', table) ?? { type: 'words' };
  else if (typeof value === 'boolean') inferred = { type: 'boolean' };
  else if (typeof value === 'number') inferred = sniffNumber(key, value, table);
  else inferred = sniffString(key, String(value), table);
  // A record's `name` whose table says nothing of what it names (`records`, the default) is a
  // person's, as the hosted service types it: samples are most often of users and customers.
  if (snakeCase(key) === 'name' && inferred.type === 'words' && typeof value !== 'number')
    inferred = { type: 'full_name' };
  const field: DraftField = { name: key, type: inferred.type };
  if (inferred.params !== undefined) field.params = inferred.params;
  if (value === null) field.nullable = true;
  return field;
}

/** Tables of one sample record named `tableName`; nested objects become child tables. */
export function detectJson(sample: unknown, tableName: string, taken: readonly string[] = []): DraftTable[] {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) {
    const got = Array.isArray(sample) ? 'an array' : sample === null ? 'null' : `a ${typeof sample}`;
    throw new DetectionError(`sample_json must be one JSON object (a single record), got ${got}.`);
  }
  if (Object.keys(sample).length === 0)
    throw new DetectionError('sample_json is an empty object; send one record with its fields.');
  const ctx: Context = { tables: [], names: new Set(taken.map((n) => n)) };
  readObject(ctx, uniqueName(ctx, tableName, 'sample'), sample as Record<string, unknown>, 0);
  return ctx.tables;
}
