/**
 * One schema, flattened: `$ref`s followed (with their siblings), `allOf` merged into one schema, so
 * the field mapper reads a single set of keywords. A merged schema keeps what every part demands:
 * properties and required keys of all, the tightest bounds, the intersection of enums.
 */
import { child, isObject, type Json, type JsonObject, type RefResolver, specError } from './spec-read.js';

/** A flattened schema, the pointer it was read at and the component refs followed to reach it. */
export interface Flat {
  readonly schema: JsonObject;
  readonly pointer: string;
  /** The `$ref` targets followed, outermost first (a component's is `/components/schemas/X`). */
  readonly refs: readonly string[];
}

const LOWER = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];

function mergeInto(into: JsonObject, part: JsonObject, merge: (a: Json, b: Json) => Json): void {
  for (const [key, value] of Object.entries(part)) {
    const had = into[key];
    if (had === undefined) {
      into[key] = value;
      continue;
    }
    if (key === 'properties' && isObject(had) && isObject(value)) {
      const props: JsonObject = { ...had };
      for (const [name, schema] of Object.entries(value))
        props[name] = props[name] === undefined ? schema : merge(props[name]!, schema);
      into[key] = props;
    } else if (key === 'required' && Array.isArray(had) && Array.isArray(value)) {
      into[key] = [...new Set([...had, ...value])];
    } else if (LOWER.includes(key) && typeof had === 'number' && typeof value === 'number') {
      into[key] = Math.max(had, value);
    } else if (UPPER.includes(key) && typeof had === 'number' && typeof value === 'number') {
      into[key] = Math.min(had, value);
    } else if (key === 'enum' && Array.isArray(had) && Array.isArray(value)) {
      const keep = new Set(value.map((v) => JSON.stringify(v)));
      into[key] = had.filter((v) => keep.has(JSON.stringify(v)));
    } else if (key === 'type') {
      into[key] = intersectTypes(had, value);
    } else if (key === 'nullable') {
      into[key] = had === true && value === true;
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      // Two choices must both hold: kept as an allOf of the two, which flatten reads again.
      into[key] = had;
      into['allOf'] = [...(Array.isArray(into['allOf']) ? into['allOf'] : []), { [key]: value }];
    } else {
      into[key] = value;
    }
  }
}

function typeList(type: Json): string[] {
  return Array.isArray(type)
    ? type.filter((t): t is string => typeof t === 'string')
    : typeof type === 'string'
      ? [type]
      : [];
}

function intersectTypes(a: Json, b: Json): Json {
  const left = typeList(a);
  const right = typeList(b);
  const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
  for (const t of right) if (t === 'integer' && left.includes('number') && !both.includes(t)) both.push(t);
  return both.length === 1 ? both[0]! : both;
}

/** Flattens the schema at `pointer`; `refs` are those already followed on the way (for recursion). */
export function flatten(
  resolver: RefResolver,
  node: Json,
  pointer: string,
  refs: readonly string[] = [],
): Flat {
  const source = resolver.doc.source;
  const seen = new Set<string>();
  let schema = node;
  let at = pointer;
  const followed = [...refs];
  const parts: JsonObject[] = [];
  // Follow a chain of refs, keeping every sibling keyword on the way (3.1 and 2020-12 allow them).
  for (;;) {
    if (typeof schema === 'boolean') schema = schema ? {} : { not: {} };
    if (!isObject(schema)) throw specError(source, at, 'a schema must be an object or a boolean.');
    if (schema['$ref'] === undefined) break;
    const target = resolver.target(schema['$ref'], child(at, '$ref'));
    if (seen.has(target))
      throw specError(source, at, `$ref cycle without any schema: ${[...seen, target].join(' → ')}.`);
    seen.add(target);
    const { $ref: _, ...siblings } = schema;
    // OpenAPI 3.0 ignores siblings of $ref; their descriptions and examples are harmless to keep.
    if (Object.keys(siblings).length > 0) parts.push(siblings);
    followed.push(target);
    schema = resolver.at(target)!;
    at = target;
  }
  const base: JsonObject = { ...schema };
  const allOf = base['allOf'];
  delete base['allOf'];
  const merged: JsonObject = {};
  const merge = (a: Json, b: Json): Json => ({ allOf: [a, b] });
  if (Array.isArray(allOf)) {
    if (followed.length - refs.length > 64 || followed.length > 256)
      throw specError(source, at, 'allOf nests too deeply.');
    allOf.forEach((part, i) => {
      const flat = flatten(resolver, part, child(child(at, 'allOf'), i), followed);
      mergeInto(merged, flat.schema, merge);
    });
  } else if (allOf !== undefined) {
    throw specError(source, child(at, 'allOf'), 'allOf must be an array of schemas.');
  }
  mergeInto(merged, base, merge);
  for (const part of parts.reverse()) mergeInto(merged, part, merge);
  // A merged property may itself be an allOf of two: left for the field mapper to flatten.
  return { schema: merged, pointer: at, refs: followed };
}

/** The names of a schema's JSON types (`type` as a string or a list; 3.0 `nullable` adds null). */
export function typesOf(schema: JsonObject): string[] {
  const list = typeList(schema['type'] ?? null);
  if (schema['nullable'] === true && !list.includes('null')) list.push('null');
  return list;
}
