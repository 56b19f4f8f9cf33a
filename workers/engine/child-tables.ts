/**
 * Child tables: how an array of records is written where a cell holds one value (CSV, SQL, `seed`).
 * A field of type `array` whose elements are `object`s, in a table with a key, becomes the table
 * `<table>_<field>`: one row per element, holding the parent row's key (`<table>_<key>`, a foreign
 * key), the element's 1-based `position` and one column per property of the element (objects and
 * arrays inside an element stay JSON). The parent's own rows leave the field out. The child rows
 * are read from the parent's generated rows, so they are exactly the elements of the JSON arrays of
 * the same seed. JSON and NDJSON keep the arrays nested and know nothing of this.
 *
 * Everything here is derived from the plan alone (memoized per plan object), so every worker derives
 * the same tables.
 */
import type { Value } from './field-type.js';
import type { GenerationPlan, PlannedField, PlannedTable } from './plan.js';
import { cellOverhead, rowOverhead } from './size.js';
import { lookupType } from './types/registry.js';

/** A table as CSV and SQL write it: its columns, and how its values come from a plan table's rows. */
export interface OutputTable {
  /** Name, columns (with kinds), key and foreign keys, as the writers read them. */
  readonly table: PlannedTable;
  /** Index in plan.tables of the table whose rows are generated. */
  readonly source: number;
  /** A parent's written columns (indices of the source row), or null when every column is written. */
  readonly columns: readonly number[] | null;
  /** A child table: the array field and the key field of the source row; null otherwise. */
  readonly child: {
    readonly field: number;
    readonly key: number;
    readonly properties: readonly string[];
  } | null;
  /** Worst-case bytes of what one source row gives this table (rows of a child, one row otherwise). */
  readonly rowBytes: number;
}

/** The most elements an `array` field gives (its normalized `max`). */
function maxItems(field: PlannedField): number {
  const max = field.params['max'];
  return typeof max === 'number' ? max : 5;
}

/** The element properties of an array-of-records field, or null for any other field. */
function recordProperties(field: PlannedField): Record<string, Record<string, unknown>> | null {
  if (field.type !== 'array' || field.params['of'] !== 'object') return null;
  const inner = field.params['params'] as Record<string, unknown> | undefined;
  const properties = inner?.['properties'];
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return null;
  const entries = properties as Record<string, Record<string, unknown>>;
  return Object.keys(entries).length > 0 ? entries : null;
}

function column(
  name: string,
  type: string,
  params: Record<string, unknown>,
  nullable: boolean,
): PlannedField {
  const fieldType = lookupType(type)!;
  return {
    name,
    type,
    kind: fieldType.kind(params),
    nullable,
    unique: false,
    distinct: false,
    params,
    maxBytes: fieldType.maxBytes(params),
    nullRate: 0,
    streamKey: 0,
    source: { mode: 'type' },
    when: null,
  };
}

/** The child table of `table`'s field `f`, or null when it stays a JSON column. */
function childOf(plan: GenerationPlan, t: number, f: number, taken: Set<string>): OutputTable | null {
  const parent = plan.tables[t]!;
  const field = parent.fields[f]!;
  const properties = recordProperties(field);
  const key = parent.fields.findIndex((x) => x.name === parent.primaryKey);
  if (properties === null || key < 0) return null;
  const name = `${parent.name}_${field.name}`;
  if (taken.has(name)) return null;
  taken.add(name);
  const keyField = parent.fields[key]!;
  const link = `${parent.name}_${keyField.name}`;
  const fields: PlannedField[] = [
    {
      ...column(link, keyField.type, keyField.params, false),
      kind: keyField.kind,
      maxBytes: keyField.maxBytes,
    },
    column('position', 'integer', { min: 1, max: 1000 }, false),
  ];
  const names = new Set(fields.map((x) => x.name));
  const props: string[] = [];
  for (const [prop, spec] of Object.entries(properties)) {
    // An element property named like the link or `position` is written as `item_<name>`.
    let col = prop;
    while (names.has(col)) col = `item_${col}`;
    names.add(col);
    props.push(prop);
    const params = (spec['params'] ?? {}) as Record<string, unknown>;
    fields.push(column(col, spec['type'] as string, params, spec['nullable'] === true));
  }
  let perItem = rowOverhead(name);
  for (const x of fields) perItem += cellOverhead(x.name) + x.maxBytes;
  const table: PlannedTable = {
    name,
    count: parent.count,
    fields,
    primaryKey: null,
    foreignKeys: [{ field: link, table: parent.name, references: keyField.name }],
    uniques: [[link, 'position']],
    perRowLocale: false,
    localeField: -1,
    placeRef: -1,
    rowBytes: 0,
    streamKey: 0,
    composites: [],
  };
  // A parent row gives up to `max` rows, and an INSERT head per INSERT_BATCH of them.
  const rowBytes = maxItems(field) * perItem + 2 * rowOverhead(name) + 64 * fields.length;
  return {
    table: { ...table, rowBytes },
    source: t,
    columns: null,
    child: { field: f, key, properties: props },
    rowBytes,
  };
}

