/**
 * First compiler pass: the shape of each table and field, type identifiers (with a suggestion for
 * unknown ones), the type's own param checks, and the engine's params (null_rate, after/before,
 * primary_key, and everything of `ref`).
 */
import { type DraftField, type DraftTable, type Issues, isRecord, paramPath } from './compile-draft.js';
import { isEngineParam } from './engine-params.js';
import type { ColumnKind, ParamIssue, RawParams } from './field-type.js';
import type { GenerationInput } from './schema.js';
import { RESOLVED_BY_ENGINE } from './types/derived.js';
import { FIELD_TYPES, suggestType } from './types/index.js';
import { unknownParamIssues } from './types/known-params.js';

/** Largest row count of one table; far above any tier's limit, low enough for Float64 arithmetic. */
export const MAX_COUNT = 2 ** 31 - 1;
const DEFAULT_NULL_RATE = 0.15;
/** Default power-law exponent (as the catalogue documents). */
export const DEFAULT_ALPHA = 1.5;
const ANCHOR = /^[^.\s]+(\.[^.\s]+)?$/;
/** The most fields one `by` may name. */
const MAX_BY = 4;
const isFieldName = (name: unknown): name is string => typeof name === 'string' && name !== '';
const LONE_SURROGATE = 'a name must be well-formed Unicode: it holds a lone surrogate (\\ud800-\\udfff)';

/** Whether `text` holds no lone surrogate: every output writes names as UTF-8, which cannot hold one. */
function wellFormed(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}

/** Reads and checks every table and field; returns drafts (possibly partial when issues were found). */
export function readTables(input: GenerationInput, issues: Issues): DraftTable[] {
  const tables: DraftTable[] = [];
  const seen = new Map<string, number>();
  const list: unknown = input.tables;
  if (!Array.isArray(list) || list.length === 0) {
    issues.add('tables', 'at least one table is required');
    return tables;
  }
  list.forEach((spec: unknown, t) => {
    const path = `tables[${t}]`;
    if (!isRecord(spec)) return issues.add(path, 'a table must be an object');
    const name = spec['name'];
    if (typeof name !== 'string' || name === '') issues.add(`${path}.name`, 'a table needs a non-empty name');
    else if (!wellFormed(name)) issues.add(`${path}.name`, LONE_SURROGATE);
    else if (seen.has(name)) issues.add(`${path}.name`, `table "${name}" is defined twice`);
    else seen.set(name, t);
    const count = spec['count'];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
      issues.add(`${path}.count`, `count must be an integer from 1 to ${MAX_COUNT}`);
    }
    const table: DraftTable = {
      index: t,
      path,
      name: typeof name === 'string' ? name : '',
      count: typeof count === 'number' ? count : 1,
      fields: [],
      byName: new Map(),
      uniques: [],
      primaryKey: -1,
      perRowLocale: false,
      localeField: -1,
      placeRef: -1,
      composites: [],
    };
    tables.push(table);
    readFields(table, spec['fields'], issues);
    readUniques(table, spec['unique'], issues);
  });
  return tables;
}

function readFields(table: DraftTable, list: unknown, issues: Issues): void {
  if (!Array.isArray(list) || list.length === 0) {
    return issues.add(`${table.path}.fields`, 'a table needs at least one field');
  }
  list.forEach((spec: unknown, f) => {
    const path = `${table.path}.fields[${f}]`;
    if (!isRecord(spec)) return issues.add(path, 'a field must be an object');
    const name = spec['name'];
    if (typeof name !== 'string' || name === '')
      return issues.add(`${path}.name`, 'a field needs a non-empty name');
    if (table.byName.has(name)) return issues.add(`${path}.name`, `field "${name}" is defined twice`);
    if (!wellFormed(name)) return issues.add(`${path}.name`, LONE_SURROGATE);
    const typeId = spec['type'];
    const type = typeof typeId === 'string' ? FIELD_TYPES.get(typeId) : undefined;
    if (typeof typeId !== 'string' || type === undefined) {
      const suggestion = typeof typeId === 'string' ? suggestType(typeId) : undefined;
      const hint = suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
      return issues.add(`${path}.type`, `unknown field type "${String(typeId)}"${hint}`, suggestion);
    }
    const rawParams = spec['params'] ?? {};
    if (!isRecord(rawParams)) return issues.add(`${path}.params`, 'params must be an object');
    let params = rawParams as Record<string, unknown>;
    const nullable = spec['nullable'] === true;
    if (spec['nullable'] !== undefined && typeof spec['nullable'] !== 'boolean') {
      issues.add(`${path}.nullable`, 'nullable must be a boolean');
    }
    if (spec['unique'] !== undefined && typeof spec['unique'] !== 'boolean') {
      issues.add(`${path}.unique`, 'unique must be a boolean');
    }
    const before = issues.list.length;
    if (typeId !== 'ref') {
      for (const issue of safeValidate(type.validate.bind(type), params)) {
        if (issue.warning) issues.warn(paramPath(path, issue.path), issue.message);
        else issues.add(paramPath(path, issue.path), issue.message, issue.suggestion);
      }
    }
    for (const issue of unknownParamIssues(type, params, true)) {
      issues.warn(paramPath(path, issue.path), issue.message);
    }
    checkEngineParams(path, typeId, params, issues);
    if (issues.list.length === before && type.normalize) params = { ...type.normalize(params) };
    // Refs and derived values take their kind from the fields they read (resolved later).
    const resolvedLater = RESOLVED_BY_ENGINE.has(typeId);
    let kind = issues.list.length === before && !resolvedLater ? type.kind(params) : 'text';
    if ((typeId === 'sequence' || typeId === 'id') && (kind === 'integer' || kind === 'bigint')) {
      const counted = sequenceKind(path, params, table.count, issues);
      if (counted === 'bigint') kind = counted; // the type's own guess (a million rows) may say so already
    }
    const field: DraftField = {
      index: table.fields.length,
      path,
      name,
      typeId,
      type,
      params,
      nullable,
      nullRate: nullable ? ((params['null_rate'] as number | undefined) ?? DEFAULT_NULL_RATE) : 0,
      unique: spec['unique'] === true,
      kind,
      ref: null,
      distinct: false,
      source: { mode: 'type' },
      when: null,
    };
    table.byName.set(name, field.index);
    table.fields.push(field);
  });
}

