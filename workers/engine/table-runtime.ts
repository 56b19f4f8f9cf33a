/**
 * The per-worker runtime of one planned table: compiled field evaluators, the row streams (locale,
 * person), parent lookups (a parent's value at any row, recomputed from its streams, never stored),
 * composite key decoding and per_parent allocations.
 */
import type { Person, PreparedGenerator, Value } from './field-type.js';
import { type Allocation, type Evaluator, preparedGenerator, type RuntimeView } from './evaluator.js';
import { buildEvaluator } from './field-evaluators.js';
import { parseIsoMs } from './iso-time.js';
import { LOCALE_CODES, localeOfCountry } from './locales/index.js';
import { withinPlace } from './locales/places.js';
import { Permutation } from './permutation.js';
import type { GenerationPlan, PlannedComposite, PlannedField, PlannedTable } from './plan.js';
import {
  allocateChildren,
  allocateWeighted,
  cachedAllocation,
  parentOfSlot,
  sortPrefix,
} from './relations.js';
import { RowState } from './row-state.js';
import { ALLOCATION_SALT, LOCALE_SALT, PERSON_SALT, PLACE_SALT, SLOT_SALT } from './streams.js';
import { CellRng, cellKey, combine } from './random.js';
import { PartnerOrder } from './partner-order.js';
import { makePerson } from './types/index.js';

/** Entries of each parent field's lookup cache (direct-mapped by row). */
const LOOKUP_CACHE_SIZE = 1 << 16;

export class TableRuntime implements RuntimeView {
  readonly table: PlannedTable;
  /** Shared by evaluators of this table; each uses it in one uninterrupted stretch. */
  readonly rng = new CellRng();
  readonly nullRng = new CellRng();
  readonly main: RowState;
  evaluators: Evaluator[] = [];
  /**
   * For plain, non-nullable fields (mode `type`): the prepared generator, which generateRows calls
   * directly with the cell's stream (one closure call less per cell); undefined for other fields.
   */
  direct: (PreparedGenerator | undefined)[] = [];
  /** Stream key of each field (`mix32(key ^ rowMix)` seeds a cell). */
  readonly streamKeys: Int32Array;
  readonly fieldNames: readonly string[];
  private readonly personRng = new CellRng();
  private readonly localeRng = new CellRng();
  private readonly placeRng = new CellRng();
  private readonly personKey: number;
  private readonly placeKey: number;
  private readonly localeKey: number;
  private readonly lookups: RowState[] = [];
  private depth = 0;
  private readonly allocations: (Allocation | undefined)[] = [];
  private readonly compositePermutations: Permutation[];
  private readonly scratch: number[] = [];
  private readonly partnerOrders: (PartnerOrder | undefined)[] = [];
  private readonly caches: ({ rows: Float64Array; values: Value[] } | undefined)[] = [];
  private readonly msCaches: ({ rows: Float64Array; ms: Float64Array } | undefined)[] = [];

  constructor(
    readonly plan: GenerationPlan,
    readonly index: number,
    readonly tableAt: (index: number) => TableRuntime,
  ) {
    this.table = plan.tables[index] as PlannedTable;
    this.personKey = combine(this.table.streamKey, PERSON_SALT);
    this.placeKey = combine(this.table.streamKey, PLACE_SALT);
    this.localeKey = combine(this.table.streamKey, LOCALE_SALT);
    this.compositePermutations = this.table.composites.map((c) => new Permutation(c.space, c.streamKey));
    this.main = this.newState();
    this.streamKeys = Int32Array.from(this.table.fields, (f) => f.streamKey);
    this.fieldNames = this.table.fields.map((f) => f.name);
  }

  /** Compiles the evaluators; separate from the constructor so self-references find this runtime. */
  build(): void {
    this.evaluators = this.table.fields.map((_, i) => buildEvaluator(this, i));
    this.direct = this.table.fields.map((f) =>
      f.source.mode === 'type' && f.nullRate <= 0 && f.when === null ? preparedGenerator(f) : undefined,
    );
  }

  private newState(): RowState {
    return new RowState(
      this,
      this.table.count,
      this.table.fields.length,
      this.table.composites.map((c) => c.members.length),
    );
  }

