/**
 * One JSON Schema (a property of a record, or an element of an array) → a field type with params that
 * generates only values the schema accepts. Names refine strings and numbers through the naming module
 * (`city`, `firstName`, `price`) whenever a sample of the named type passes the schema's constraints;
 * otherwise the constraints alone decide. Nested objects become `object` fields and arrays `array`
 * fields; recursion through `$ref` stops at a depth, where an optional property is left out.
 */
import { typeFromName, type ValueClass } from './naming.js';
import { discriminatorTag, drawnChoice } from './spec-choice.js';
import { fits, patternRegExp, type ValueSpec } from './spec-check.js';
import { FIELD_TYPES } from '../../workers/engine/index.js';
import { DetectionError } from './model.js';
import { type Flat, flatten, typesOf } from './spec-merge.js';
import { child, isObject, type Json, type JsonObject, type RefResolver, specError } from './spec-read.js';

export type { ValueSpec } from './spec-check.js';

/** What mapping a schema gives: a value, or nothing (an optional property cut at the depth limit). */
export type Mapped = ValueSpec | { omit: true };

/** How deep `$ref`s may repeat in one path, and objects nest in one field. */
const MAX_REPEAT = 2;
const MAX_NESTING = 8;
/** Schemas mapped for one table, refs expanded: a schema that refers to itself from many places
 * would otherwise grow as (properties)^depth. */
const MAX_NODES = 2000;
/** The elements of an array without `maxItems`, and the most any array gets. */
const DEFAULT_MAX_ITEMS = 3;
const MAX_ITEMS = 20;

/** What the mapper knows beyond the schema. */
export interface FieldContext {
  readonly resolver: RefResolver;
  readonly warnings: string[];
  /** The table the field belongs to (names read differently per table). */
  readonly table: string;
  /** Schemas mapped so far for this table: past MAX_NODES, recursion stops where it may. */
  nodes: number;
}

const FORMAT_CLASS: Record<string, ValueClass> = {
  date: 'date',
  'date-time': 'datetime',
  uuid: 'uuid',
};

/** Name-based types that a string of each format may take. */
const FORMAT_NAMED: Record<string, readonly string[]> = {
  email: ['email'],
  'idn-email': ['email'],
  uri: ['url', 'image_url', 'avatar_url'],
  url: ['url', 'image_url', 'avatar_url'],
  iri: ['url', 'image_url', 'avatar_url'],
  date: ['date', 'date_of_birth', 'date_past', 'date_future'],
  'date-time': ['datetime'],
};

const FORMAT_TYPE: Record<string, ValueSpec> = {
  date: { type: 'date' },
  'date-time': { type: 'datetime' },
  // RFC 3339 times carry an offset (validators require one): quarter hours of a day, in UTC.
  time: {
    type: 'enum',
    params: {
      values: Array.from({ length: 96 }, (_, i) => {
        const two = (n: number) => String(n).padStart(2, '0');
        return `${two(Math.floor(i / 4))}:${two((i % 4) * 15)}:00Z`;
      }),
    },
  },
  email: { type: 'email' },
  'idn-email': { type: 'email' },
  uri: { type: 'url' },
  url: { type: 'url' },
  iri: { type: 'url' },
  'uri-reference': { type: 'url' },
  'iri-reference': { type: 'url' },
  uuid: { type: 'uuid' },
  hostname: { type: 'domain' },
  'idn-hostname': { type: 'domain' },
  ipv4: { type: 'ipv4' },
  ipv6: { type: 'ipv6' },
  byte: { type: 'hash_sha256' },
  password: { type: 'password_hash' },
};

