/**
 * What detection produces: tables as `POST /api/v1/generate` takes them, each with a default `count`,
 * and the drafts that SQL and JSON detection build before references are resolved.
 */

/**
 * The `count` every detected table gets: the hosted service's, so that a detected schema is a valid
 * generation request as it is (a `count` is required there), and one small enough for every plan.
 */
export const DETECTED_COUNT = 50;

/** One detected field: a type from the catalogue, its params, and the engine's flags. */
export interface DetectedField {
  name: string;
  type: string;
  params?: Record<string, unknown>;
  nullable?: boolean;
  unique?: boolean;
}

/** One detected table: a table of a generation request as it is. */
export interface DetectedTable {
  name: string;
  /** DETECTED_COUNT: the rows to generate, for the caller to change. */
  count: number;
  fields: DetectedField[];
  /** Composite unique keys (junction tables, composite primary keys). */
  unique?: string[][];
}

/** A field before references are resolved: `ref` names a table (any case) and maybe a field. */
export interface DraftField extends DetectedField {
  ref?: { table: string; field?: string };
}

/** A table before references are resolved. */
export interface DraftTable {
  name: string;
  fields: DraftField[];
  unique?: string[][];
  /** The primary key column, when there is exactly one. */
  primaryKey?: string;
}

/** Bad input: the message says what and where; the route answers 400 VALIDATION_ERROR. */
export class DetectionError extends Error {
  override name = 'DetectionError';
}
