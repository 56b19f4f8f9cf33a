/**
 * `oneOf` / `anyOf` of several branches: each record draws a branch (the `one_of` field type). `anyOf`
 * draws among every branch that is not null. `oneOf` demands that a value match exactly one branch,
 * so it draws only among branches shown to be exclusive: every value a branch generates fails each
 * other branch, for a reason read from the schemas (types that cannot meet, a `const`/`enum` the other
 * branch refuses, a key the other requires that this branch never writes, a key it forbids, at any
 * depth of the properties). Branches that cannot be shown exclusive are not drawn (a warning names
 * them); with fewer than two left, the caller generates the first branch as before.
 */
import type { ValueSpec } from './spec-check.js';
import { flatten, typesOf } from './spec-merge.js';
import { child, isObject, type Json, type JsonObject, type RefResolver } from './spec-read.js';

/** One branch as mapped: its flattened schema and what it generates. */
export interface MappedBranch {
  readonly index: number;
  readonly schema: JsonObject;
  readonly spec: ValueSpec;
}

/** How deep the exclusivity check follows properties. */
const MAX_DEPTH = 4;

function full(resolver: RefResolver, node: Json, pointer: string): JsonObject {
  let flat = flatten(resolver, node, pointer);
  while (Array.isArray(flat.schema['allOf'])) flat = flatten(resolver, flat.schema, flat.pointer, flat.refs);
  return flat.schema;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a spec's values may take, or undefined when not known. */
function specTypes(spec: ValueSpec, schema: JsonObject): string[] | undefined {
  const finite = finiteValues(spec);
  if (finite !== undefined) return [...new Set(finite.map(jsonTypeOf))];
  if (spec.type === 'object') return ['object'];
  if (spec.type === 'array') return ['array'];
  const types = typesOf(schema).filter((t) => t !== 'null');
  return types.length > 0 ? types : undefined;
}

/** Every value a spec may give, when it is a constant or an enum. */
function finiteValues(spec: ValueSpec): unknown[] | undefined {
  if (spec.type === 'constant') return [spec.params?.['value']];
  if (spec.type === 'enum') return spec.params?.['values'] as unknown[];
  return undefined;
}

function typesMeet(a: readonly string[], b: readonly string[]): boolean {
  return a.some(
    (t) =>
      b.includes(t) || (t === 'integer' && b.includes('number')) || (t === 'number' && b.includes('integer')),
  );
}

/** Whether every value `spec` (of `schema`) generates is refused by `other`. */
function refuses(
  resolver: RefResolver,
  spec: ValueSpec,
  schema: JsonObject,
  other: JsonObject,
  depth: number,
): boolean {
  const own = specTypes(spec, schema);
  const theirs = typesOf(other).filter((t) => t !== 'null');
  if (own !== undefined && theirs.length > 0 && !typesMeet(own, theirs)) return true;
  const values = finiteValues(spec);
  const allowed =
    other['const'] !== undefined
      ? [other['const']]
      : Array.isArray(other['enum'])
        ? other['enum']
        : undefined;
  if (values !== undefined && allowed !== undefined) {
    const keep = new Set(allowed.map((v) => JSON.stringify(v)));
    if (values.every((v) => !keep.has(JSON.stringify(v)))) return true;
  }
  if (spec.type !== 'object' || depth >= MAX_DEPTH) return false;
  const written = (spec.params?.['properties'] ?? {}) as Record<string, ValueSpec>;
  const keys = Object.keys(written);
  const required = Array.isArray(other['required']) ? other['required'] : [];
  if (required.some((k) => typeof k === 'string' && !keys.includes(k))) return true;
  const props = isObject(other['properties']) ? other['properties'] : {};
  if (other['additionalProperties'] === false && keys.some((k) => !Object.hasOwn(props, k))) return true;
  const ownProps = isObject(schema['properties']) ? schema['properties'] : {};
  return keys.some((k) => {
    if (!Object.hasOwn(props, k)) return false;
    const theirsAt = full(resolver, props[k]!, child('/properties', k));
    const ownAt = Object.hasOwn(ownProps, k) ? full(resolver, ownProps[k]!, child('/properties', k)) : {};
    return refuses(resolver, written[k]!, ownAt, theirsAt, depth + 1);
  });
}

/** The branches of a `oneOf` that exclude every other branch (those left out are named in `out`). */
export function exclusiveBranches(
  resolver: RefResolver,
  branches: readonly MappedBranch[],
  schemas: readonly JsonObject[],
): { kept: MappedBranch[]; overlapping: number[] } {
  const kept: MappedBranch[] = [];
  const overlapping: number[] = [];
  for (const branch of branches) {
    let exclusive: boolean;
    try {
      exclusive = schemas.every(
        (other, i) => i === branch.index || refuses(resolver, branch.spec, branch.schema, other, 0),
      );
    } catch {
      exclusive = false; // a schema the check cannot read: not shown exclusive
    }
    if (exclusive) kept.push(branch);
    else overlapping.push(branch.index);
  }
  return { kept, overlapping };
}

/** Flattens every branch of a choice with the keywords beside it (for the exclusivity check). */
export function branchSchemas(
  resolver: RefResolver,
  rest: JsonObject,
  branches: readonly Json[],
  pointer: string,
): JsonObject[] {
  return branches.map((branch, i) => {
    try {
      return full(resolver, { allOf: [rest, branch] }, child(pointer, i));
    } catch {
      return {};
    }
  });
}

/** What mapping one branch needs from the field mapper (passed in: the mapper imports this module). */
export interface ChoiceContext {
  readonly resolver: RefResolver;
  readonly warnings: string[];
  /** Maps the branch node at `pointer` (the keywords beside the choice merged in). */
  map(node: Json, pointer: string): ValueSpec;
}

/** Types a `one_of` alternative cannot be. */
const NOT_DRAWN = new Set(['ref', 'sequence', 'nullable', 'one_of']);

/** The `discriminator` value of a branch (its mapping name, else its component's name). */
export function discriminatorTag(
  discriminator: Json | undefined,
  branch: Json,
): [string, string] | undefined {
  if (!isObject(discriminator) || typeof discriminator['propertyName'] !== 'string') return undefined;
  const ref = isObject(branch) && typeof branch['$ref'] === 'string' ? branch['$ref'] : undefined;
  const mapping = isObject(discriminator['mapping']) ? discriminator['mapping'] : {};
  const mapped = Object.entries(mapping).find(([, target]) => target === ref)?.[0];
  const value = mapped ?? ref?.split('/').pop();
  return value === undefined ? undefined : [discriminator['propertyName'], value];
}

/**
 * A choice of several non-null branches as one field: a `one_of` of the branches drawn (or the one
 * exclusive branch of a oneOf), nullable when a branch is null; the first branch, with a warning,
 * when no oneOf branch is exclusive. Undefined when fewer than two branches are not null: the caller
 * reads the one branch.
 */
export function drawnChoice(
  ctx: ChoiceContext,
  schema: JsonObject,
  pointer: string,
  nonNull: (schema: JsonObject) => boolean,
): ValueSpec | undefined {
  const key = Array.isArray(schema['oneOf']) ? 'oneOf' : Array.isArray(schema['anyOf']) ? 'anyOf' : undefined;
  if (key === undefined) return undefined;
  const { [key]: _, discriminator, ...rest } = schema;
  const at = child(pointer, key);
  const live: { node: Json; index: number }[] = [];
  let nullable = false;
  (schema[key] as Json[]).forEach((node, index) => {
    let isNull: boolean;
    try {
      isNull = !nonNull(flatten(ctx.resolver, node, child(at, index)).schema);
    } catch {
      isNull = false; // a branch that cannot be read: mapping it below says why, or falls back
    }
    if (isNull) nullable = true;
    else live.push({ node, index });
  });
  if (live.length < 2) return undefined;
  const schemas = branchSchemas(
    ctx.resolver,
    rest,
    live.map((b) => b.node),
    at,
  );
  // Each branch is mapped once (a choice inside a branch would otherwise be mapped again per level):
  // the first branch's error is the field's, as when only it was read; a later branch that cannot be
  // generated is left out.
  const mapped: MappedBranch[] = [];
  let first: ValueSpec | undefined;
  const skipped: number[] = [];
  live.forEach(({ node, index }, i) => {
    let own: ValueSpec;
    try {
      own = ctx.map({ allOf: [rest, node] }, child(at, index));
    } catch (error) {
      if (i === 0) throw error;
      skipped.push(index);
      return;
    }
    const { nullable: _n, ...spec } = own;
    const tag = discriminatorTag(discriminator, node);
    if (tag !== undefined && spec.type === 'object') {
      const properties = { ...(spec.params!['properties'] as Record<string, ValueSpec>) };
      properties[tag[0]] = { type: 'constant', params: { value: tag[1] } };
      spec.params = { ...spec.params, properties };
      own = { ...own, params: spec.params };
    }
    if (i === 0) first = own;
    mapped.push({ index: i, schema: schemas[i]!, spec });
  });
  const source = ctx.resolver.doc.source;
  if (skipped.length > 0)
    ctx.warnings.push(
      `${source} at ${at}: branches ${skipped.join(', ')} cannot be generated; they are not drawn.`,
    );
  const onlyFirst = (why: string): ValueSpec => {
    ctx.warnings.push(`${source} at ${at}: ${key} generates its first branch only (${why}).`);
    return nullable ? { ...first!, nullable: true } : first!;
  };
  if (mapped.some((b) => NOT_DRAWN.has(b.spec.type))) return onlyFirst('a branch cannot be drawn');
  let kept = mapped;
  if (key === 'oneOf') {
    const { kept: exclusive, overlapping } = exclusiveBranches(ctx.resolver, mapped, schemas);
    if (exclusive.length === 0) return onlyFirst('no branch is shown to exclude the others');
    if (overlapping.length > 0)
      ctx.warnings.push(
        `${source} at ${at}: branches ${overlapping.map((i) => live[i]!.index).join(', ')} may match another branch too (oneOf wants exactly one); they are not generated.`,
      );
    kept = exclusive;
  }
  if (kept.length === 1) {
    const only = kept[0]!.index === 0 ? first! : kept[0]!.spec;
    return nullable ? { ...only, nullable: true } : only;
  }
  const spec: ValueSpec = {
    type: 'one_of',
    params: {
      of: kept.map((b) => ({ type: b.spec.type, ...(b.spec.params ? { params: b.spec.params } : {}) })),
    },
  };
  return nullable ? { ...spec, nullable: true } : spec;
}
