/**
 * `one_of`: each value from one of several alternatives (a type with its params), drawn per value from
 * the cell's own stream, so the choice is as deterministic as the value. What a JSON Schema `oneOf` /
 * `anyOf` of several branches detects to (docs/openapi.md).
 */
import type { FieldType, RawParams } from '../field-type.js';
import { define } from './define.js';
import { unknownParamIssues } from './known-params.js';
import { check, type ParamCheck } from './params.js';
import { lookupType } from './registry.js';

/** One alternative: a type and its params. */
interface Branch {
  readonly type: string;
  readonly params?: RawParams;
}

const DEFAULT: readonly Branch[] = [{ type: 'word' }, { type: 'first_name' }];
const REFUSED = new Set(['ref', 'sequence', 'nullable', 'one_of']);

function branches(p: RawParams): readonly Branch[] {
  const of = p['of'];
  return Array.isArray(of) && of.length > 0 ? (of as Branch[]) : DEFAULT;
}

function validate(c: ParamCheck, p: RawParams): void {
  const of = p['of'];
  if (of === undefined || of === null) return;
  if (!Array.isArray(of) || of.length === 0 || of.length > 50) {
    c.fail('of', 'of must be an array of 1 to 50 alternatives {type, params?}');
    return;
  }
  of.forEach((branch: unknown, i) => {
    const path = `of[${i}]`;
    if (branch === null || typeof branch !== 'object' || Array.isArray(branch)) {
      c.fail(path, 'each alternative must be an object {type, params?}');
      return;
    }
    const { type, params, ...rest } = branch as Record<string, unknown>;
    for (const key of Object.keys(rest)) c.fail(`${path}.${key}`, 'unknown key');
    const inner = typeof type === 'string' ? lookupType(type) : undefined;
    if (inner === undefined || REFUSED.has(type as string)) {
      c.fail(`${path}.type`, `unknown or unsupported type ${String(type)}`);
      return;
    }
    if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params))) {
      c.fail(`${path}.params`, "params must be an object of the alternative type's params");
      return;
    }
    const ip = (params ?? {}) as RawParams;
    for (const issue of [...inner.validate(ip), ...unknownParamIssues(inner, ip, false)])
      c.relay(`${path}.params`, issue);
  });
}

export const ONE_OF_TYPE: FieldType = define({
  id: 'one_of',
  category: 'structure',
  description:
    'A value of one of the alternatives of `of`, each `{type, params?}`, drawn with equal chances per value; the column kind is theirs when they share one, else text (ours).',
  params: { of: 'array of 1–50 {type, params?} (default word or first_name); no ref, sequence or nullable' },
  example: 'delta',
  kind: (p) => {
    const kinds = new Set(branches(p).map((b) => lookupType(b.type)?.kind(b.params ?? {}) ?? 'text'));
    return kinds.size === 1 ? [...kinds][0]! : 'text';
  },
  validate: (p) => check(p, (c) => validate(c, p)),
  normalize: (p) => {
    const of = p['of'];
    if (!Array.isArray(of)) return p;
    return {
      ...p,
      of: (of as Branch[]).map((b) => {
        const inner = lookupType(b.type);
        const params = b.params ?? {};
        return { type: b.type, params: inner?.normalize ? inner.normalize(params) : params };
      }),
    };
  },
  maxBytes: (p) => Math.max(...branches(p).map((b) => lookupType(b.type)!.maxBytes(b.params ?? {}))),
  generate: (rng, ctx, p) => {
    const all = branches(p);
    const branch = all[all.length === 1 ? 0 : rng.int(0, all.length - 1)]!;
    return lookupType(branch.type)!.generate(rng, ctx, branch.params ?? {});
  },
});
