/**
 * Request validation with TypeBox. Shape problems become 422 VALIDATION_ERROR with `details[]`, each
 * `{ field, message }`, where `field` is a path such as `tables[0].fields[2].type`.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { type ErrorDetail, HttpError } from './errors.js';

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();
const MAX_DETAILS = 50;

/** Converts a JSON pointer (`/tables/0/name`) to the path style of the interface (`tables[0].name`). */
export function pointerToPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

/**
 * Checks `value` against `schema`; returns it typed, or throws a VALIDATION_ERROR with one detail per
 * bad path: 422 by default, 400 (`key: 'VALIDATION_ERROR'`) where the interface asks for it.
 */
export function validate<S extends TSchema>(
  schema: S,
  value: unknown,
  options: { key?: 'UNPROCESSABLE' | 'VALIDATION_ERROR'; what?: string } = {},
): Static<S> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(value)) return value as Static<S>;
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of check.Errors(value)) {
    const field = pointerToPath(error.path) || '(body)';
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: error.message });
    if (details.length >= MAX_DETAILS) break;
  }
  const first = details[0];
  const what = options.what ?? 'request';
  throw new HttpError(
    options.key ?? 'UNPROCESSABLE',
    first ? `Invalid ${what}: ${first.field}: ${first.message}.` : `Invalid ${what}.`,
    { details },
  );
}

/** Requires a JSON object body (not an array, string or null): 400 VALIDATION_ERROR otherwise. */
export function requireObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError('VALIDATION_ERROR', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
