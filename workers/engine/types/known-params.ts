/**
 * Names params keys that neither the field's type nor the engine reads. The interface allows extra
 * keys, so they are ignored, but each one is named in a warning with the closest known key, so a typo
 * (`domian`) is not ignored in silence.
 */
import { engineParamKeys } from '../engine-params.js';
import type { FieldType, ParamIssue, RawParams } from '../field-type.js';
import { lookupType } from './registry.js';
import { closest } from './suggest.js';

/** The keys a field of `type` may carry: its own, a `nullable` wrapper's inner type's, and (for a field) the engine's. */
export function knownParamKeys(type: FieldType, params: RawParams, engine: boolean): string[] {
  const keys = Object.keys(type.params);
  if (type.id === 'nullable') {
    const of = params['of'];
    const inner = typeof of === 'string' ? lookupType(of) : lookupType('word');
    if (inner !== undefined && inner.id !== 'nullable') keys.push(...knownParamKeys(inner, params, false));
  }
  if (engine) keys.push(...engineParamKeys(type.id));
  return keys;
}

/**
 * One warning per unknown key of `params`, its path the key itself; `engine` says whether engine-level
 * keys (null_rate, after, ...) are read, as on a field but not inside an array's element params.
 */
export function unknownParamIssues(type: FieldType, params: RawParams, engine: boolean): ParamIssue[] {
  const known = knownParamKeys(type, params, engine);
  const issues: ParamIssue[] = [];
  for (const key of Object.keys(params)) {
    if (known.includes(key)) continue;
    const suggestion = closest(key.toLowerCase(), known);
    const hint = suggestion === undefined ? '' : `; did you mean ${suggestion}?`;
    const where = key === 'unique' || key === 'nullable' ? `; ${key} belongs on the field, beside type` : '';
    const message = `unknown key, ignored${hint}${where}`;
    const issue = suggestion === undefined ? { path: key, message } : { path: key, message, suggestion };
    issues.push({ ...issue, warning: true });
  }
  return issues;
}
