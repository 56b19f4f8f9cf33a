/**
 * Param validation helpers. Each checks one known key when present and appends a ParamIssue with the
 * key as path; unknown keys are never looked at (engine-level keys such as `null_rate` pass through).
 */
import type { ParamIssue, RawParams } from '../field-type.js';

/** Collects issues for one params object. */
export class ParamCheck {
  readonly issues: ParamIssue[] = [];

  constructor(readonly params: RawParams) {}

  /** Adds an issue. */
  fail(path: string, message: string, suggestion?: string): void {
    this.issues.push(suggestion === undefined ? { path, message } : { path, message, suggestion });
  }

  /** Adds a warning: the params are served as they are and the client is told (an ignored key). */
  warn(path: string, message: string, suggestion?: string): void {
    const base = suggestion === undefined ? { path, message } : { path, message, suggestion };
    this.issues.push({ ...base, warning: true });
  }

  /** Passes on an issue of an inner type's params under `prefix`, a warning staying a warning. */
  relay(prefix: string, issue: ParamIssue): void {
    const path = prefix === '' || issue.path === '' ? prefix + issue.path : `${prefix}.${issue.path}`;
    if (issue.warning) this.warn(path, issue.message, issue.suggestion);
    else this.fail(path, issue.message, issue.suggestion);
  }

  /** A finite number (optionally an integer, within bounds) or absent. */
  number(
    key: string,
    opts: { integer?: boolean; min?: number; max?: number; exclusiveMin?: number } = {},
  ): number | undefined {
    const value = this.params[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(key, `${key} must be a finite number`);
      return undefined;
    }
    if (opts.integer && !Number.isSafeInteger(value)) this.fail(key, `${key} must be an integer`);
    else if (opts.min !== undefined && value < opts.min)
      this.fail(key, `${key} must be at least ${opts.min}`);
    else if (opts.max !== undefined && value > opts.max) this.fail(key, `${key} must be at most ${opts.max}`);
    else if (opts.exclusiveMin !== undefined && value <= opts.exclusiveMin)
      this.fail(key, `${key} must be greater than ${opts.exclusiveMin}`);
    else return value;
    return undefined;
  }

  /** A string (optionally non-empty, matching a pattern or one of `oneOf`) or absent. */
  string(
    key: string,
    opts: { nonEmpty?: boolean; oneOf?: readonly string[]; pattern?: RegExp; maxLength?: number } = {},
  ): string | undefined {
    const value = this.params[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') this.fail(key, `${key} must be a string`);
    else if (opts.nonEmpty && value === '') this.fail(key, `${key} must not be empty`);
    else if (opts.oneOf && !opts.oneOf.includes(value))
      this.fail(key, `${key} must be one of ${opts.oneOf.join(', ')}`);
    else if (opts.pattern && !opts.pattern.test(value)) this.fail(key, `${key} has an invalid format`);
    else if (opts.maxLength !== undefined && value.length > opts.maxLength)
      this.fail(key, `${key} is longer than ${opts.maxLength}`);
    else return value;
    return undefined;
  }

  /** A boolean or absent. */
  boolean(key: string): boolean | undefined {
    const value = this.params[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') this.fail(key, `${key} must be a boolean`);
    else return value;
    return undefined;
  }

  /** A non-empty array of non-empty strings (at most `max`), or absent. */
  stringList(key: string, max = 1000): string[] | undefined {
    const value = this.params[key];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || value.length === 0 || value.length > max) {
      this.fail(key, `${key} must be a non-empty array of at most ${max} strings`);
      return undefined;
    }
    const bad = value.findIndex((v) => typeof v !== 'string' || v === '' || v.length > 200);
    if (bad >= 0) this.fail(`${key}[${bad}]`, `each entry of ${key} must be a string of 1–200 characters`);
    return bad >= 0 ? undefined : (value as string[]);
  }

  /**
   * Relative chances, one per value (`count` of them), or absent. A length mismatch is refused: the
   * hosted service writes null for such a cell; we say why instead (docs/decisions.md).
   */
  weights(key: string, count: number, of: string): number[] | undefined {
    const value = this.params[key];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.fail(key, `${key} must be an array of numbers`);
      return undefined;
    }
    const before = this.issues.length;
    if (value.length !== count) this.fail(key, `${key} must have one entry per value of ${of} (${count})`);
    value.forEach((w, i) => {
      if (typeof w !== 'number' || !Number.isFinite(w) || w < 0)
        this.fail(`${key}[${i}]`, 'each weight must be a number ≥ 0');
    });
    if (this.issues.length === before && value.every((w) => w === 0))
      this.fail(key, 'at least one weight must be positive');
    return this.issues.length === before ? (value as number[]) : undefined;
  }

  /** Fails `key` when it is given together with `other` (two spellings of one setting). */
  exclusive(key: string, other: string): void {
    if (this.params[key] != null && this.params[other] != null)
      this.fail(key, `give either ${key} or ${other}, not both`);
  }

  /** An ISO 8601 date or date-time, returned as epoch milliseconds, or absent. */
  isoDate(key: string): number | undefined {
    const value = this.params[key];
    if (value === undefined || value === null) return undefined;
    const ms = typeof value === 'string' ? parseIso(value) : Number.NaN;
    if (Number.isNaN(ms)) {
      this.fail(key, `${key} must be an ISO 8601 date such as 2024-01-31 or 2024-01-31T12:00:00Z`);
      return undefined;
    }
    return ms;
  }

