/**
 * Whether a realistic type fits a schema's constraints: the candidate generates a sample of values
 * (in several locales) and each must pass the schema's scalar keywords (type, length, pattern, format,
 * bounds, multipleOf), with a margin on lengths. A name-based type is used only when it passes.
 */
import { compile, generateRecords } from '../../workers/engine/index.js';
import type { JsonObject } from './spec-read.js';

/** A field type with its params (and whether it may be null). */
export interface ValueSpec {
  type: string;
  params?: Record<string, unknown>;
  nullable?: boolean;
}

const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(z|[+-]\d\d(:?\d\d)?)$/i,
  time: /^\d\d:\d\d:\d\d(\.\d+)?(z|[+-]\d\d(:?\d\d)?)?$/i,
  email:
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i,
  uuid: /^(urn:uuid:)?[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i,
  uri: /^[a-z][a-z0-9+\-.]*:[^\s]*$/i,
  url: /^[a-z][a-z0-9+\-.]*:[^\s]*$/i,
  ipv4: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
  ipv6: /^[0-9a-f:.]+$/i,
  hostname: /^(?=.{1,253}\.?$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i,
  byte: /^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
};

/** The regular expression of a `pattern`, as JSON Schema reads it (ECMA-262, Unicode), or undefined. */
export function patternRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

/** Whether `value` passes the scalar keywords of `schema`; `margin` keeps lengths off their bounds. */
export function accepts(schema: JsonObject, value: unknown, margin = 0): boolean {
  if (typeof value === 'string') {
    const length = [...value].length;
    const min = schema['minLength'];
    const max = schema['maxLength'];
    if (typeof min === 'number' && length < min + (min > 1 ? margin : 0)) return false;
    if (typeof max === 'number' && length > max - Math.min(margin, Math.floor(max / 4))) return false;
    const pattern = schema['pattern'];
    if (typeof pattern === 'string' && patternRegExp(pattern)?.test(value) !== true) return false;
    const format = schema['format'];
    if (typeof format === 'string' && FORMATS[format] !== undefined && !FORMATS[format].test(value))
      return false;
    return true;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    const types = schema['type'];
    if (
      (types === 'integer' ||
        (Array.isArray(types) && !types.includes('number') && types.includes('integer'))) &&
      !Number.isInteger(value)
    )
      return false;
    const n = (key: string): number | undefined =>
      typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
    const min = n('minimum');
    const max = n('maximum');
    if (min !== undefined && (value < min || (schema['exclusiveMinimum'] === true && value === min)))
      return false;
    if (max !== undefined && (value > max || (schema['exclusiveMaximum'] === true && value === max)))
      return false;
    const exMin = n('exclusiveMinimum');
    const exMax = n('exclusiveMaximum');
    if (exMin !== undefined && value <= exMin) return false;
    if (exMax !== undefined && value >= exMax) return false;
    const step = n('multipleOf');
    if (step !== undefined && step > 0) {
      const q = value / step;
      if (Math.abs(q - Math.round(q)) > 1e-9) return false;
    }
    return true;
  }
  return true;
}

const ROWS = 240;
const cache = new Map<string, unknown[] | undefined>();

/**
 * Values the spec generates for a field `name`, or undefined when it does not compile. One table
 * whose rows draw their locale (a country with `per_row_locale`) samples every locale at once. Only
 * `number` reads its field's name, so other types share their sample.
 */
function sample(spec: ValueSpec, name: string): unknown[] | undefined {
  const fieldName = spec.type === 'number' ? name.replace(/[^A-Za-z0-9_]/g, '_') || 'f' : 'f';
  const key = JSON.stringify([spec.type, spec.params, fieldName]);
  if (cache.has(key)) return cache.get(key);
  if (cache.size > 5000) cache.clear();
  const field: Record<string, unknown> = {
    name: fieldName === 'country_' ? 'f' : fieldName,
    type: spec.type,
  };
  if (spec.params !== undefined) field['params'] = spec.params;
  const result = compile({
    tables: [
      {
        name: 't',
        count: ROWS,
        fields: [{ name: 'country_', type: 'country', params: { per_row_locale: true } }, field],
      },
    ] as never,
    locale: 'en',
    seed: 1,
  });
  const values = result.ok
    ? generateRecords(result.plan, 't', 0, ROWS).map((record) => record[field['name'] as string])
    : undefined;
  cache.set(key, values);
  return values;
}

let warmed = false;

/**
 * Loads what sampling reads first (every locale's names and places, ~1 s once per thread), so that a
 * detection's deadline is spent on the document, not on loading.
 */
export function warmSampler(): void {
  if (warmed) return;
  warmed = true;
  for (const type of [
    'city',
    'first_name',
    'last_name',
    'full_name',
    'street_address',
    'company_name',
    'words',
  ])
    sample({ type }, 'f');
}

/** Whether `spec` compiles and every sampled value passes `schema` (lengths with a margin). */
export function fits(
  spec: ValueSpec,
  schema: JsonObject,
  name: string,
  expect: 'string' | 'number',
): boolean {
  const values = sample(spec, name);
  if (values === undefined) return false;
  return values.every((v) => typeof v === expect && accepts(schema, v, 4));
}