function num(schema: JsonObject, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `[lo, hi]` of a number schema: inclusive bounds after exclusive ones, on a grid of `step`. */
function bounds(
  schema: JsonObject,
  step: number,
  integer: boolean,
): [number | undefined, number | undefined] {
  let lo = num(schema, 'minimum');
  let hi = num(schema, 'maximum');
  const exMin = schema['exclusiveMinimum'] === true ? lo : num(schema, 'exclusiveMinimum');
  const exMax = schema['exclusiveMaximum'] === true ? hi : num(schema, 'exclusiveMaximum');
  if (exMin !== undefined) lo = Math.max(lo ?? -Infinity, Math.floor(exMin / step + 1e-9) * step + step);
  if (exMax !== undefined) hi = Math.min(hi ?? Infinity, Math.ceil(exMax / step - 1e-9) * step - step);
  const format = schema['format'];
  const [fmin, fmax] =
    format === 'int32'
      ? [-(2 ** 31), 2 ** 31 - 1]
      : integer || format === 'int64'
        ? [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]
        : [-1e15, 1e15];
  if (lo !== undefined) lo = Math.max(lo, fmin);
  if (hi !== undefined) hi = Math.min(hi, fmax);
  return [lo, hi];
}

function round(value: number, precision: number): number {
  return Number(value.toFixed(precision));
}

function mapNumber(
  ctx: FieldContext,
  schema: JsonObject,
  pointer: string,
  name: string,
  integer: boolean,
): ValueSpec {
  const multiple = num(schema, 'multipleOf');
  const precision = integer ? 0 : 2;
  // A step other than 1 lists its multiples: validators test value / step for an integer, which
  // fails for some decimals on the grid (0.29 / 0.01 is 28.999999999999996), so only those that pass.
  const grid = multiple === undefined || multiple <= 0 || (integer && multiple === 1);
  const step = grid ? 10 ** -precision : multiple!;
  let [lo, hi] = bounds(schema, integer && grid ? 1 : step, integer);
  if (lo === undefined && hi === undefined) {
    // Names choose a realistic range when the schema gives none (`age`, `price`, `rating`).
    const byName = typeFromName(name, integer ? 'integer' : 'decimal', ctx.table);
    if (byName !== undefined && grid && fits(byName, schema, name, 'number')) return byName;
  }
  if (lo === undefined) lo = hi === undefined ? (integer ? 1 : 0) : Math.min(0, hi - 1000);
  if (hi === undefined) hi = Math.max(lo, 0) + 1000;
  if (grid) {
    const scale = 10 ** precision;
    lo = Math.ceil(round(lo * scale, 6)) / scale;
    hi = Math.floor(round(hi * scale, 6)) / scale;
    if (lo > hi) throw specError(ctx.resolver.doc.source, pointer, 'no number lies within the bounds given.');
    const named = typeFromName(name, integer ? 'integer' : 'decimal', ctx.table);
    if (named !== undefined && ['price', 'amount', 'decimal'].includes(named.type) && !integer) {
      const money: ValueSpec = { type: named.type, params: { min: lo, max: hi, precision } };
      if (fits(money, schema, name, 'number')) return money;
    }
    if (integer || precision === 0) return { type: 'integer', params: { min: lo, max: hi } };
    return { type: 'number', params: { min: lo, max: hi, precision } };
  }
  // A step that is no power of ten: its multiples within the bounds, at most 200 of them, spread out.
  const first = Math.ceil(round(lo / step, 9));
  const last = Math.floor(round(hi / step, 9));
  if (first > last)
    throw specError(ctx.resolver.doc.source, pointer, `no multiple of ${step} lies within the bounds given.`);
  const count = Math.min(400, last - first + 1);
  const values = Array.from({ length: count }, (_, i) => {
    const k = first + Math.floor((i * (last - first)) / Math.max(1, count - 1));
    return round(k * step, 10);
  }).filter((v) => Number.isInteger(v / step) && v >= lo! && v <= hi! && (!integer || Number.isInteger(v)));
  if (values.length === 0)
    throw specError(ctx.resolver.doc.source, pointer, `no multiple of ${step} lies within the bounds given.`);
  return { type: 'enum', params: { values: [...new Set(values)].slice(0, 200) } };
}

function lengthFallback(schema: JsonObject, pointer: string, ctx: FieldContext): ValueSpec {
  const min = Math.max(1, num(schema, 'minLength') ?? 1);
  const maxLength = num(schema, 'maxLength');
  if (maxLength === 0) return { type: 'constant', params: { value: '' } };
  if (maxLength !== undefined && maxLength < min)
    throw specError(ctx.resolver.doc.source, pointer, 'maxLength is less than minLength.');
  const max = Math.min(maxLength ?? Math.max(min, 40), min + 200, 100_000);
  return {
    type: 'long_string',
    params: { min_length: Math.min(min, 100_000), max_length: Math.max(max, Math.min(min, 100_000)) },
  };
}

/** The `pattern` type for a regex, with the schema's lengths; a regex it cannot draw is a 400 here. */
function patternSpec(ctx: FieldContext, schema: JsonObject, pointer: string, regex: string): ValueSpec {
  const params: Record<string, unknown> = { regex };
  const min = num(schema, 'minLength');
  const max = num(schema, 'maxLength');
  if (min !== undefined) params['min_length'] = min;
  if (max !== undefined) params['max_length'] = max;
  const issue = FIELD_TYPES.get('pattern')
    ?.validate(params)
    .find((i) => i.warning !== true);
  if (issue !== undefined)
    throw specError(
      ctx.resolver.doc.source,
      child(pointer, issue.path === 'regex' || issue.path.startsWith('regex') ? 'pattern' : issue.path),
      `pattern ${JSON.stringify(regex)} cannot be generated: ${issue.message}.`,
    );
  return { type: 'pattern', params };
}

function mapString(ctx: FieldContext, schema: JsonObject, pointer: string, name: string): ValueSpec {
  const format = typeof schema['format'] === 'string' ? schema['format'] : undefined;
  const pattern = typeof schema['pattern'] === 'string' ? schema['pattern'] : undefined;
  if (pattern !== undefined && patternRegExp(pattern) === undefined)
    throw specError(
      ctx.resolver.doc.source,
      child(pointer, 'pattern'),
      `pattern ${JSON.stringify(pattern)} is not a valid regular expression.`,
    );
  const candidates: ValueSpec[] = [];
  const byName = typeFromName(
    name,
    format === undefined ? 'text' : (FORMAT_CLASS[format] ?? 'text'),
    ctx.table,
  );
  const formatType = format === undefined ? undefined : FORMAT_TYPE[format];
  if (
    byName !== undefined &&
    (format === undefined ||
      FORMAT_NAMED[format]?.includes(byName.type) === true ||
      (formatType !== undefined && byName.type === formatType.type))
  )
    candidates.push(byName);
  if (formatType !== undefined) candidates.push(formatType);
  if (format === undefined && pattern === undefined) candidates.push({ type: 'words' }, { type: 'word' });
  for (const candidate of candidates) if (fits(candidate, schema, name, 'string')) return candidate;
  if (pattern !== undefined) return patternSpec(ctx, schema, pointer, pattern);
  if (format !== undefined && formatType !== undefined)
    ctx.warnings.push(
      `${ctx.resolver.doc.source} at ${pointer}: no value of format ${format} fits its length bounds; plain text is generated instead.`,
    );
  return lengthFallback(schema, pointer, ctx);
}

/** How many times the most repeated ref of `refs` occurs. */
function repeats(refs: readonly string[]): number {
  const counts = new Map<string, number>();
  let most = 0;
  for (const ref of refs) {
    const n = (counts.get(ref) ?? 0) + 1;
    counts.set(ref, n);
    most = Math.max(most, n);
  }
  return most;
}

function nonNull(schema: JsonObject): boolean {
  const types = typesOf(schema);
  return (
    !(types.length === 1 && types[0] === 'null') &&
    !(Array.isArray(schema['enum']) && schema['enum'].length === 1 && schema['enum'][0] === null) &&
    schema['const'] !== null
  );
}

/** A oneOf/anyOf: the first branch that is not null, merged with the keywords beside the choice. */
function chooseBranch(
  ctx: FieldContext,
  schema: JsonObject,
  pointer: string,
  refs: readonly string[],
): { node: Json; pointer: string; nullable: boolean; discriminator?: [string, string] } | undefined {
  const key = Array.isArray(schema['oneOf']) ? 'oneOf' : Array.isArray(schema['anyOf']) ? 'anyOf' : undefined;
  if (key === undefined) return undefined;
  const branches = schema[key] as Json[];
  const { [key]: _, discriminator, ...rest } = schema;
  let nullable = false;
  let chosen: number | undefined;
  branches.forEach((branch, i) => {
    const flat = flatten(ctx.resolver, branch, child(child(pointer, key), i), refs);
    if (!nonNull(flat.schema)) nullable = true;
    else if (chosen === undefined) chosen = i;
  });
  if (chosen === undefined) return { node: { ...rest, type: 'null' }, pointer, nullable: true };
  const branch = branches[chosen]!;
  const tag = discriminatorTag(discriminator, branch);
  if (branches.length - (nullable ? 1 : 0) > 1)
    ctx.warnings.push(
      `${ctx.resolver.doc.source} at ${child(pointer, key)}: ${key} generates its first branch only (${key === 'oneOf' ? 'no branch is shown to exclude the others' : 'a branch cannot be generated alone'}).`,
    );
  return {
    node: { allOf: [rest, branch] },
    pointer: child(child(pointer, key), chosen),
    nullable,
    ...(tag ? { discriminator: tag } : {}),
  };
}

function enumSpec(ctx: FieldContext, values: Json[], pointer: string): ValueSpec {
  const present = values.filter((v) => v !== null);
  const nullable = present.length < values.length;
  if (present.length === 0) return { type: 'constant', params: { value: null } };
  const scalar = present.every((v) => typeof v !== 'object');
  if (!scalar) {
    ctx.warnings.push(
      `${ctx.resolver.doc.source} at ${pointer}: an enum of objects or arrays gives its first value.`,
    );
    return { type: 'constant', params: { value: present[0] }, ...(nullable ? { nullable } : {}) };
  }
  return { type: 'enum', params: { values: present }, ...(nullable ? { nullable } : {}) };
}

/**
 * Maps the schema `node` at `pointer` for a property `name`. `required` says whether the property
 * must be present (an optional one may be left out where recursion stops); `refs` are the refs
 * followed to reach it; `nesting` counts the objects around it.
 */
export function mapSchema(
  ctx: FieldContext,
  node: Json,
  pointer: string,
  name: string,
  required: boolean,
  refs: readonly string[] = [],
  nesting = 0,
): Mapped {
  if (ctx.nodes > MAX_NODES * 10)
    throw new DetectionError(
      `${ctx.resolver.doc.source}: ${ctx.table} expands to too many schemas to generate.`,
    );
  const flat = flatten(ctx.resolver, node, pointer, refs);
  const exit = (): Mapped | undefined => {
    if (!required) return { omit: true };
    if (typesOf(flat.schema).includes('null')) return { type: 'constant', params: { value: null } };
    return undefined;
  };
  if (repeats(flat.refs) > MAX_REPEAT || nesting > MAX_NESTING || ++ctx.nodes > MAX_NODES) {
    const out = exit();
    if (out !== undefined) return out;
    throw new NoExitError(
      `${ctx.resolver.doc.source} at ${flat.pointer}: a recursive schema with no exit: every level requires ${JSON.stringify(name)} again, so no finite record is valid.`,
    );
  }
  try {
    return mapFlat(ctx, flat, name, nesting);
  } catch (error) {
    // A required recursion deeper down ends here when this property may be left out or null.
    const out = error instanceof NoExitError ? exit() : undefined;
    if (out === undefined) throw error;
    return out;
  }
}

/** A recursion that no level may leave out: no finite record is valid (unless a parent is optional). */
class NoExitError extends DetectionError {}

function mapFlat(ctx: FieldContext, first: Flat, name: string, nesting: number): ValueSpec {
  const source = ctx.resolver.doc.source;
  let flat = first;
  // Several branches: each record draws one (spec-choice.ts), else the first branch below.
  const drawn = drawnChoice(
    {
      resolver: ctx.resolver,
      warnings: ctx.warnings,
      map: (node, pointer) => {
        // Branches count toward the table's budget as properties do (choices nest in choices).
        if (++ctx.nodes > MAX_NODES * 10)
          throw new DetectionError(
            `${ctx.resolver.doc.source}: ${ctx.table} expands to too many schemas to generate.`,
          );
        return mapFlat(ctx, flatten(ctx.resolver, node, pointer, flat.refs), name, nesting);
      },
    },
    flat.schema,
    flat.pointer,
    nonNull,
  );
  if (drawn !== undefined) return drawn;
  const choice = chooseBranch(ctx, flat.schema, flat.pointer, flat.refs);
  let nullable = false;
  if (choice !== undefined) {
    flat = flatten(ctx.resolver, choice.node, choice.pointer, flat.refs);
    nullable = choice.nullable;
  }
  while (Array.isArray(flat.schema['allOf']))
    flat = flatten(ctx.resolver, flat.schema, flat.pointer, flat.refs);
  const schema = flat.schema;
  const at = flat.pointer;
  if (schema['not'] !== undefined && Object.keys(schema).length === 1)
    throw specError(source, at, 'the schema accepts no value (false or not {}).');
  let spec: ValueSpec;
  if (schema['const'] !== undefined) spec = { type: 'constant', params: { value: schema['const'] } };
  else if (Array.isArray(schema['enum'])) {
    if (schema['enum'].length === 0)
      throw specError(source, child(at, 'enum'), 'an empty enum accepts no value.');
    spec = enumSpec(ctx, schema['enum'], child(at, 'enum'));
  } else {
    const types = typesOf(schema);
    if (types.includes('null')) nullable = true;
    let type = types.find((t) => t !== 'null');
    if (type === undefined && types.includes('null')) return { type: 'constant', params: { value: null } };
    type ??= inferType(schema);
    switch (type) {
      case 'string':
        spec = mapString(ctx, schema, at, name);
        break;
      case 'integer':
      case 'number':
        spec = mapNumber(ctx, schema, at, name, type === 'integer');
        break;
      case 'boolean':
        spec = { type: 'boolean' };
        break;
      case 'array':
        spec = mapArray(ctx, schema, at, name, flat.refs, nesting);
        break;
      case 'object':
        spec = mapObject(ctx, schema, at, flat.refs, nesting + 1);
        break;
      default:
        throw specError(source, child(at, 'type'), `unknown type ${JSON.stringify(type)}.`);
    }
  }
  if (choice?.discriminator !== undefined && spec.type === 'object') {
    const [property, value] = choice.discriminator;
    const properties = spec.params!['properties'] as Record<string, ValueSpec>;
    properties[property] = { type: 'constant', params: { value } };
  }
  // A copy: specs may be shared constants (FORMAT_TYPE) or naming's rules.
  return nullable ? { ...spec, nullable: true } : { ...spec };
}

function inferType(schema: JsonObject): string {
  if (
    isObject(schema['properties']) ||
    schema['additionalProperties'] !== undefined ||
    Array.isArray(schema['required'])
  )
    return 'object';
  if (schema['items'] !== undefined || schema['prefixItems'] !== undefined) return 'array';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => k in schema))
    return 'number';
  if (schema['default'] !== undefined && typeof schema['default'] !== 'object')
    return typeof schema['default'] === 'number'
      ? 'number'
      : typeof schema['default'] === 'boolean'
        ? 'boolean'
        : 'string';
  return 'string';
}

