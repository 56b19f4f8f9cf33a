/**
 * Compiler pass for values derived from other values: `lookup` (a field of the row a ref points to,
 * or of the same row),
 * `aggregate` (over the children a per_parent ref allocates), and `when` (a field that holds a value
 * only when another field of its row has one of some values). Also the column kinds these take, and
 * the check that no value depends on itself through them.
 */
import {
  conditionOf,
  type DraftField,
  type DraftTable,
  type Issues,
  namedField,
  NUMBER_KINDS,
  paramPath,
} from './compile-draft.js';
import type { ColumnKind } from './field-type.js';
import type { Anchor, PlannedAggregate } from './plan.js';
import { isEngineParam } from './engine-params.js';
import { nullCapable } from './types/derived.js';

type FieldRef = readonly [table: number, field: number];

/** Resolves lookups, aggregates and conditions of every table, then their kinds. */
export function planDerived(tables: DraftTable[], issues: Issues): void {
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const table of tables) {
    for (const field of table.fields) {
      if (field.typeId === 'lookup') planLookup(tables, table, field, issues);
      else if (field.typeId === 'aggregate') planAggregate(byName, table, field, issues);
      else if (field.typeId === 'basket_total' && field.params['of'] !== undefined)
        planBasket(byName, table, field, issues);
      if (field.params['when'] !== undefined) planCondition(table, field, issues);
      if (field.params['by'] !== undefined && isEngineParam('by', field.typeId))
        planKeyed(tables, table, field, issues);
    }
  }
  if (issues.any) return;
  const kinds = new KindResolver(tables);
  for (const table of tables)
    for (const field of table.fields) field.kind = kinds.of(table.index, field.index);
  const nulls = new NullResolver(tables);
  for (const table of tables)
    for (const field of table.fields) field.nullable = nulls.of(table.index, field.index);
  for (const table of tables)
    for (const field of table.fields) checkAggregateBound(tables, table, field, issues);
  for (const table of tables) for (const field of table.fields) checkSummedNumbers(tables, field, issues);
}

/** What an aggregate (other than a count) or a basket adds up is numbers. */
function checkSummedNumbers(tables: DraftTable[], field: DraftField, issues: Issues): void {
  const source = field.source;
  const summed =
    source.mode === 'basket'
      ? { table: source.basket.table, of: [source.basket.field], needs: 'a basket adds up numbers' }
      : source.mode === 'aggregate' && source.aggregate.op !== 'count'
        ? {
            table: source.aggregate.table,
            of: source.aggregate.of,
            needs: `${source.aggregate.op} needs numbers`,
          }
        : undefined;
  if (summed === undefined) return;
  const other = tables[summed.table] as DraftTable;
  for (const f of summed.of) {
    const member = other.fields[f] as DraftField;
    if (!NUMBER_KINDS.has(member.kind))
      issues.add(
        paramPath(field.path, 'of'),
        `"${other.name}.${member.name}" holds ${member.kind} values; ${summed.needs}`,
      );
  }
}

function planLookup(tables: DraftTable[], table: DraftTable, field: DraftField, issues: Issues): void {
  // A field of the same row is one value under two names (a column the hosted service names otherwise).
  const target = namedField(tables, table, field.params['from'] as string);
  if (typeof target === 'string') return issues.add(paramPath(field.path, 'from'), target);
  if (field.unique) return issues.add(field.path, 'a lookup copies values and cannot be unique');
  field.source = { mode: 'lookup', lookup: { via: target.via, field: target.field.index } };
}