/**
 * The column kind of a numeric sequence over `count` rows: its values must stay exact (within 2^53 − 1)
 * and fit the column, so the table's count decides between integer and bigint.
 */
function sequenceKind(path: string, params: RawParams, count: number, issues: Issues): ColumnKind {
  const start = typeof params['start'] === 'number' ? params['start'] : 1;
  const step = typeof params['step'] === 'number' ? params['step'] : 1;
  const reach = Math.max(Math.abs(start), Math.abs(start + step * (count - 1)));
  if (reach > Number.MAX_SAFE_INTEGER) {
    issues.add(
      paramPath(path, 'step'),
      `start + step × (count − 1) must stay within ±${Number.MAX_SAFE_INTEGER}; it reaches ${reach}`,
    );
  }
  return reach > 2_147_483_647 ? 'bigint' : 'integer';
}

/** A type's validate must not be able to crash compilation on odd params. */
function safeValidate(validate: (p: RawParams) => ParamIssue[], params: RawParams): ParamIssue[] {
  try {
    return validate(params);
  } catch {
    return [{ path: '', message: 'params are not valid for this type' }];
  }
}

function checkEngineParams(
  path: string,
  typeId: string,
  params: Record<string, unknown>,
  issues: Issues,
): void {
  const p = (key: string) => paramPath(path, key);
  const rate = params['null_rate'];
  if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && rate <= 1)) {
    issues.add(p('null_rate'), 'null_rate must be a number from 0 to 1');
  }
  for (const key of [
    'primary_key',
    'per_row_locale',
    'allow_self',
    'same_place',
    'after_parents',
    'ascending',
    'in_order',
    'distinct',
  ]) {
    if (params[key] !== undefined && typeof params[key] !== 'boolean')
      issues.add(p(key), `${key} must be a boolean`);
  }
  for (const key of ['after', 'before']) {
    const anchor = params[key];
    const isAnchor = (a: unknown) => typeof a === 'string' && ANCHOR.test(a);
    // `after` may list several anchors: the value follows the latest of them.
    const ok =
      anchor === undefined ||
      isAnchor(anchor) ||
      (key === 'after' && Array.isArray(anchor) && anchor.length > 0 && anchor.every(isAnchor));
    if (!ok) {
      issues.add(
        p(key),
        `${key} must name a field ("created_at") or a ref field and a parent field ("order_id.created_at")` +
          (key === 'after' ? ', or be a non-empty array of such names' : ''),
      );
    }
  }
  if (params['when'] !== undefined) checkCondition(params['when'], p('when'), issues);
  const by = params['by'];
  if (
    by !== undefined &&
    isEngineParam('by', typeId) &&
    !(isFieldName(by) || (Array.isArray(by) && by.length > 0 && by.length <= MAX_BY && by.every(isFieldName)))
  ) {
    issues.add(p('by'), `by must name a field of this table, or be a list of 1–${MAX_BY} such names`);
  }
  for (const key of ['max_gap_days', 'max_gap', 'min_gap_days', 'min_gap']) {
    const gap = params[key];
    if (gap !== undefined && !(typeof gap === 'number' && Number.isFinite(gap) && gap >= 0)) {
      issues.add(p(key), `${key} must be a non-negative number`);
    }
  }
  // `date_range` has min/max_gap_days of its own (its end after its start): not the engine's.
  const own = FIELD_TYPES.get(typeId)?.params ?? {};
  for (const [min, max] of [
    ['min_gap_days', 'max_gap_days'],
    ['min_gap', 'max_gap'],
  ] as const) {
    if (min in own) continue;
    const low = params[min];
    const high = params[max];
    if (typeof low === 'number' && typeof high === 'number' && low > high)
      issues.add(p(min), `${min} must not exceed ${max}`);
    if (low !== undefined && params['after'] === undefined)
      issues.add(p(min), `${min} needs an after anchor`);
  }
  if (typeId === 'ref') checkRefParams(params, p, issues);
}

