/**
 * Builders that turn a compact spec into a FieldType, so each category file reads as a table of
 * types rather than boilerplate.
 */
import type {
  CellContext,
  Category,
  ColumnKind,
  FieldType,
  KeyedGenerator,
  ParamIssue,
  PlainFormat,
  PreparedGenerator,
  RawParams,
  Rng,
  Value,
  WindowGenerator,
} from '../field-type.js';
import { longestCost, QUOTE_BYTES, SHORT_TEXT_BYTES } from '../size.js';

/** A field type described compactly; omitted parts get neutral defaults. */
export interface TypeSpec {
  readonly id: string;
  readonly category: Category;
  readonly description: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly example: Value;
  readonly kind?: ColumnKind | ((params: RawParams) => ColumnKind);
  readonly validate?: (params: RawParams) => ParamIssue[];
  readonly normalize?: (params: RawParams) => RawParams;
  /** The most bytes of one value (size.ts); default: its kind's bound, SHORT_TEXT_BYTES for text. */
  readonly maxBytes?: number | ((params: RawParams) => number);
  readonly generate: (rng: Rng, ctx: CellContext, params: RawParams) => Value;
  readonly cardinality?: (params: RawParams, locale: string) => number;
  readonly nth?: (n: number, ctx: CellContext, params: RawParams) => Value;
  readonly prepare?: (params: RawParams) => PreparedGenerator;
  readonly prepareWindow?: (params: RawParams) => WindowGenerator;
  readonly prepareBy?: (params: RawParams, distinct: boolean) => KeyedGenerator;
  readonly distinctBy?: boolean;
  readonly plainIn?: readonly PlainFormat[];
}

const NO_ISSUES: ParamIssue[] = [];

/** The most bytes of a value of each kind (with quotes); text and JSON types that can say less or need more declare it. */
const KIND_BYTES: Readonly<Record<ColumnKind, number>> = {
  text: SHORT_TEXT_BYTES,
  json: SHORT_TEXT_BYTES,
  integer: 11, // -2147483648
  bigint: 24, // -9007199254740991
  decimal: 32, // String(x) of any double: -1.7976931348623157e+308
  float: 32,
  boolean: 5,
  uuid: 36 + QUOTE_BYTES,
  date: 10 + QUOTE_BYTES,
  datetime: 24 + QUOTE_BYTES,
  epoch: 16, // -62167219200 (year 0) to 253402300799 (year 9999)
  time: 8 + QUOTE_BYTES,
};

function maxBytesOf(spec: TypeSpec, kind: (params: RawParams) => ColumnKind): (params: RawParams) => number {
  const declared = spec.maxBytes;
  if (typeof declared === 'function') return declared;
  if (typeof declared === 'number') return () => declared;
  return (params) => KIND_BYTES[kind(params)];
}

/** A FieldType from a spec. */
export function define(spec: TypeSpec): FieldType {
  const kind = spec.kind ?? 'text';
  const kindOf = typeof kind === 'function' ? kind : () => kind;
  const type: FieldType = {
    id: spec.id,
    category: spec.category,
    description: spec.description,
    params: spec.params ?? {},
    example: spec.example,
    kind: kindOf,
    maxBytes: maxBytesOf(spec, kindOf),
    validate: spec.validate ?? (() => NO_ISSUES.slice()),
    generate: spec.generate,
    ...(spec.normalize ? { normalize: spec.normalize } : {}),
    ...(spec.prepare ? { prepare: spec.prepare } : {}),
    ...(spec.prepareWindow ? { prepareWindow: spec.prepareWindow } : {}),
    ...(spec.prepareBy ? { prepareBy: spec.prepareBy } : {}),
    ...(spec.distinctBy ? { distinctBy: spec.distinctBy } : {}),
    ...(spec.plainIn ? { plainIn: spec.plainIn } : {}),
  };
  if (spec.cardinality && spec.nth) {
    return { ...type, cardinality: spec.cardinality, nth: spec.nth };
  }
  return type;
}

/** A type that picks uniformly from a fixed list; unique columns walk the list. */
export function listType(
  id: string,
  category: Category,
  description: string,
  values: readonly string[],
  example?: string,
): FieldType {
  const bytes = longestCost(values) + QUOTE_BYTES;
  return define({
    id,
    category,
    description,
    example: example ?? values[0]!,
    maxBytes: bytes,
    generate: (rng) => rng.pick(values),
    cardinality: () => values.length,
    nth: (n) => values[n]!,
  });
}

/** A type whose values come from a per-locale list chosen by `select`. */
export function localeListType(
  id: string,
  category: Category,
  description: string,
  example: string,
  select: (locale: string) => readonly string[],
): FieldType {
  return define({
    id,
    category,
    description,
    example,
    generate: (rng, ctx) => rng.pick(select(ctx.locale)),
    cardinality: (_, locale) => select(locale).length,
    nth: (n, ctx) => select(ctx.locale)[n]!,
  });
}

/** A copy of `type` under another id (documented as an alias of the original). */
export function alias(id: string, type: FieldType): FieldType {
  return { ...type, id, description: `${type.description} (alias of \`${type.id}\`)` };
}
