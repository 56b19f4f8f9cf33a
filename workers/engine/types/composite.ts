/**
 * Types that wrap other types: `nullable` (a value of type `of`, sometimes null), `array` (values of
 * type `of`) and `json` (an object of typed or named keys). Their inner type comes from the
 * catalogue through registry.ts.
 */
import type { FieldType, RawParams, Rng, Value } from '../field-type.js';
import { jsonTextBytes, longestCost, textCost } from '../size.js';
import { define } from './define.js';
import { unknownParamIssues } from './known-params.js';
import { check, num, str, type ParamCheck as Check } from './params.js';
import { lookupType } from './registry.js';
import { WORDS } from './text-data.js';

function validateInner(c: Check, key: string, fallback: string): FieldType | undefined {
  const id = c.string(key, { nonEmpty: true }) ?? fallback;
  const inner = lookupType(id);
  if (!inner) c.fail(key, `unknown type ${id}`);
  else if (['ref', 'nullable', 'array', 'sequence'].includes(id)) c.fail(key, `${key} cannot be ${id}`);
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

function validateArray(c: Check, p: RawParams): void {
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
];