const CONDITION_VALUE = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

/**
 * `when` (a field of this table) or a ref's `where` (a field of the parent): {field, in: [...]} or
 * {field, not_in: [...]}, values being strings, numbers or booleans.
 */
function checkCondition(when: unknown, path: string, issues: Issues, key = 'when', of = 'this table'): void {
  const message = `${key} must be {"field": "<field of ${of}>", "in": [values]} or {"field": ..., "not_in": [values]}`;
  if (!isRecord(when)) return issues.add(path, message);
  const unknownKey = Object.keys(when).find((k) => k !== 'field' && k !== 'in' && k !== 'not_in');
  const list = when['in'] ?? when['not_in'];
  const ok =
    unknownKey === undefined &&
    typeof when['field'] === 'string' &&
    when['field'] !== '' &&
    (when['in'] === undefined) !== (when['not_in'] === undefined) &&
    Array.isArray(list) &&
    list.length > 0 &&
    list.every(CONDITION_VALUE);
  if (!ok) issues.add(path, message);
}

function checkRefParams(params: Record<string, unknown>, p: (key: string) => string, issues: Issues): void {
  if (typeof params['table'] !== 'string' || params['table'] === '') {
    issues.add(p('table'), 'a ref needs params.table, the name of the referenced table');
  }
  if (params['field'] !== undefined && (typeof params['field'] !== 'string' || params['field'] === '')) {
    issues.add(p('field'), 'params.field must be a field name of the referenced table');
  }
  const distribution = params['distribution'];
  if (
    distribution !== undefined &&
    !['uniform', 'power_law', 'round_robin'].includes(distribution as string)
  ) {
    issues.add(p('distribution'), 'distribution must be "uniform", "power_law" or "round_robin"');
  }
  const alpha = params['alpha'];
  if (alpha !== undefined && !(typeof alpha === 'number' && alpha > 0 && alpha <= 10)) {
    issues.add(p('alpha'), 'alpha must be a number greater than 0 and at most 10');
  }
  if (params['as_of'] !== undefined && (typeof params['as_of'] !== 'string' || params['as_of'] === ''))
    issues.add(p('as_of'), 'as_of must name a date field of this table');
  if (params['where'] !== undefined)
    checkCondition(params['where'], p('where'), issues, 'where', 'the parent table');
  const match = params['match'];
  if (
    match !== undefined &&
    !(
      isRecord(match) &&
      Object.keys(match).every((k) => k === 'field' || k === 'by') &&
      typeof match['field'] === 'string' &&
      match['field'] !== '' &&
      typeof match['by'] === 'string' &&
      match['by'] !== ''
    )
  )
    issues.add(
      p('match'),
      'match must be {field, by}: a field of the referenced table, and "<per_parent ref>.<field>" of this row',
    );
  const perParent = params['per_parent'];
  if (perParent !== undefined) {
    const min = isRecord(perParent) ? perParent['min'] : undefined;
    const max = isRecord(perParent) ? perParent['max'] : undefined;
    const ok =
      typeof min === 'number' && typeof max === 'number' && Number.isInteger(min) && Number.isInteger(max);
    if (!ok || min < 0 || max < 1 || min > max || max > MAX_COUNT) {
      issues.add(p('per_parent'), 'per_parent must be {min, max} with integers 0 <= min <= max and max >= 1');
    } else if (isRecord(perParent) && perParent['weights'] !== undefined) {
      const weights = perParent['weights'];
      const length = max - min + 1;
      const valid =
        Array.isArray(weights) &&
        weights.length === length &&
        weights.every((w) => typeof w === 'number' && Number.isFinite(w) && w >= 0) &&
        weights.some((w) => (w as number) > 0);
      if (!valid)
        issues.add(
          p('per_parent.weights'),
          `per_parent.weights must be ${length} numbers >= 0 (the share of parents with ${min} to ${max} children), not all 0`,
        );
    }
  }
}

function readUniques(table: DraftTable, list: unknown, issues: Issues): void {
  if (list === undefined) return;
  const path = `${table.path}.unique`;
  if (!Array.isArray(list)) return issues.add(path, 'unique must be an array of field-name arrays');
  list.forEach((key: unknown, k) => {
    const keyPath = `${path}[${k}]`;
    if (!Array.isArray(key) || key.length === 0 || !key.every((n) => typeof n === 'string')) {
      return issues.add(keyPath, 'a unique key must be a non-empty array of field names');
    }
    const names = key as string[];
    if (new Set(names).size !== names.length) return issues.add(keyPath, 'a unique key names a field twice');
    table.uniques.push(names);
  });
}
