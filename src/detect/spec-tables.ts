/**
 * OpenAPI components and JSON Schema definitions → tables. Each object schema that describes a record
 * is a table (wrappers, error bodies, link objects, input variants and keyless value objects are
 * skipped, each named in a warning); its properties are fields mapped by spec-fields.ts; a property
 * that names another table's key becomes a reference to existing rows of that table.
 */
import { FIELD_TYPES } from '../../workers/engine/index.js';
import type { DraftField, DraftTable } from './model.js';
import { snakeCase } from './naming.js';
import { fits } from './spec-check.js';
import { mapSchema, type ValueSpec } from './spec-fields.js';
import { flatten, typesOf } from './spec-merge.js';
import {
  child,
  isObject,
  type Json,
  type JsonObject,
  RefResolver,
  readSpec,
  specError,
} from './spec-read.js';

/** What reading a spec gives: tables before references are resolved, and what was skipped or guessed. */
export interface SpecTables {
  tables: DraftTable[];
  warnings: string[];
}

interface Candidate {
  name: string;
  pointer: string;
  schema: JsonObject;
  /** Raw property schemas after allOf (a `$ref` kept), by name. */
  raw: JsonObject;
}

const PAGING = new Set(
  'total totalcount total_count count page pagesize page_size perpage per_page limit offset next previous prev cursor nextcursor next_cursor hasmore has_more meta metadata links _links self first last totalpages total_pages size number success status message embedded _embedded'.split(
    ' ',
  ),
);
const LINK_KEYS = new Set(
  'href rel method templated title type name hreflang deprecation profile media'.split(' '),
);
const ERROR_NAME =
  /(^|[a-z0-9_])(Error|Problem|Fault|Exception)(s|Details?|Response|Body|Info|Envelope|Payload)?$|^(error|problem)s?$/;
const INPUT_AFFIX =
  /^(New|Create|Update|Patch|Put|Post|Edit)(?=[A-Z])|(Input|Request|Create|Update|Patch|Body|Params|Payload|Create|Write|Dto|DTO|Form)$/;

const MAX_WARNINGS = 50;

const SELF =
  /^(parent|manager|supervisor|reports_to|boss|mentor|referrer|referred_by|predecessor|previous|replaced_by)$/;

function singularSnake(name: string): string {
  return snakeCase(name)
    .replace(/ies$/, 'y')
    .replace(/([^s])s$/, '$1');
}

function refOf(node: Json | undefined): string | undefined {
  if (!isObject(node)) return undefined;
  if (typeof node['$ref'] === 'string') return node['$ref'];
  const all = node['allOf'];
  if (Array.isArray(all) && all.length === 1) return refOf(all[0]);
  return undefined;
}

function itemsRef(node: Json | undefined): string | undefined {
  return isObject(node) ? refOf(node['items']) : undefined;
}

function componentsOf(resolver: RefResolver): [string, string][] {
  const root = resolver.doc.root;
  const out: [string, string][] = [];
  if (resolver.doc.kind === 'openapi') {
    const schemas = isObject(root['components']) ? root['components']['schemas'] : undefined;
    if (schemas !== undefined && !isObject(schemas))
      throw specError('openapi', '/components/schemas', 'must be an object of schemas.');
    for (const name of Object.keys(schemas ?? {})) out.push([name, child('/components/schemas', name)]);
    return out;
  }
  for (const key of ['$defs', 'definitions']) {
    const defs = root[key];
    if (defs === undefined) continue;
    if (!isObject(defs)) throw specError('json_schema', `/${key}`, 'must be an object of schemas.');
    for (const name of Object.keys(defs)) out.push([name, child(`/${key}`, name)]);
  }
  const title =
    typeof root['title'] === 'string'
      ? root['title'].replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')
      : '';
  out.unshift([/^[A-Za-z_]/.test(title) ? title : 'records', '']);
  return out;
}

function isRecord(schema: JsonObject): boolean {
  const types = typesOf(schema);
  if (types.length > 0 && !types.includes('object')) return false;
  return isObject(schema['properties']) && Object.keys(schema['properties']).length > 0;
}

/** Why a record-like component is not a table, or undefined when it is one. */
function skipReason(c: Candidate, names: Set<string>, tablesByRef: Set<string>): string | undefined {
  const keys = Object.keys(c.raw);
  const lower = keys.map((k) => k.toLowerCase());
  if (
    ERROR_NAME.test(c.name) ||
    (['type', 'title', 'status'].every((k) => lower.includes(k)) &&
      (lower.includes('detail') || lower.includes('instance')))
  )
    return 'an error body';
  if (/Links?$/.test(c.name) || (lower.includes('href') && lower.every((k) => LINK_KEYS.has(k))))
    return 'a link object';
  const listed = keys.filter((k) => {
    const ref = itemsRef(c.raw[k]) ?? (k.toLowerCase() === 'data' ? refOf(c.raw[k]) : undefined);
    return ref !== undefined && tablesByRef.has(ref);
  });
  if (listed.length === 1 && keys.every((k) => listed.includes(k) || PAGING.has(k.toLowerCase())))
    return `a wrapper of ${listed[0]}`;
  const base = c.name.replace(INPUT_AFFIX, '');
  if (base !== c.name && names.has(base)) return `an input variant of ${base}`;
  return undefined;
}

