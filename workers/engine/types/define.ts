/**
 * Builders that turn a compact spec into a FieldType, so each category file reads as a table of
 * types rather than boilerplate.
 */
import type {
  CellContext,
  Category,
  ColumnKind,
  FieldType,
  ParamIssue,
  PlainFormat,
  PreparedGenerator,
  RawParams,
  Rng,
  Value,
  WindowGenerator,
} from '../field-type.js';

/** A field type described compactly; omitted parts get neutral defaults. */
export interface TypeSpec {
  readonly id: string;
  readonly category: Category;
  readonly description: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly example: Value;
  readonly kind?: ColumnKind | ((params: RawParams) => ColumnKind);
  readonly validate?: (params: RawParams) => ParamIssue[];
  readonly generate: (rng: Rng, ctx: CellContext, params: RawParams) => Value;
  readonly cardinality?: (params: RawParams, locale: string) => number;
  readonly nth?: (n: number, ctx: CellContext, params: RawParams) => Value;
  readonly prepare?: (params: RawParams) => PreparedGenerator;
  readonly prepareWindow?: (params: RawParams) => WindowGenerator;
  readonly plainIn?: readonly PlainFormat[];
}

const NO_ISSUES: ParamIssue[] = [];

/** A FieldType from a spec. */
export function define(spec: TypeSpec): FieldType {
  const kind = spec.kind ?? 'text';
  const type: FieldType = {
    id: spec.id,
    category: spec.category,
    description: spec.description,
    params: spec.params ?? {},
    example: spec.example,
    kind: typeof kind === 'function' ? kind : () => kind,
    validate: spec.validate ?? (() => NO_ISSUES.slice()),
    generate: spec.generate,
    ...(spec.prepare ? { prepare: spec.prepare } : {}),
    ...(spec.prepareWindow ? { prepareWindow: spec.prepareWindow } : {}),
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
  return define({
    id,
    category,
    description,
    example: example ?? values[0]!,
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
