/**
 * The realism checker: every promise a plan makes, checked against its generated rows as a person
 * would after loading them: keys resolve, unique values and pairs do not repeat, dates follow their
 * anchors and every row they refer to, copied values equal their source, aggregates equal what their
 * children add up to (exact decimals, recomputed here with BigInt), and conditional fields are null
 * exactly where their condition fails. Returns the broken promises (empty when all hold).
 */
import type { GenerationPlan, PlannedTable, Value } from '../../workers/engine/index.js';
import { EVENT_TYPES as ENGINE_EVENT_TYPES } from '../../workers/engine/engine-params.js';
import type { Anchor } from '../../workers/engine/plan.js';
import { allRows } from '../engine/engine-helpers.js';

const EVENT_TYPES = new Set(ENGINE_EVENT_TYPES);
const day = (v: Value) => String(v).slice(0, 10);
/** Orders ISO dates and times as text (code units, as they sort; localeCompare is a hundred times slower). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A decimal text as a BigInt at `scale` places (exact; numbers here never use exponents). */
function units(text: string, scale: number): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  const negative = whole.startsWith('-');
  const digits = BigInt((negative ? whole.slice(1) : whole) + frac.padEnd(scale, '0'));
  return negative ? -digits : digits;
}

/** The exact decimal text of Σ Π factors, given as numbers that print without exponent. */
export function exactSum(products: number[][]): string {
  const places = (x: number) => (String(x).split('.')[1] ?? '').length;
  const scale = Math.max(0, ...products.map((p) => p.reduce((s, x) => s + places(x), 0)));
  let total = 0n;
  for (const factors of products) {
    const own = factors.reduce((s, x) => s + places(x), 0);
    const product = factors.reduce((acc, x) => acc * units(String(x), places(x)), 1n);
    total += product * 10n ** BigInt(scale - own);
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac === '' ? '' : '.' + frac}`;
}

/** The row time of a table: its first non-nullable, unconditional event field (-1 when none). */
function rowTime(table: PlannedTable): number {
  return table.fields.findIndex((f) => EVENT_TYPES.has(f.type) && !f.nullable && f.when === null);
}

export function brokenPromises(plan: GenerationPlan): string[] {
  const problems: string[] = [];
  const note = (text: string) => {
    if (problems.length < 50) problems.push(text);
  };
  const rowsOf = new Map(plan.tables.map((t) => [t.name, allRows(plan, t.name)]));
  const rowsAt = (t: number) => rowsOf.get(plan.tables[t]?.name ?? '') ?? [];
  // Parent rows by the value a ref holds.
  const indexes = new Map<string, Map<Value, Value[]>>();
  const parentRow = (t: number, f: number, value: Value): Value[] | undefined => {
    const key = `${t}:${f}`;
    let index = indexes.get(key);
    if (index === undefined) {
      index = new Map(rowsAt(t).map((r) => [r[f] as Value, r]));
      indexes.set(key, index);
    }
    return index.get(value);
  };
  for (const [t, table] of plan.tables.entries()) {
    const rows = rowsAt(t);
    const label = (f: number) => `${table.name}.${table.fields[f]?.name}`;
    if (rows.length !== table.count) note(`${table.name}: ${rows.length} rows, not ${table.count}`);
    /** The parent row a ref field points to from `row`, or null. */
    const parentOf = (row: Value[], via: number): Value[] | null => {
      const source = table.fields[via]?.source;
      if (source?.mode !== 'ref' || row[via] === null) return null;
      return parentRow(source.ref.table, source.ref.field, row[via] as Value) ?? null;
    };
    const read = (row: Value[], a: Anchor): Value =>
      a.via < 0 ? (row[a.field] as Value) : (parentOf(row, a.via)?.[a.field] ?? null);
    table.fields.forEach((field, f) => {
      const cmp = (a: Value, b: Value) =>
        typeof a === 'number'
          ? a - (b as number)
          : field.kind === 'date'
            ? byCodeUnits(day(a), day(b))
            : byCodeUnits(String(a), String(b));
      const values = rows.map((r) => r[f] as Value);
      if (field.distinct || field.unique) {
        const present = values.filter((v) => v !== null);
        if (new Set(present).size !== present.length) note(`${label(f)} repeats`);
      }
      if (!field.nullable && values.includes(null)) note(`${label(f)} has null`);
      const source = field.source;
      if (source.mode === 'ref') {
        for (const row of rows) {
          if (row[f] !== null && parentRow(source.ref.table, source.ref.field, row[f] as Value) === undefined)
            note(`${label(f)} ${String(row[f])} dangles`);
          for (const other of source.ref.exclude)
            if (row[f] !== null && row[f] === row[other]) note(`${label(f)} equals ${label(other)}`);
        }
      }
      if (field.when !== null) {
        const { field: c, values: allowed, negate } = field.when;
        for (const row of rows) {
          const holds = allowed.includes(row[c] as never) !== negate;
          if (!holds && row[f] !== null)
            note(`${label(f)} is ${String(row[f])} where ${label(c)} is ${String(row[c])}`);
          if (holds && row[f] === null && field.nullRate === 0 && source.mode !== 'lookup')
            note(`${label(f)} is null where ${label(c)} is ${String(row[c])}`);
        }
      }
      if (source.mode === 'ordered') {
        for (const row of rows) {
          const value = row[f] as Value;
          if (value === null) continue;
          const afters = source.order.after.map((a) => read(row, a)).filter((v) => v !== null);
          const after = afters.reduce<Value>((x, v) => (x === null || cmp(v, x) > 0 ? v : x), null);
          const before = source.order.before === null ? null : read(row, source.order.before);
          if (after !== null && cmp(value, after) < 0) note(`${label(f)} ${value} before ${after}`);
          // An after anchor later than the before one wins (the order that contradicts gives way).
          if (before !== null && (after === null || cmp(after, before) <= 0) && cmp(value, before) > 0)
            note(`${label(f)} ${value} after ${before}`);
        }
      }
      // Not from the plan's anchors: every event of a row follows every row it refers to.
      if (EVENT_TYPES.has(field.type) && field.params['after_parents'] !== false) {
        for (const [via, ref] of table.fields.entries()) {
          if (ref.source.mode !== 'ref') continue;
          const time = rowTime(plan.tables[ref.source.ref.table] as PlannedTable);
          if (time < 0) continue;
          for (const row of rows) {
            const parent = parentOf(row, via);
            const cause = parent?.[time] ?? null;
            if (row[f] !== null && cause !== null && cmp(row[f] as Value, cause) < 0)
              note(`${label(f)} ${String(row[f])} before ${label(via)}'s ${String(cause)}`);
          }
        }
      }
      if (source.mode === 'lookup') {
        for (const row of rows)
          if (row[f] !== read(row, source.lookup)) note(`${label(f)} ${String(row[f])} is not its source's`);
      }
      if (source.mode === 'aggregate') checkAggregate(plan, t, f, rows, rowsAt, note);
    });
    for (const key of table.uniques) {
      const at = key.map((name) => table.fields.findIndex((f) => f.name === name));
      // Nulls are not values (as in SQL): a key with a null member cannot repeat.
      const keys = rows
        .filter((r) => at.every((i) => r[i] !== null))
        .map((r) => JSON.stringify(at.map((i) => r[i])));
      if (new Set(keys).size !== keys.length) note(`${table.name} repeats (${key.join(', ')})`);
    }
  }
  return problems;
}

