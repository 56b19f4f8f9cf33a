/**
 * The engine's input: the `tables` of a generation request (schema mode), after the HTTP layer has
 * checked its JSON shape. Field `unique`, table `unique` and several params are mockhive additions.
 */
import type { RawParams } from './field-type.js';

/** One column of a requested table. */
export interface FieldSpec {
  readonly name: string;
  /** A type identifier from the catalogue (`FIELD_TYPES`). */
  readonly type: string;
  /** Type params plus engine params (`table`, `after`, `null_rate`, `per_parent`, ...). */
  readonly params?: RawParams;
  /** May be null, with probability `params.null_rate` (default 0.15). */
  readonly nullable?: boolean;
  /** No two rows share a value (guaranteed, or SCHEMA_ERROR up front). */
  readonly unique?: boolean;
}

/** One requested table. */
export interface TableSpec {
  readonly name: string;
  readonly count: number;
  readonly fields: readonly FieldSpec[];
  /** Composite unique keys, e.g. `[["post_id", "tag_id"]]` for a junction table. */
  readonly unique?: readonly (readonly string[])[];
}

/** Everything one generation depends on. */
export interface GenerationInput {
  readonly tables: readonly TableSpec[];
  readonly locale: string;
  /** uint32 */
  readonly seed: number;
}