  /** Fails `minKey` when both bounds are known and min > max. */
  ordered(minKey: string, min: number | undefined, maxKey: string, max: number | undefined): void {
    if (min !== undefined && max !== undefined && min > max)
      this.fail(minKey, `${minKey} must not be greater than ${maxKey}`);
  }
}

/** Runs `body` on a fresh ParamCheck and returns its issues. */
export function check(params: RawParams, body: (c: ParamCheck) => void): ParamIssue[] {
  const c = new ParamCheck(params);
  body(c);
  return c.issues;
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/;

/** Epoch ms of an ISO date or date-time (UTC unless it names a zone); NaN when invalid. */
export function parseIso(text: string): number {
  if (!ISO.test(text)) return Number.NaN;
  // Date.parse reads a zone-less date-time as local time; we always mean UTC.
  const normalized =
    text.length > 10 && !HAS_ZONE.test(text) ? text.replace(' ', 'T') + 'Z' : text.replace(' ', 'T');
  const ms = Date.parse(normalized);
  // Reject impossible dates that Date.parse rolls over (2024-02-30).
  if (
    Number.isNaN(ms) ||
    (!HAS_ZONE.test(text) && new Date(ms).toISOString().slice(0, 10) !== text.slice(0, 10))
  ) {
    return Number.NaN;
  }
  return ms;
}

/**
 * `scalar: true` (ours) on the types whose hosted value is an object (`weight`, `salary`,
 * `token_count`): the bare number instead, for a plain SQL or CSV column. The object's labels are then
 * unused, and the client is told.
 */
export const SCALAR_PARAM = 'boolean (ours, default false): the bare number instead of the object';

/** Whether the bare-number form of an object-valued type is asked for. */
export function isScalar(params: RawParams): boolean {
  return params['scalar'] === true;
}

/** Validates `scalar`, warning about each of `labels` that the bare number leaves out. */
export function checkScalar(c: ParamCheck, labels: readonly string[]): void {
  if (c.boolean('scalar') !== true) return;
  for (const key of labels) {
    if (c.params[key] != null) c.warn(key, `${key} is not written when scalar is true`);
  }
}

/** A number param or its default (params were validated). */
export function num(params: RawParams, key: string, fallback: number): number {
  const value = params[key];
  return typeof value === 'number' ? value : fallback;
}

/**
 * The numeric `min`/`max` a request gave (an open end where one is missing), for draws whose own range
 * comes from elsewhere (a keyed salary band, an animal's weight); undefined when neither is given.
 */
export function givenLimits(params: RawParams): [number, number] | undefined {
  const min = params['min'];
  const max = params['max'];
  if (typeof min !== 'number' && typeof max !== 'number') return undefined;
  return [
    typeof min === 'number' ? min : Number.NEGATIVE_INFINITY,
    typeof max === 'number' ? max : Number.POSITIVE_INFINITY,
  ];
}

/** A string param or its default. */
export function str(params: RawParams, key: string, fallback: string): string {
  const value = params[key];
  return typeof value === 'string' ? value : fallback;
}

/** Validates optional `min` and `max` as non-negative integers with min <= max (counts, minutes). */
export function validateCountRange(params: RawParams): ParamIssue[] {
  return check(params, (c) =>
    c.ordered(
      'min',
      c.number('min', { integer: true, min: 0 }),
      'max',
      c.number('max', { integer: true, min: 0 }),
    ),
  );
}

/**
 * A [min, max] pair for params the hosted service added to one of our types: neither given keeps our
 * own default range, one given takes the hosted default for the other, moved so the pair stays ordered
 * (docs/decisions.md, "Compatibility params").
 */
export function compatRange(
  params: RawParams,
  keys: readonly [string, string],
  ours: readonly [number, number],
  hosted: readonly [number, number],
): [number, number] {
  const min = params[keys[0]];
  const max = params[keys[1]];
  if (typeof min !== 'number' && typeof max !== 'number') return [ours[0], ours[1]];
  const lo = typeof min === 'number' ? min : Math.min(hosted[0], max as number);
  const hi = typeof max === 'number' ? max : Math.max(hosted[1], lo);
  return [lo, hi];
}

/** The band `bands` gives the row's value `key` (its own keys only: "constructor" is no band). */
export function bandOf(
  bands: Readonly<Record<string, readonly [number, number]>>,
  key: unknown,
): readonly [number, number] | undefined {
  return typeof key === 'string' && Object.hasOwn(bands, key) ? bands[key] : undefined;
}

/** `bands`: an object of [min, max] pairs (min ≤ max; for an integer, a whole number between), read through `by`. */
export function validateBands(p: RawParams, integer = false): ParamIssue[] {
  const bands = p['bands'];
  if (bands === undefined) return [];
  const message =
    'bands must be {"<value>": [min, max]} with numbers min ≤ max, and by naming a field of the row';
  const pairs =
    bands !== null && typeof bands === 'object' && !Array.isArray(bands) ? Object.values(bands) : [];
  const ok =
    typeof p['by'] === 'string' &&
    pairs.length > 0 &&
    pairs.every(
      (b) =>
        Array.isArray(b) &&
        b.length === 2 &&
        b.every((x) => typeof x === 'number' && Number.isFinite(x)) &&
        (integer
          ? Math.ceil(b[0] as number) <= Math.floor(b[1] as number)
          : (b[0] as number) <= (b[1] as number)),
    );
  return ok ? [] : [{ path: 'bands', message }];
}