/** An aggregate against its children, grouped here by the child ref's value (not the engine's allocation). */
function checkAggregate(
  plan: GenerationPlan,
  t: number,
  f: number,
  rows: Value[][],
  rowsAt: (t: number) => Value[][],
  note: (text: string) => void,
): void {
  const table = plan.tables[t] as PlannedTable;
  const field = table.fields[f];
  if (field?.source.mode !== 'aggregate') return;
  const { table: c, ref, op, of } = field.source.aggregate;
  const refSource = plan.tables[c]?.fields[ref]?.source;
  if (refSource?.mode !== 'ref') return note(`${table.name}.${field.name}: ref is not a ref`);
  const children = new Map<Value, number[][]>();
  for (const child of rowsAt(c)) {
    const key = child[ref] as Value;
    if (key === null) continue;
    const factors = of.map((k) => child[k] as Value);
    const list = children.get(key) ?? [];
    if (!factors.includes(null)) list.push(factors as number[]);
    else if (op === 'count') list.push([]);
    children.set(key, list);
  }
  for (const row of rows) {
    const mine = children.get(row[refSource.ref.field] as Value) ?? [];
    let expected: string;
    if (op === 'count') expected = String(mine.length);
    else if (op === 'sum') expected = exactSum(mine);
    else {
      const products = mine.map((p) => Number(exactSum([p])));
      expected =
        products.length === 0 ? 'null' : String(op === 'min' ? Math.min(...products) : Math.max(...products));
    }
    if (String(row[f]) !== expected)
      note(`${table.name}.${field.name} is ${String(row[f])}, children give ${expected}`);
  }
}