/** The properties of an object schema, each mapped; optional ones cut by recursion are left out. */
export function mapProperties(
  ctx: FieldContext,
  schema: JsonObject,
  pointer: string,
  refs: readonly string[],
  nesting: number,
): [string, ValueSpec][] {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
  const out: [string, ValueSpec][] = [];
  for (const [key, property] of Object.entries(properties)) {
    const mapped = mapSchema(
      ctx,
      property,
      child(child(pointer, 'properties'), key),
      key,
      required.has(key),
      refs,
      nesting,
    );
    if ('omit' in mapped) continue;
    out.push([key, mapped]);
  }
  const names = new Set(out.map(([key]) => key));
  for (const key of required) {
    if (typeof key === 'string' && !names.has(key) && !Object.hasOwn(properties, key))
      out.push([key, { type: 'word' }]); // a required key without a schema takes any value
  }
  return out;
}

function mapObject(
  ctx: FieldContext,
  schema: JsonObject,
  pointer: string,
  refs: readonly string[],
  nesting: number,
): ValueSpec {
  const entries = mapProperties(ctx, schema, pointer, refs, nesting);
  const min = num(schema, 'minProperties') ?? 0;
  const extra = schema['additionalProperties'];
  // Free-form maps get keys of their own only where the schema demands them.
  for (let i = entries.length; i < min; i++) {
    const key = `key_${i + 1}`;
    const value = isObject(extra)
      ? mapSchema(ctx, extra, child(pointer, 'additionalProperties'), key, true, refs, nesting)
      : { type: 'word' };
    if (!('omit' in value)) entries.push([key, value]);
  }
  const properties: Record<string, ValueSpec> = {};
  for (const [key, spec] of entries)
    Object.defineProperty(properties, key, { value: spec, enumerable: true, writable: true });
  return { type: 'object', params: { properties } };
}

