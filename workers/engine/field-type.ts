/**
 * The contract between the engine core (planning, relations, uniqueness, ordering) and the field-type
 * library (one generator per type identifier, with its catalogue entry). Everything here is pure data
 * or pure functions: no I/O, no global state, so worker threads can run it.
 */

/** A JSON-compatible generated value. Dates travel as ISO strings (Unix seconds for `epoch`), decimals as numbers. */
export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

/** How a column stores its values; drives SQL column types and value encoding. */
export type ColumnKind =
  | 'text'
  | 'integer' // fits in 32 bits
  | 'bigint'
  | 'decimal' // exact, `precision` digits after the point
  | 'float'
  | 'boolean'
  | 'uuid'
  | 'date' // 'YYYY-MM-DD'
  | 'datetime' // ISO 8601 UTC, 'YYYY-MM-DDTHH:mm:ss.sssZ'
  | 'epoch' // an instant as Unix seconds (a whole number)
  | 'time' // 'HH:mm:ss'
  | 'json'; // object or array

/** Catalogue categories; the interface names `identity`, `location` and `financial`. */
export type Category =
  | 'identity'
  | 'location'
  | 'financial'
  | 'commerce'
  | 'datetime'
  | 'internet'
  | 'technical'
  | 'text'
  | 'social'
  | 'work'
  | 'health'
  | 'security'
  | 'testing'
  | 'structure';

/** Deterministic random source for one cell: a pure function of (seed, table, field, row). */
export interface Rng {
  /** Uniform unsigned 32-bit integer. */
  u32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [min, max], both inclusive (safe-integer range). */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** true with probability p. */
  chance(p: number): boolean;
}

/** The latent person of a row: name fields, email and username of one row all describe this person. */
export interface Person {
  readonly firstName: string;
  readonly lastName: string;
  readonly sex: 'female' | 'male';
}

/** What a generator may know about the cell it fills. */
export interface CellContext {
  /** The row's locale code (per row when the table has a country field). */
  readonly locale: string;
  /** 0-based row index within the table. */
  readonly row: number;
  /** The table's row count. */
  readonly count: number;
  /** The field's name (some types adapt, e.g. `number` named `age`). */
  readonly fieldName: string;
  /** The row's latent person, drawn lazily from a row-level stream that no field's params affect. */
  person(): Person;
  /**
   * The row's latent place: a uniform number in [0, 1) from a row-level stream that no field affects;
   * city, region, postal code and address of the row read the locale's place it selects.
   */
  place(): number;
}

/** A problem with a field's params; `path` is relative to `params` (`min`, `values[2]`). */
export interface ParamIssue {
  readonly path: string;
  readonly message: string;
  readonly suggestion?: string;
  /** Not a refusal: the request is served and the message reaches the client as a warning. */
  readonly warning?: true;
}

/** Params as received in a request, before validation. */
export type RawParams = Readonly<Record<string, unknown>>;

/** A generator with its params bound (see `FieldType.prepare`); a third argument is ignored. */
export type PreparedGenerator = (rng: Rng, ctx: CellContext) => Value;

/**
 * A generator with its params bound that draws from the values of other fields of its row: `keys` are
 * the values of the fields its `by` param names, in that order (null where a field is null).
 */
export type KeyedGenerator = (rng: Rng, ctx: CellContext, keys: readonly Value[]) => Value;

/** A date generator with its params bound, drawing an instant (epoch ms) in a window given per call. */
export type WindowGenerator = (rng: Rng, ctx: CellContext, min: number, max: number) => number;

/**
 * An output format whose escaping a type's values may promise never to need (FieldType.plainIn):
 * `csv`, no `"`, `,`, CR or LF and never empty; `json`, no `"`, `\`, control character or surrogate;
 * `sql`, no `'`, `\` or NUL.
 */
export type PlainFormat = 'csv' | 'json' | 'sql';

/** One field type: its catalogue entry (data) and its generator (logic). */
export interface FieldType {
  readonly id: string;
  readonly category: Category;
  readonly description: string;
  /** Param name to a textual description of its type, e.g. `{ min: 'number (default 0)' }`. */
  readonly params: Readonly<Record<string, string>>;
  readonly example: Value;
  /** Column kind, possibly depending on params (`decimal` vs `integer` for `number`). */
  kind(params: RawParams): ColumnKind;
  /**
   * The most bytes one value takes in any output under valid `params` (see size.ts): what the
   * compiler adds up to bound a request's cells, rows and response before generating.
   */
  maxBytes(params: RawParams): number;
  /**
   * Checks the type's own params; an empty array means valid. Keys outside `params` are the compiler's
   * concern (known-params.ts refuses them unless they are engine-level keys).
   */
  validate(params: RawParams): ParamIssue[];
  /**
   * Optional: valid params rewritten into the type's own names (the hosted service's `min_days`,
   * `dimensions`... become `min`/`max`, `dims`), so every other method reads one spelling. The compiler
   * applies it once after validation; absent means the params are already canonical.
   */
  normalize?(params: RawParams): RawParams;
  /** One value. `params` were validated; the engine may tighten `min`/`max` to honour `after`/`before`. */
  generate(rng: Rng, ctx: CellContext, params: RawParams): Value;
  /**
   * For `unique: true`: how many distinct values the type can give under these params and locale
   * (Infinity when unbounded). Absent means the type cannot promise uniqueness.
   */
  cardinality?(params: RawParams, locale: string): number;
  /** For `unique: true`: the n-th distinct value, 0 <= n < cardinality. The engine permutes n. */
  nth?(n: number, ctx: CellContext, params: RawParams): Value;
  /**
   * Optional fast path: `generate` with validated `params` bound, decoded once per field and worker
   * instead of once per cell. Must return exactly what `generate(rng, ctx, params)` returns.
   */
  prepare?(params: RawParams): PreparedGenerator;
  /**
   * Optional: the type reads other fields of its row, named by the engine-level `by` param (a review's
   * tone from its rating, a product's name from its category). The engine computes those fields first
   * and passes their values; a value the type does not know gives its plain draw. Keyed draws are
   * lookups (a Map or an index), never searches through text. `distinct` is true when the field is
   * unique: every row's value must then differ, which only a type with `distinctBy` promises.
   */
  prepareBy?(params: RawParams, distinct: boolean): KeyedGenerator;
  /** `prepareBy(params, true)` gives a value that differs on every row (a slug that ends in a row code). */
  readonly distinctBy?: boolean;
  /**
   * Optional fast path for `after`/`before` on types of kind `date` or `datetime`: the instant (epoch
   * ms) whose canonical text for the kind ('YYYY-MM-DD' of its UTC day / `toISOString()` form) is what
   * `generate` returns when `min`/`max` are ISO texts of the instants `min` and `max` (inclusive
   * integers; for `date` the engine passes the first and last millisecond of the window's days). The
   * engine clamps and formats the instant itself: no ISO text to format and re-parse per row.
   */
  prepareWindow?(params: RawParams): WindowGenerator;
  /**
   * Formats whose escaping every value of this type never needs: strings only, drawn or `nth`, in
   * every locale, under any valid params. The row encoders then copy them without checking each one
   * (test/engine/plain-types.test.ts holds every type to its promise).
   */
  readonly plainIn?: readonly PlainFormat[];
}