function planAggregate(
  byName: Map<string, DraftTable>,
  table: DraftTable,
  field: DraftField,
  issues: Issues,
): void {
  const p = field.params;
  const child = byName.get(p['table'] as string);
  if (child === undefined)
    return issues.add(paramPath(field.path, 'table'), `table "${String(p['table'])}" is not defined`);
  const ref = child.fields[child.byName.get(p['ref'] as string) ?? -1];
  if (ref?.ref == null || ref.ref.table !== table.index || ref.ref.self) {
    return issues.add(
      paramPath(field.path, 'ref'),
      `"${String(p['ref'])}" is not a ref field of "${child.name}" to "${table.name}"`,
    );
  }
  if (ref.ref.perParent === null) {
    return issues.add(
      paramPath(field.path, 'ref'),
      `"${child.name}.${ref.name}" needs per_parent {min, max}: an aggregate reads the children each row was given, without scanning "${child.name}"`,
    );
  }
  if (field.unique) return issues.add(field.path, 'an aggregate cannot be unique');
  const op = (p['op'] as PlannedAggregate['op'] | undefined) ?? 'sum';
  const names = op === 'count' ? [] : typeof p['of'] === 'string' ? [p['of']] : ((p['of'] as string[]) ?? []);
  const of: number[] = [];
  for (const name of names) {
    const index = child.byName.get(name);
    if (index === undefined)
      return issues.add(paramPath(field.path, 'of'), `field "${name}" is not defined in "${child.name}"`);
    of.push(index);
  }
  field.source = { mode: 'aggregate', aggregate: { table: child.index, ref: ref.index, op, of } };
}

/** `basket_total` with `of: "<table>.<field>"`: a basket of that table's rows, at that field's prices. */
function planBasket(
  byName: Map<string, DraftTable>,
  table: DraftTable,
  field: DraftField,
  issues: Issues,
): void {
  const path = paramPath(field.path, 'of');
  const [name, price] = (field.params['of'] as string).split('.') as [string, string];
  const shop = byName.get(name);
  if (shop === undefined) return issues.add(path, `table "${name}" is not defined`);
  if (shop === table) return issues.add(path, 'a basket holds rows of another table');
  const index = shop.byName.get(price);
  if (index === undefined) return issues.add(path, `field "${price}" is not defined in "${name}"`);
  if (field.unique) return issues.add(field.path, 'a basket total cannot be unique');
  field.source = { mode: 'basket', basket: { table: shop.index, field: index } };
}

/**
 * `by`: the fields whose values this field's type reads (FieldType.prepareBy): a field of the same row,
 * or `"<ref field>.<parent field>"`, a field of the row the ref points to (a visit reads its pet's species).
 */
function planKeyed(tables: DraftTable[], table: DraftTable, field: DraftField, issues: Issues): void {
  const by = field.params['by'] as string | string[];
  const names = typeof by === 'string' ? [by] : by;
  const anchors: Anchor[] = [];
  for (const [k, name] of names.entries()) {
    const path = paramPath(field.path, typeof by === 'string' ? 'by' : `by[${k}]`);
    const key = namedField(tables, table, name);
    if (typeof key === 'string') return issues.add(path, key);
    if (key.via < 0 && key.field === field) return issues.add(path, 'a field cannot depend on itself');
    anchors.push({ via: key.via, field: key.field.index });
  }
  // A unique field reads its row only through a type that keeps every row's value distinct; a key
  // through another type takes the type's distinct values instead (planFieldUniqueness).
  const distinct = field.type.distinctBy === true && (field.unique || field.index === table.primaryKey);
  if (field.unique && !distinct)
    return issues.add(paramPath(field.path, 'by'), 'a value drawn by other fields cannot be unique');
  field.source = { mode: 'keyed', by: anchors, distinct };
}

function planCondition(table: DraftTable, field: DraftField, issues: Issues): void {
  const when = field.params['when'] as Record<string, unknown>;
  const name = when['field'] as string;
  const index = table.byName.get(name);
  if (index === undefined || index === field.index) {
    const message =
      index === undefined
        ? `field "${name}" is not defined in "${table.name}"`
        : 'a field cannot depend on itself';
    return issues.add(paramPath(field.path, 'when.field'), message);
  }
  field.when = conditionOf(when, index);
  field.nullable = true;
}

/**
 * The field whose value a field copies: a ref's parent field, a lookup's source through its ref;
 * undefined for any other field. Kinds, sizes and bounds follow such chains.
 */
export function copiedFrom(tables: DraftTable[], t: number, field: DraftField): FieldRef | undefined {
  if (field.ref !== null) return [field.ref.table, field.ref.field];
  if (field.source.mode !== 'lookup') return undefined;
  if (field.source.lookup.via < 0) return [t, field.source.lookup.field];
  const via = (tables[t] as DraftTable).fields[field.source.lookup.via]?.ref;
  return via == null ? undefined : [via.table, field.source.lookup.field];
}