function keyOf(table: string, fields: readonly DraftField[]): string | undefined {
  const id = fields.find((f) => f.name.toLowerCase() === 'id');
  if (id !== undefined) return id.name;
  const own = singularSnake(table);
  return fields.find(
    (f) => snakeCase(f.name) === `${own}_id` || snakeCase(f.name) === `${snakeCase(table)}_id`,
  )?.name;
}

/** A key field that gives distinct values: integers count up (`id`: numbers), strings without a pattern are UUIDs. */
function keySpec(spec: ValueSpec, schema: JsonObject, name: string): ValueSpec & { unique?: boolean } {
  if (spec.type === 'integer') {
    const lo = Number(spec.params?.['min'] ?? 1);
    const start = Math.max(lo, lo <= 1 && Number(spec.params?.['max'] ?? 2) >= 1 ? 1 : lo);
    return { type: 'id', params: { start }, unique: true };
  }
  if (spec.type === 'uuid' || spec.type === 'id' || spec.type === 'sequence')
    return { ...spec, unique: true };
  // A patterned key is unique when the pattern has room for many distinct values (fixed shapes).
  if (
    spec.type === 'pattern' &&
    (FIELD_TYPES.get('pattern')?.cardinality?.(spec.params ?? {}, 'en') ?? 0) >= 1000
  )
    return { ...spec, unique: true };
  if (typesOf(schema).includes('string') || schema['type'] === undefined) {
    const uuid: ValueSpec = { type: 'uuid' };
    if (schema['pattern'] === undefined && schema['enum'] === undefined && fits(uuid, schema, name, 'string'))
      return { type: 'uuid', unique: true };
  }
  return spec;
}

/** For each component pointer, the other components whose schemas refer to it (at any depth). */
function referrers(resolver: RefResolver, components: [string, string][]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [name, pointer] of components) {
    const stack: [Json, string][] = [[pointer === '' ? resolver.doc.root : resolver.at(pointer)!, pointer]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      if (node === null || typeof node !== 'object') continue;
      for (const [key, value] of Object.entries(node)) {
        // The root schema holds the definitions: they are not its own parts.
        if (at === '' && (key === '$defs' || key === 'definitions') && pointer === '') continue;
        if (key === '$ref' && typeof value === 'string') {
          const target = resolver.target(value, child(at, key));
          out.set(target, (out.get(target) ?? new Set()).add(name));
        } else stack.push([value, child(at, key)]);
      }
    }
  }
  return out;
}

/** Reads `input` (an OpenAPI document or a JSON Schema) into tables. */
export function detectSpec(input: unknown, source: 'openapi' | 'json_schema'): SpecTables {
  const doc = readSpec(input, source);
  const resolver = new RefResolver(doc);
  const warnings: string[] = [];
  const candidates: Candidate[] = [];
  for (const [name, pointer] of componentsOf(resolver)) {
    const node = pointer === '' ? doc.root : resolver.at(pointer)!;
    let flat = flatten(resolver, node, pointer);
    while (Array.isArray(flat.schema['allOf']))
      flat = flatten(resolver, flat.schema, flat.pointer, flat.refs);
    if (!isRecord(flat.schema)) continue;
    candidates.push({ name, pointer, schema: flat.schema, raw: flat.schema['properties'] as JsonObject });
  }
  const names = new Set(candidates.map((c) => c.name));
  const allRefs = new Set(candidates.map((c) => `#${c.pointer}`));
  // Records first: skip wrappers, errors, links and input variants.
  const records = candidates.filter((c) => {
    const reason = skipReason(c, names, allRefs);
    if (reason !== undefined)
      warnings.push(`${source} at ${c.pointer}: ${c.name} is ${reason}, not a table.`);
    return reason === undefined;
  });
  const refsTo = referrers(resolver, componentsOf(resolver));
  const tables: (DraftTable & { candidate: Candidate })[] = [];
  for (const c of records) {
    const ctx = { resolver, warnings, table: c.name, nodes: 0 };
    const fields: DraftField[] = [];
    const mapped = mapSchema(
      ctx,
      c.pointer === '' ? doc.root : resolver.at(c.pointer)!,
      c.pointer,
      c.name,
      true,
    );
    if ('omit' in mapped || mapped.type !== 'object') continue;
    for (const [name, spec] of Object.entries(mapped.params!['properties'] as Record<string, ValueSpec>)) {
      const field: DraftField = { name, type: spec.type };
      if (spec.params !== undefined) field.params = spec.params;
      if (spec.nullable === true) field.nullable = true;
      fields.push(field);
    }
    const key = keyOf(c.name, fields);
    if (key !== undefined && fields.length === 1 && (refsTo.get(c.pointer)?.size ?? 0) > 0) {
      warnings.push(
        `${source} at ${c.pointer}: ${c.name} holds only a key (a reference to a record), not a table.`,
      );
      continue;
    }
    const usedBy = [...(refsTo.get(c.pointer) ?? [])].filter((name) => name !== c.name);
    if (key === undefined && usedBy.length > 0 && c.pointer !== '') {
      warnings.push(
        `${source} at ${c.pointer}: ${c.name} has no key and is nested where ${usedBy.join(', ')} refer to it, not a table.`,
      );
      continue;
    }
    if (key !== undefined) {
      const index = fields.findIndex((f) => f.name === key);
      const field = fields[index]!;
      const schema = flatten(resolver, c.raw[key]!, child(child(c.pointer, 'properties'), key)).schema;
      const spec = keySpec(
        { type: field.type, ...(field.params ? { params: field.params } : {}) },
        schema,
        key,
      );
      fields[index] = {
        name: key,
        type: spec.type,
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.unique ? { unique: true } : {}),
      };
    }
    tables.push({ name: c.name, fields, ...(key !== undefined ? { primaryKey: key } : {}), candidate: c });
  }
  link(resolver, tables, warnings);
  // One line per problem: a recursive schema meets the same keyword at every level.
  const unique = [...new Set(warnings)];
  const shown =
    unique.length > MAX_WARNINGS
      ? [...unique.slice(0, MAX_WARNINGS), `… and ${unique.length - MAX_WARNINGS} more warnings.`]
      : unique;
  return { tables: tables.map(({ candidate: _, ...t }) => t), warnings: shown };
}