  personOf(row: number, locale: string): Person {
    return makePerson(this.personRng.reset(cellKey(this.personKey, row)), locale);
  }

  placeOf(state: RowState): number {
    const own = this.placeRng.reset(cellKey(this.placeKey, state.row)).float();
    const via = this.table.placeRef;
    if (via < 0) return own;
    const source = (this.table.fields[via] as PlannedField).source;
    if (source.mode !== 'ref') return own;
    const parentRow = this.parentRow(state, via);
    if (parentRow < 0) return own;
    return withinPlace(state.locale, this.tableAt(source.ref.table).placeAtRow(parentRow), own);
  }

  /** The place draw of any row, for a child in the same place. */
  placeAtRow(row: number): number {
    return this.atRow(row, (state) => state.place());
  }

  /**
   * Starts row `row` in `state` with its locale: drawn per row when asked for (per_row_locale: true),
   * else from the row's value of a country enum when the table has one, else the request locale.
   */
  begin(state: RowState, row: number, values: Value[]): void {
    if (this.table.localeField >= 0) {
      state.begin(row, this.plan.locale, values);
      const value = this.cell(state, this.table.localeField);
      const locale = typeof value === 'string' ? localeOfCountry(value) : undefined;
      if (locale !== undefined) state.setRowLocale(locale);
      return;
    }
    const locale = this.table.perRowLocale
      ? (LOCALE_CODES[
          this.localeRng.reset(cellKey(this.localeKey, row)).int(0, LOCALE_CODES.length - 1)
        ] as string)
      : this.plan.locale;
    state.begin(row, locale, values);
  }

  /** The value of field `i` in the state's row, computed at most once per row. */
  cell(state: RowState, i: number): Value {
    if (state.stamps[i] === state.epoch) return state.values[i] as Value;
    const value = (this.evaluators[i] as Evaluator)(state);
    state.values[i] = value;
    state.stamps[i] = state.epoch;
    return value;
  }

  /** The parent row picked by ref field `i` in the state's row (-1 when the ref is null). */
  parentRow(state: RowState, i: number): number {
    this.cell(state, i);
    return state.parentRows[i] as number;
  }

  /**
   * The value of field `i` at any row, for children's refs and anchors. Values are pure functions of
   * the row, so a direct-mapped cache per field may keep them: children hit the same parents often,
   * and a parent's value may itself need a chain of lookups (created_at after its own parent's).
   */
  valueAt(i: number, row: number): Value {
    let cache = this.caches[i];
    if (cache === undefined) {
      const size = Math.min(this.table.count, LOOKUP_CACHE_SIZE);
      cache = { rows: new Float64Array(size).fill(-1), values: new Array<Value>(size).fill(null) };
      this.caches[i] = cache;
    }
    const slot = row % cache.rows.length;
    if (cache.rows[slot] === row) return cache.values[slot] as Value;
    const value = this.compute(i, row);
    cache.rows[slot] = row;
    cache.values[slot] = value;
    return value;
  }

  /** Field `i` at `row` as epoch ms (NaN when null or not a date), cached like valueAt. */
  msAt(i: number, row: number): number {
    let cache = this.msCaches[i];
    if (cache === undefined) {
      const size = Math.min(this.table.count, LOOKUP_CACHE_SIZE);
      cache = { rows: new Float64Array(size).fill(-1), ms: new Float64Array(size) };
      this.msCaches[i] = cache;
    }
    const slot = row % cache.rows.length;
    if (cache.rows[slot] === row) return cache.ms[slot] as number;
    const ms = parseIsoMs(this.valueAt(i, row));
    cache.rows[slot] = row;
    cache.ms[slot] = ms;
    return ms;
  }

  private compute(i: number, row: number): Value {
    return this.atRow(row, (state) => this.cell(state, i));
  }

  /** What `read` finds in row `row`, in a lookup state of its own (lookups may nest). */
  private atRow<T>(row: number, read: (state: RowState) => T): T {
    const depth = this.depth++;
    let state = this.lookups[depth];
    if (state === undefined) {
      state = this.newState();
      this.lookups[depth] = state;
    }
    // A lookup state keeps its row's values: consecutive lookups of one parent row cost nothing.
    if (state.row !== row) this.begin(state, row, state.values);
    const value = read(state);
    this.depth--;
    return value;
  }