/** Column kinds of derived fields: a lookup takes its source's, an aggregate its factors'. */
class KindResolver {
  private readonly visiting = new Set<string>();

  constructor(private readonly tables: DraftTable[]) {}

  of(t: number, f: number): ColumnKind {
    const field = (this.tables[t] as DraftTable).fields[f] as DraftField;
    const key = `${t}:${f}`;
    if (this.visiting.has(key)) return field.kind; // a loop: checkValueCycles reports it
    this.visiting.add(key);
    try {
      const source = field.source;
      const copied = copiedFrom(this.tables, t, field);
      if (copied !== undefined) return this.of(...copied);
      if (source.mode === 'aggregate') {
        const { op, table, of } = source.aggregate;
        if (op === 'count') return 'integer';
        const kinds = of.map((c) => this.of(table, c));
        if (kinds.includes('float')) return 'float';
        if (kinds.includes('decimal')) return 'decimal';
        // Sums and products of integers may outgrow int32.
        return 'bigint';
      }
      return field.kind;
    } finally {
      this.visiting.delete(key);
    }
  }
}

/**
 * Whether a field may be null, in dependency order (a lookup of a lookup of a conditional field is
 * nullable whatever the order of the tables in the request): its own `nullable` or `when`, a type that
 * yields nulls, a lookup whose ref or source may be null, a min/max whose row may have no child with
 * all factors present.
 */
class NullResolver {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly tables: DraftTable[]) {}

  of(t: number, f: number): boolean {
    const key = `${t}:${f}`;
    const seen = this.known.get(key);
    if (seen !== undefined) return seen;
    const field = (this.tables[t] as DraftTable).fields[f] as DraftField;
    this.known.set(key, field.nullable); // a loop (through a self-reference) settles on the field's own
    let nullable = field.nullable || field.when !== null || nullCapable(field.typeId, field.params);
    const source = field.source;
    const copied = copiedFrom(this.tables, t, field);
    if (source.mode === 'lookup' && copied !== undefined) {
      nullable ||= (source.lookup.via >= 0 && this.of(t, source.lookup.via)) || this.of(...copied);
    } else if (
      source.mode === 'aggregate' &&
      (source.aggregate.op === 'min' || source.aggregate.op === 'max')
    ) {
      const { table, ref, of } = source.aggregate;
      const refField = (this.tables[table] as DraftTable).fields[ref] as DraftField;
      nullable ||=
        (refField.ref?.perParent?.min ?? 0) === 0 || this.of(table, ref) || of.some((k) => this.of(table, k));
    }
    this.known.set(key, nullable);
    return nullable;
  }
}

/** The largest magnitude a numeric field can take, from its params (undefined when not known). */
function magnitude(tables: DraftTable[], t: number, f: number, depth = 0): number | undefined {
  const field = (tables[t] as DraftTable).fields[f] as DraftField;
  if (depth > 16) return undefined;
  const source = field.source;
  const copied = copiedFrom(tables, t, field);
  if (copied !== undefined && field.ref === null) return magnitude(tables, ...copied, depth + 1);
  if (source.mode === 'aggregate') return aggregateMagnitude(tables, source.aggregate, depth + 1);
  const { min, max } = field.params;
  return typeof min === 'number' && typeof max === 'number'
    ? Math.max(Math.abs(min), Math.abs(max))
    : undefined;
}

/** The largest magnitude of an aggregate (Infinity past doubles), or undefined when a factor's is not known. */
function aggregateMagnitude(
  tables: DraftTable[],
  aggregate: PlannedAggregate,
  depth: number,
): number | undefined {
  const { table, ref, op, of } = aggregate;
  const per = ((tables[table] as DraftTable).fields[ref] as DraftField).ref?.perParent?.max ?? 0;
  if (op === 'count') return per;
  let product = 1;
  for (const k of of) {
    const m = magnitude(tables, table, k, depth);
    if (m === undefined) return undefined;
    product *= m;
  }
  return op === 'sum' ? per * product : product;
}

