/**
 * Types that wrap other types: `nullable` (a value of type `of`, sometimes null), `array` (values of
 * type `of`), `json` (an object of typed or named keys) and `object` (an object whose every key has
 * its own type, params and null rate, nested at will). Their inner type comes from the catalogue
 * through registry.ts.
 */
import type { FieldType, RawParams, Rng, Value } from '../field-type.js';
import { jsonTextBytes, longestCost, textCost } from '../size.js';
import { define } from './define.js';
import { unknownParamIssues } from './known-params.js';
import { check, num, ParamCheck as ParamCheckOf, str, type ParamCheck as Check } from './params.js';
import { lookupType } from './registry.js';
import { WORDS } from './text-data.js';

function validateInner(
  c: Check,
  key: string,
  fallback: string,
  refused: readonly string[] = ['ref', 'nullable', 'array', 'sequence'],
): FieldType | undefined {
  const id = c.string(key, { nonEmpty: true }) ?? fallback;
  if (id === '') {
    c.fail(key, `${key} is required`);
    return undefined;
  }
  const inner = lookupType(id);
  if (!inner) c.fail(key, `unknown type ${id}`);
  else if (refused.includes(id)) c.fail(key, `${key} cannot be ${id}`);
  return inner;
}

/** The element params of `array`: an object, or {} when absent (validation refuses anything else). */
function innerParams(params: RawParams): RawParams {
  const inner = params['params'];
  return inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as RawParams) : {};
}

/** Params of a type after its own normalize, if it has one. */
function normalized(type: FieldType | undefined, params: RawParams): RawParams {
  return type?.normalize ? type.normalize(params) : params;
}

/** `json.keys`: a flag for active/enabled, a count for count/total, else a "value_N" string. */
function keyedValue(key: string, rng: Rng): Value {
  const lower = key.toLowerCase();
  if (lower.includes('active') || lower.includes('enabled')) return rng.chance(0.7);
  if (lower.includes('count') || lower.includes('total')) return rng.int(0, 100);
  return 'value_' + rng.int(1, 1000);
}

/** One key of an `object`: its type, params and null rate. */
interface PropertySpec {
  readonly type: string;
  readonly params?: RawParams;
  readonly nullable?: boolean;
  readonly null_rate?: number;
}

function propertyEntries(p: RawParams): [string, PropertySpec][] {
  return Object.entries(p['properties'] as Record<string, PropertySpec>);
}

/** Up to `length` distinct values of `draw` (compared as JSON), trying a bounded number of times. */
function distinctValues(length: number, draw: () => Value): Value[] {
  const seen = new Set<string>();
  const out: Value[] = [];
  for (let tries = 0; out.length < length && tries < length * 20 + 20; tries++) {
    const value = draw();
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

const PROPERTY_KEYS = new Set(['type', 'params', 'nullable', 'null_rate']);

function validateObject(c: Check, p: RawParams): void {
  const properties = p['properties'];
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
    c.fail('properties', 'properties must be an object of key → {type, params?, nullable?}');
    return;
  }
  const entries = Object.entries(properties as Record<string, unknown>);
  if (entries.length > 500) c.fail('properties', 'properties may hold at most 500 keys');
  for (const [key, spec] of entries) {
    const path = `properties.${key}`;
    if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
      c.fail(path, 'each property must be an object {type, params?, nullable?, null_rate?}');
      continue;
    }
    const sc = new ParamCheckOf(spec as RawParams);
    for (const extra of Object.keys(spec)) if (!PROPERTY_KEYS.has(extra)) sc.fail(extra, 'unknown key');
    sc.boolean('nullable');
    sc.number('null_rate', { min: 0, max: 1 });
    const inner = validateInner(sc, 'type', '', ['ref', 'nullable', 'sequence']);
    const raw = (spec as RawParams)['params'];
    if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
      sc.fail('params', "params must be an object of the property type's params");
    } else if (inner) {
      const ip = (raw ?? {}) as RawParams;
      for (const issue of [...inner.validate(ip), ...unknownParamIssues(inner, ip, false)])
        sc.relay('params', issue);
    }
    for (const issue of sc.issues) c.relay(path, issue);
  }
}