  /** The per_parent allocation of ref field `i`, computed once per plan and worker. */
  allocation(i: number): Allocation {
    let found = this.allocations[i];
    if (found === undefined) {
      const field = this.table.fields[i];
      if (field?.source.mode !== 'ref' || field.source.ref.perParent === null)
        throw new Error('not a per_parent ref');
      const ref = field.source.ref;
      const { min, max, weights } = ref.perParent as { min: number; max: number; weights?: number[] };
      const parents = (this.plan.tables[ref.table] as PlannedTable).count;
      const count = this.table.count;
      const skew = ref.distribution === 'power_law' ? 1 + ref.alpha : 1;
      const key = combine(field.streamKey, ALLOCATION_SALT);
      const prefix = cachedAllocation(`${this.plan.key}:${this.index}:${i}`, () =>
        weights === undefined
          ? allocateChildren(parents, count, min, max, key, skew)
          : allocateWeighted(parents, count, min, weights, key),
      );
      found = { prefix, slots: new Permutation(count, combine(field.streamKey, SLOT_SALT)) };
      this.allocations[i] = found;
    }
    return found;
  }

  /** The parent row of child `row` under ref field `i`'s per_parent allocation, and its offset among siblings. */
  allocatedParent(i: number, row: number): number {
    const { prefix, slots } = this.allocation(i);
    return parentOfSlot(prefix, slots.at(row));
  }

  /** The partner order of composite key `c` (it has a `match` or a `where`), made on first use. */
  private partnerOrder(c: number): PartnerOrder {
    let found = this.partnerOrders[c];
    if (found === undefined) {
      const comp = this.table.composites[c] as PlannedComposite;
      const tableOf = (member: number) => {
        const source = this.table.fields[comp.members[member] as number]?.source;
        if (source?.mode !== 'ref') throw new Error('a junction key member is not a ref');
        return source.ref.table;
      };
      const partner = tableOf(1);
      found = new PartnerOrder(
        comp.match,
        comp.where,
        this.tableAt(tableOf(0)),
        this.tableAt(partner),
        partner,
      );
      this.partnerOrders[c] = found;
    }
    return found;
  }

  /** Decodes composite key `c` for the state's row: one permuted index split into member values. */
  composite(state: RowState, c: number): Float64Array {
    const out = state.compositeValues[c] as Float64Array;
    if (state.compositeStamps[c] === state.epoch) return out;
    const comp = this.table.composites[c];
    if (comp === undefined) throw new Error('no such composite');
    let index: number;
    let first = 0;
    if (comp.perParent) {
      const head = comp.members[0] as number;
      const { prefix, slots } = this.allocation(head);
      const slot = slots.at(state.row);
      const parent = parentOfSlot(prefix, slot);
      out[0] = parent;
      first = 1;
      // Siblings take distinct values: the offset among them indexes a permutation keyed by the parent.
      const perm = this.compositePermutations[c] as Permutation;
      const sibling = slot - (prefix[parent] as number);
      // A junction whose second ref says where or match takes the partners that fit first.
      const matched =
        comp.match === null && comp.where === null
          ? -1
          : this.partnerOrder(c).partnerOf(parent, sibling, comp.streamKey, perm);
      if (matched >= 0) {
        out[1] = matched;
        state.compositeStamps[c] = state.epoch;
        return out;
      }
      index = perm.reset(comp.space, combine(comp.streamKey, parent)).at(sibling);
    } else {
      index = (this.compositePermutations[c] as Permutation).at(state.row);
    }
    const scratch = this.scratch;
    for (let m = first; m < comp.members.length; m++) {
      const excludes = comp.excludes[m] as number[];
      const size = (comp.sizes[m] as number) - excludes.length;
      const digit = index % size;
      index = (index - digit) / size;
      let value = digit;
      for (let k = 0; k < excludes.length; k++) scratch[k] = out[excludes[k] as number] as number;
      sortPrefix(scratch, excludes.length);
      for (let k = 0; k < excludes.length; k++) if (value >= (scratch[k] as number)) value++;
      out[m] = value;
    }
    state.compositeStamps[c] = state.epoch;
    return out;
  }
}