function mapArray(
  ctx: FieldContext,
  schema: JsonObject,
  pointer: string,
  name: string,
  refs: readonly string[],
  nesting: number,
): ValueSpec {
  const source = ctx.resolver.doc.source;
  let items: Json | undefined = schema['items'];
  let itemsAt = child(pointer, 'items');
  if (Array.isArray(items) || Array.isArray(schema['prefixItems'])) {
    // Tuples: the first position's schema for every element (read only when all positions agree).
    const tuple = (Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : items) as Json[];
    const key = Array.isArray(schema['prefixItems']) ? 'prefixItems' : 'items';
    if (tuple.length > 0 && tuple.every((t) => JSON.stringify(t) === JSON.stringify(tuple[0]))) {
      items = tuple[0];
      itemsAt = child(child(pointer, key), 0);
    } else if (tuple.length > 0) {
      throw specError(
        source,
        child(pointer, key),
        'tuples whose positions differ (prefixItems) are not generated yet.',
      );
    }
  }
  const minItems = Math.max(0, num(schema, 'minItems') ?? 0);
  let maxItems = Math.min(
    num(schema, 'maxItems') ?? Math.max(minItems, DEFAULT_MAX_ITEMS),
    Math.max(minItems, MAX_ITEMS),
  );
  if (minItems > MAX_ITEMS)
    throw specError(source, child(pointer, 'minItems'), `minItems over ${MAX_ITEMS} is not generated.`);
  if (maxItems < minItems)
    throw specError(source, child(pointer, 'maxItems'), 'maxItems is less than minItems.');
  const element = singular(name);
  const inner =
    items === undefined
      ? ({ type: 'word' } as Mapped)
      : mapSchema(ctx, items, itemsAt, element, minItems > 0, refs, nesting);
  if ('omit' in inner) return { type: 'constant', params: { value: [] } };
  if (inner.type === 'array') {
    if (minItems > 0) throw specError(source, itemsAt, 'arrays of arrays are not generated yet.');
    ctx.warnings.push(`${source} at ${itemsAt}: arrays of arrays are generated empty.`);
    return { type: 'constant', params: { value: [] } };
  }
  const unique = schema['uniqueItems'] === true;
  if (unique && inner.type === 'enum')
    maxItems = Math.min(maxItems, (inner.params!['values'] as unknown[]).length);
  if (unique && inner.type === 'constant') maxItems = Math.min(maxItems, 1);
  if (maxItems < minItems)
    throw specError(
      source,
      child(pointer, 'uniqueItems'),
      'too few distinct values for minItems unique items.',
    );
  const { nullable: _, ...element_ } = inner;
  const params: Record<string, unknown> = { of: element_.type, min: minItems, max: maxItems };
  if (element_.params !== undefined) params['params'] = element_.params;
  if (unique) params['unique'] = true;
  return { type: 'array', params };
}

function singular(name: string): string {
  return name.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
}