function validateArray(c: Check, p: RawParams): void {
  c.boolean('unique');
  const bound = { integer: true, min: 0, max: 1000 };
  const min = c.number('min', bound) ?? c.number('min_length', bound);
  const max = c.number('max', bound) ?? c.number('max_length', bound);
  c.ordered(p['min'] != null ? 'min' : 'min_length', min, p['max'] != null ? 'max' : 'max_length', max);
  c.exclusive('min_length', 'min');
  c.exclusive('max_length', 'max');
  if (p['values'] != null) {
    c.stringList('values');
    c.exclusive('values', 'of');
    c.exclusive('values', 'params');
    return;
  }
  const inner = validateInner(c, 'of', 'word');
  const raw = p['params'];
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    c.fail('params', "params must be an object of the element type's params");
  } else if (inner) {
    const ip = innerParams(p);
    for (const issue of [...inner.validate(ip), ...unknownParamIssues(inner, ip, false)])
      c.relay('params', issue);
  }
}

export const COMPOSITE_TYPES: readonly FieldType[] = [
  define({
    id: 'nullable',
    category: 'structure',
    description:
      'A value of type `of` (default `word`, same params) that is null with probability `null_rate` (default 0.15).',
    params: { of: 'type id (default word)', null_rate: 'number 0–1 (default 0.15)' },
    example: null,
    kind: (p) => lookupType(str(p, 'of', 'word'))?.kind(p) ?? 'text',
    maxBytes: (p) => lookupType(str(p, 'of', 'word'))!.maxBytes(p),
    validate: (p) =>
      check(p, (c) => {
        c.number('null_rate', { min: 0, max: 1 });
        const inner = validateInner(c, 'of', 'word');
        if (inner) for (const issue of inner.validate(p)) c.relay('', issue);
      }),
    normalize: (p) => normalized(lookupType(str(p, 'of', 'word')), p),
    generate: (rng, ctx, p) =>
      rng.float() < num(p, 'null_rate', 0.15)
        ? null
        : lookupType(str(p, 'of', 'word'))!.generate(rng, ctx, p),
  }),
  define({
    id: 'array',
    category: 'structure',
    description:
      "JSON array of min–max values of type `of` (default `word`), with that type's `params`; `values` draws the elements from a list instead.",
    params: {
      of: 'type id (default word)',
      min: 'integer 0–1000 (default 1)',
      max: 'integer 0–1000 (default 5)',
      min_length: 'integer 0–1000: the hosted name of `min`',
      max_length: 'integer 0–1000: the hosted name of `max`',
      params: 'object: params of the element type',
      values: 'array of strings to draw elements from, with repetition (instead of of/params)',
      unique:
        'boolean: no two elements equal (drawn again on a repeat; fewer elements only when the type has too few values; ours)',
    },
    example: ['alpha', 'delta', 'kilo'],
    kind: 'json',
    validate: (p) => check(p, (c) => validateArray(c, p)),
    normalize: (p) => {
      const { min_length, max_length, values, ...rest } = p;
      const out: Record<string, unknown> = { ...rest };
      if (min_length != null) out['min'] = min_length;
      if (max_length != null) out['max'] = max_length;
      if (values != null) {
        out['of'] = 'enum';
        out['params'] = { values };
      } else {
        out['params'] = normalized(lookupType(str(p, 'of', 'word')), innerParams(p));
      }
      return out;
    },
    // `[…]` of at most `max` elements, each in JSON no larger than in its largest output, plus a comma.
    maxBytes: (p) =>
      jsonTextBytes(2 + num(p, 'max', 5) * (lookupType(str(p, 'of', 'word'))!.maxBytes(innerParams(p)) + 1)),
    generate: (rng, ctx, p) => {
      const inner = lookupType(str(p, 'of', 'word'))!;
      const ip = innerParams(p);
      const length = rng.int(num(p, 'min', 1), num(p, 'max', 5));
      const out: Value[] = [];
      if (p['unique'] === true) return distinctValues(length, () => inner.generate(rng, ctx, ip));
      for (let i = 0; i < length; i++) out.push(inner.generate(rng, ctx, ip));
      return out;
    },
  }),
  define({
    id: 'json',
    category: 'structure',
    description:
      'Small JSON object: {id, name, active, score, tags} by default, one key per entry of `fields` (key → type id), or one per name of `keys`.',
    params: {
      fields: 'object: key → type id (optional)',
      keys: 'array of key names: …active/…enabled → boolean (70% true), …count/…total → integer 0–100, else "value_N"',
    },
    example: { id: 4821, name: 'delta', active: true, score: 0.72, tags: ['alpha', 'kilo'] },
    kind: 'json',
    validate: (p) =>
      check(p, (c) => {
        c.stringList('keys', 100);
        c.exclusive('keys', 'fields');
        const fields = p['fields'];
        if (fields === undefined || fields === null) return;
        if (typeof fields !== 'object' || Array.isArray(fields))
          return c.fail('fields', 'fields must be an object of key → type id');
        for (const [key, id] of Object.entries(fields)) {
          if (typeof id !== 'string' || !lookupType(id) || id === 'ref' || id === 'json')
            c.fail(`fields.${key}`, `unknown or unsupported type ${String(id)}`);
        }
      }),
    maxBytes: (p) => {
      const keys = p['keys'] as readonly string[] | undefined;
      if (keys) return jsonTextBytes(2 + keys.reduce((sum, key) => sum + textCost(key) + 20, 0));
      const fields = p['fields'] as Record<string, string> | undefined;
      if (!fields) return jsonTextBytes(80 + 3 * longestCost(WORDS));
      let bytes = 2;
      for (const [key, id] of Object.entries(fields))
        bytes += textCost(key) + 6 + lookupType(id)!.maxBytes({});
      return jsonTextBytes(bytes);
    },
    generate: (rng, ctx, p) => {
      const keys = p['keys'] as readonly string[] | undefined;
      // fromEntries defines its keys, so a key named __proto__ is a key, not the object's prototype.
      if (keys) return Object.fromEntries(keys.map((key) => [key, keyedValue(key, rng)]));
      const fields = p['fields'] as Record<string, string> | undefined;
      if (fields) {
        return Object.fromEntries(
          Object.entries(fields).map(([key, id]) => [key, lookupType(id)!.generate(rng, ctx, {})]),
        );
      }
      const tags = [rng.pick(WORDS), rng.pick(WORDS)];
      return {
        id: rng.int(1, 99_999),
        name: rng.pick(WORDS),
        active: rng.chance(0.5),
        score: Math.round(rng.float() * 100) / 100,
        tags,
      };
    },
  }),
  define({
    id: 'object',
    category: 'structure',
    description:
      'JSON object with one key per entry of `properties`, each a value of its own `type` and `params`, null with `null_rate` when `nullable`; objects and arrays nest.',
    params: {
      properties:
        'object (required): key → {type, params?, nullable?, null_rate?}; type is any type but ref and sequence (ours)',
    },
    example: { street: '12 Elm Street', city: 'Springfield' },
    kind: 'json',
    validate: (p) => check(p, (c) => validateObject(c, p)),
    normalize: (p) => ({
      properties: Object.fromEntries(
        propertyEntries(p).map(([key, spec]) => [
          key,
          { ...spec, params: normalized(lookupType(spec.type), spec.params ?? {}) },
        ]),
      ),
    }),
    maxBytes: (p) => {
      let bytes = 2;
      for (const [key, spec] of propertyEntries(p))
        bytes += textCost(key) + 6 + Math.max(4, lookupType(spec.type)!.maxBytes(spec.params ?? {}));
      return jsonTextBytes(bytes);
    },
    generate: (rng, ctx, p) => {
      const out: Record<string, Value> = {};
      for (const [key, spec] of propertyEntries(p)) {
        // Every key draws, null or not, so a null never shifts the next key's value.
        const value = lookupType(spec.type)!.generate(rng, ctx, spec.params ?? {});
        const isNull = spec.nullable === true && rng.float() < (spec.null_rate ?? 0.15);
        // defineProperty: a key named __proto__ is a key, not the object's prototype.
        Object.defineProperty(out, key, { value: isNull ? null : value, enumerable: true, writable: true });
      }
      return out;
    },
  }),
];