/** The table `field` of `table` names, and whether the link is a guess (from a description). */
function linkTarget(
  tables: readonly (DraftTable & { candidate: Candidate })[],
  table: DraftTable & { candidate: Candidate },
  field: DraftField,
): { target: DraftTable & { candidate: Candidate }; guessed: boolean } | undefined {
  const snake = snakeCase(field.name);
  const keyed = tables.filter((t) => t.primaryKey !== undefined);
  const m = /^(.+)_ids?$/.exec(snake);
  if (m !== null) {
    const base = m[1]!;
    const byName = keyed.filter((t) => singularSnake(t.name) === base || snakeCase(t.name) === base);
    if (byName.length === 1) return { target: byName[0]!, guessed: false };
    const byKey = keyed.filter((t) => snakeCase(t.primaryKey!) === snake);
    if (byKey.length === 1) return { target: byKey[0]!, guessed: false };
    const bySuffix = keyed.filter((t) => base.endsWith(`_${singularSnake(t.name)}`));
    if (bySuffix.length === 1) return { target: bySuffix[0]!, guessed: true };
    // A record's parent or manager is a record of the same table.
    if (SELF.test(base) && table.primaryKey !== undefined) return { target: table, guessed: true };
  }
  const raw = table.candidate.raw[field.name];
  const ref = refOf(raw);
  if (ref !== undefined) {
    const same = keyed.filter((t) => t !== table && refOf(t.candidate.raw[t.primaryKey!]) === ref);
    if (same.length === 1) return { target: same[0]!, guessed: false };
  }
  const description = isObject(raw) && typeof raw['description'] === 'string' ? raw['description'] : '';
  const said =
    /\b(?:id|identifier|key) of (?:the |a |an )?([A-Za-z_]+)/i.exec(description)?.[1] ??
    /\b([A-Za-z_]+?)(?:'s)? (?:id|identifier)\b/i.exec(description)?.[1];
  if (said !== undefined) {
    const byWord = keyed.filter((t) => singularSnake(t.name) === singularSnake(said));
    if (byWord.length === 1) return { target: byWord[0]!, guessed: true };
  }
  return undefined;
}

function link(
  resolver: RefResolver,
  tables: (DraftTable & { candidate: Candidate })[],
  warnings: string[],
): void {
  const source = resolver.doc.source;
  for (const table of tables) {
    for (const field of table.fields) {
      if (field.name === table.primaryKey || field.type === 'array' || field.type === 'object') continue;
      const found = linkTarget(tables, table, field);
      if (found === undefined) continue;
      const { target, guessed } = found;
      const at = child(child(table.candidate.pointer, 'properties'), field.name);
      if (target === table && field.nullable !== true) continue; // a self-reference needs a null for the first row
      const key = target.fields.find((f) => f.name === target.primaryKey)!;
      const schema = flatten(resolver, table.candidate.raw[field.name]!, at).schema;
      const expect = key.type === 'id' || key.type === 'integer' ? 'number' : 'string';
      if (
        !fits({ type: key.type, ...(key.params ? { params: key.params } : {}) }, schema, field.name, expect)
      ) {
        warnings.push(
          `${source} at ${at}: ${table.name}.${field.name} names ${target.name}.${key.name} but cannot hold its values; not linked.`,
        );
        continue;
      }
      field.ref = { table: target.name, field: key.name };
      if (guessed)
        warnings.push(
          `${source} at ${at}: ${table.name}.${field.name} is guessed to refer to ${target.name}.${key.name}.`,
        );
    }
  }
}