/** An aggregate whose values could pass 2^53 would be neither exact nor writable: refused up front. */
function checkAggregateBound(
  tables: DraftTable[],
  table: DraftTable,
  field: DraftField,
  issues: Issues,
): void {
  if (field.source.mode !== 'aggregate') return;
  const bound = aggregateMagnitude(tables, field.source.aggregate, 0);
  if (bound !== undefined && bound > Number.MAX_SAFE_INTEGER) {
    issues.add(
      paramPath(field.path, 'of'),
      `"${table.name}.${field.name}" could reach ${bound.toExponential(2)}, past exact numbers (2^53); narrow the min/max of its factors or per_parent.max`,
    );
  }
}

/**
 * The values a field's value is computed from. Through a self-reference a row reads a row below it,
 * which always ends, so those edges are left out.
 */
function dependencies(tables: DraftTable[], t: number, field: DraftField): FieldRef[] {
  const deps: FieldRef[] = [];
  if (field.when !== null) deps.push([t, field.when.field]);
  if (field.ref !== null) {
    if (!field.ref.self) deps.push([field.ref.table, field.ref.field]);
    for (const e of field.ref.exclude) deps.push([t, e]);
    if (field.ref.asOf !== null) deps.push([t, field.ref.asOf.field]);
    if (field.ref.where !== null) deps.push([field.ref.table, field.ref.where.field]);
    return deps;
  }
  const through = (via: number, f: number) => {
    const ref = (tables[t] as DraftTable).fields[via]?.ref as NonNullable<DraftField['ref']>;
    deps.push([t, via]);
    if (!ref.self) deps.push([ref.table, f]);
  };
  const source = field.source;
  if (source.mode === 'lookup') {
    if (source.lookup.via < 0) deps.push([t, source.lookup.field]);
    else through(source.lookup.via, source.lookup.field);
  } else if (source.mode === 'aggregate') {
    const { table, ref, of } = source.aggregate;
    deps.push([table, ref], ...of.map((f): FieldRef => [table, f]));
  } else if (source.mode === 'basket') {
    deps.push([source.basket.table, source.basket.field]);
  } else if (source.mode === 'keyed') {
    for (const a of source.by) {
      if (a.via < 0) deps.push([t, a.field]);
      else through(a.via, a.field);
    }
  } else if (source.mode === 'ordered') {
    const { after, before } = source.order;
    for (const a of before === null ? after : [...after, before]) {
      if (a.via < 0) deps.push([t, a.field]);
      else through(a.via, a.field);
    }
  }
  return deps;
}

/** No value may depend on itself through lookups, aggregates, conditions and orders. */
export function checkValueCycles(tables: DraftTable[], issues: Issues): void {
  const state = new Map<string, 1 | 2>();
  const path: FieldRef[] = [];
  const name = ([t, f]: FieldRef) => {
    const table = tables[t] as DraftTable;
    return `${table.name}.${(table.fields[f] as DraftField).name}`;
  };
  const visit = (node: FieldRef): FieldRef[] | null => {
    const key = `${node[0]}:${node[1]}`;
    const seen = state.get(key);
    if (seen === 2) return null;
    if (seen === 1) return path.slice(path.findIndex(([t, f]) => t === node[0] && f === node[1]));
    state.set(key, 1);
    path.push(node);
    const field = (tables[node[0]] as DraftTable).fields[node[1]] as DraftField;
    for (const dep of dependencies(tables, node[0], field)) {
      const loop = visit(dep);
      if (loop !== null) return loop;
    }
    path.pop();
    state.set(key, 2);
    return null;
  };
  for (const table of tables) {
    for (const field of table.fields) {
      const loop = visit([table.index, field.index]);
      if (loop !== null) {
        const first = loop[0] as FieldRef;
        const at = (tables[first[0]] as DraftTable).fields[first[1]] as DraftField;
        const names = [...loop, first].map(name).join(' -> ');
        return issues.add(at.path, `these values are computed from each other: ${names}`);
      }
    }
  }
}