interface Derived {
  /** By name: every table CSV and SQL write. */
  byName: Map<string, OutputTable>;
  /** plan.tables' order, each parent followed by its children. */
  tables: OutputTable[];
  /** plan.order (parents first), each parent followed by its children. */
  order: string[];
}

const derived = new WeakMap<GenerationPlan, Derived>();

function derive(plan: GenerationPlan): Derived {
  let out = derived.get(plan);
  if (out !== undefined) return out;
  const taken = new Set(plan.tables.map((t) => t.name));
  const byTable = plan.tables.map((parent, t) => {
    const children: OutputTable[] = [];
    parent.fields.forEach((_, f) => {
      const child = childOf(plan, t, f, taken);
      if (child !== null) children.push(child);
    });
    if (children.length === 0)
      return [{ table: parent, source: t, columns: null, child: null, rowBytes: parent.rowBytes }];
    const moved = new Set(children.map((c) => c.child!.field));
    const columns = parent.fields.flatMap((_, i) => (moved.has(i) ? [] : [i]));
    const view: PlannedTable = { ...parent, fields: columns.map((i) => parent.fields[i]!) };
    return [{ table: view, source: t, columns, child: null, rowBytes: parent.rowBytes }, ...children];
  });
  const tables = byTable.flat();
  const byName = new Map(tables.map((o) => [o.table.name, o]));
  const order = plan.order.flatMap((name) =>
    byTable[plan.tables.findIndex((t) => t.name === name)]!.map((o) => o.table.name),
  );
  out = { byName, tables, order };
  derived.set(plan, out);
  return out;
}

/** Every table CSV and SQL write, in plan.tables' order, each parent followed by its children. */
export function outputTables(plan: GenerationPlan): readonly OutputTable[] {
  return derive(plan).tables;
}

/** The names of outputTables, parents first (plan.order), each parent followed by its children. */
export function outputOrder(plan: GenerationPlan): readonly string[] {
  return derive(plan).order;
}

/** The table CSV and SQL write under `name`; a RangeError when there is none. */
export function outputTable(plan: GenerationPlan, name: string): OutputTable {
  const found = derive(plan).byName.get(name);
  if (found === undefined) throw new RangeError(`table "${name}" is not in the plan`);
  return found;
}

/**
 * The rows of a child table that one source row gives, written into `out` one at a time:
 * `visit(values)` gets ONE array, overwritten for the next element.
 */
export function forEachChildRow(
  child: NonNullable<OutputTable['child']>,
  source: readonly Value[],
  out: Value[],
  visit: (values: readonly Value[]) => void,
): void {
  const items = source[child.field];
  if (!Array.isArray(items)) return;
  const { properties } = child;
  out[0] = source[child.key]!;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Record<string, Value> | null;
    out[1] = i + 1;
    for (let p = 0; p < properties.length; p++) {
      const v = item === null || typeof item !== 'object' ? undefined : item[properties[p]!];
      out[p + 2] = v === undefined ? null : v;
    }
    visit(out);
  }
}
