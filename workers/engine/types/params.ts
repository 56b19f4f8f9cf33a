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

/** A number param or its default (params were validated). */
export function num(params: RawParams, key: string, fallback: number): number {
  const value = params[key];
  return typeof value === 'number' ? value : fallback;
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
