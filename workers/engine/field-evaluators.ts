/**
 * One closure per planned field, built once per worker: everything that can be decided from the plan
 * (type, params, stream keys, permutations) is captured, so the per-cell work is a stream reset and a
 * generator call.
 */
import { createdBy, parentCandidates } from './parent-candidates.js';
import type { RawParams, Rng, Value } from './field-type.js';
import { basketSum } from './types/commerce.js';
import { countryInfo, LOCALE_CODES } from './locales/index.js';
import { aggregateEvaluator, conditionalEvaluator, lookupEvaluator } from './derived-evaluator.js';
import { orderedEvaluator, rowInstant } from './ordered-evaluator.js';
import { Permutation } from './permutation.js';
import type { Anchor, PlannedField, PlannedRef } from './plan.js';
import { cellKey, combine, mix32 } from './random.js';
import { includesPrefix, pickAvoiding, powerLawRank } from './relations.js';
import type { RowState } from './row-state.js';
import { NULL_SALT, RANK_SALT, UNIQUE_SALT } from './streams.js';
import { type Evaluator, preparedGenerator, type RuntimeView, typeOf } from './evaluator.js';

/** Builds field `i`'s evaluator, with its null decision drawn from a separate stream. */
export function buildEvaluator(rt: RuntimeView, i: number): Evaluator {
  const field = rt.table.fields[i] as PlannedField;
  const evaluator = nullableEvaluator(rt, field, i);
  return field.when === null ? evaluator : conditionalEvaluator(rt, i, field.when, evaluator);
}

function nullableEvaluator(rt: RuntimeView, field: PlannedField, i: number): Evaluator {
  const inner = innerEvaluator(rt, field, i);
  if (field.nullRate <= 0) return inner;
  const rng = rt.nullRng;
  const nullKey = combine(field.streamKey, NULL_SALT);
  const rate = field.nullRate;
  return (s) => {
    if (rng.reset(mix32(nullKey ^ s.rowMix)).float() < rate) {
      s.parentRows[i] = -1;
      return null;
    }
    return inner(s);
  };
}

function innerEvaluator(rt: RuntimeView, field: PlannedField, i: number): Evaluator {
  const source = field.source;
  switch (source.mode) {
    case 'type':
      return plainEvaluator(rt, field);
    case 'ordered':
      return orderedEvaluator(rt, field, i, source.order);
    case 'locale':
      return localeEvaluator(source.show);
    case 'nth': {
      if (source.ordered) return nthEvaluator(rt, field, (s) => s.row % source.domain);
      return nthEvaluator(rt, field, permutedIndex(source.domain, combine(field.streamKey, UNIQUE_SALT)));
    }
    case 'member': {
      const { composite, member } = source;
      return nthEvaluator(rt, field, (s) => rt.composite(s, composite)[member] as number);
    }
    case 'ref':
      return refEvaluator(rt, field, source.ref, i);
    case 'lookup':
      return lookupEvaluator(rt, source.lookup);
    case 'aggregate':
      return aggregateEvaluator(rt, source.aggregate);
    case 'basket':
      return basketEvaluator(rt, field, source.basket);
    case 'keyed':
      return keyedEvaluator(rt, field, source.by, source.distinct);
  }
}

/**
 * A type that reads other fields of its row, or of a parent row through a ref: they are computed first,
 * then the field's own stream draws.
 */
function keyedEvaluator(
  rt: RuntimeView,
  field: PlannedField,
  by: readonly Anchor[],
  distinct: boolean,
): Evaluator {
  const type = typeOf(field);
  if (type.prepareBy === undefined) throw new Error(`type ${field.type} does not read other fields`);
  const generate = type.prepareBy(field.params, distinct);
  const { streamKey, name } = field;
  const rng = rt.rng;
  const keys: Value[] = by.map(() => null);
  // A key is read as a lookup reads its field: of this row, or of the parent row (null without one).
  const readers = by.map((anchor) => lookupEvaluator(rt, anchor));
  return (s) => {
    // Before the reset: computing a key may use the shared stream.
    for (let k = 0; k < readers.length; k++) keys[k] = (readers[k] as Evaluator)(s);
    s.fieldName = name;
    return generate(rng.reset(mix32(streamKey ^ s.rowMix)), s, keys);
  };
}

/** A basket of uniformly drawn rows of another table, at their values of one field (`basket_total`'s `of`). */
function basketEvaluator(
  rt: RuntimeView,
  field: PlannedField,
  basket: { table: number; field: number },
): Evaluator {
  const shop = rt.tableAt(basket.table);
  const last = (rt.plan.tables[basket.table]?.count ?? 1) - 1;
  // A row with no price (a nullable column) is passed over for another, a few times at most.
  const drawPrice = (rng: Rng) => {
    for (let tries = 0; tries < 8; tries++) {
      const price = shop.valueAt(basket.field, rng.int(0, last));
      if (typeof price === 'number') return price;
    }
    return null;
  };
  const { streamKey, name } = field;
  const rng = rt.rng;
  return (s) => {
    s.fieldName = name;
    return basketSum(rng.reset(mix32(streamKey ^ s.rowMix)), drawPrice);
  };
}

function plainEvaluator(rt: RuntimeView, field: PlannedField): Evaluator {
  const generate = preparedGenerator(field);
  const { streamKey, name } = field;
  const rng = rt.rng;
  return (s) => {
    s.fieldName = name;
    return generate(rng.reset(mix32(streamKey ^ s.rowMix)), s);
  };
}

/**
 * Row r's value number: a permutation of the domain's values, so rows below the domain's size take
 * distinct ones (a unique field never has more rows); later rows go round again, each round in an order
 * of its own (`distinct`).
 */
function permutedIndex(domain: number, key: number): (s: RowState) => number {
  const first = new Permutation(domain, key);
  const later = new Permutation(domain, key);
  let round = 0;
  return (s) => {
    if (s.row < domain) return first.at(s.row);
    const r = Math.floor(s.row / domain);
    if (r !== round) {
      later.reset(domain, combine(key, r));
      round = r;
    }
    return later.at(s.row - r * domain);
  };
}

/** Unique values: the type's n-th value, drawn in the request locale so values of all rows are distinct. */
function nthEvaluator(rt: RuntimeView, field: PlannedField, indexOf: (s: RowState) => number): Evaluator {
  const type = typeOf(field);
  const nth = type.nth?.bind(type);
  if (nth === undefined) throw new Error(`type ${field.type} has no nth`);
  const { params, name } = field;
  const locale = rt.plan.locale;
  return (s) => {
    const n = indexOf(s);
    const rowLocale = s.locale;
    s.locale = locale;
    s.fieldName = name;
    const value = nth(n, s, params as RawParams);
    s.locale = rowLocale;
    return value;
  };
}

/**
 * A ref drawn among filtered parents (`where`, `as_of`): uniformly, or with power_law by rank, the
 * ranks spread over the candidates by a permutation, or under `as_of` the earliest favoured
 * (long-standing customers order most); round_robin takes the candidates in turn (row r the
 * (r mod k)-th of the k existing), so ascending invoices bill each subscription once a cycle. Under
 * `as_of`, among the candidates created by the row's date (the date's window starts at the first
 * one); with a null date, any. No candidate at all: any parent.
 */
function filteredRefEvaluator(
  rt: RuntimeView,
  ref: PlannedRef,
  key: number,
  settle: (s: RowState, row: number) => Value,
): Evaluator {
  const parent = rt.tableAt(ref.table);
  const rng = rt.rng;
  const { asOf, alpha } = ref;
  const powerLaw = ref.distribution === 'power_law';
  const roundRobin = ref.distribution === 'round_robin';
  const ranks = powerLaw && asOf === null ? new Permutation(1, 0) : null;
  let candidates: Float64Array | undefined;
  let n = 0;
  return (s) => {
    if (candidates === undefined) {
      // Built on first use: a worker that generates no row of this table reads no parent.
      candidates = parentCandidates(rt.plan.key, ref, parent);
      n = candidates.length / 2;
      ranks?.reset(Math.max(1, n), combine(key, RANK_SALT));
    }
    const ms = asOf === null ? Number.NaN : rowInstant(rt, s, asOf.field);
    const existing = Number.isNaN(ms) ? n : Math.max(1, createdBy(candidates, n, ms));
    rng.reset(cellKey(key, s.row));
    if (n === 0) return settle(s, rng.int(0, parent.table.count - 1));
    let rank = roundRobin
      ? s.row % existing
      : powerLaw
        ? powerLawRank(rng.float(), existing, alpha)
        : rng.int(0, existing - 1);
    if (ranks !== null) rank = ranks.at(rank);
    return settle(s, candidates[n + rank] as number);
  };
}

/** Country fields of a per-row-locale table show the row locale's country. */
function localeEvaluator(show: 'country' | 'country_code' | 'nationality' | 'locale_code'): Evaluator {
  const shown: Record<string, string> = {};
  for (const code of LOCALE_CODES) {
    const info = countryInfo(code);
    shown[code] =
      show === 'country'
        ? info.name
        : show === 'country_code'
          ? info.code
          : show === 'nationality'
            ? info.nationality
            : code;
  }
  return (s) => shown[s.locale] ?? null;
}

function refEvaluator(rt: RuntimeView, field: PlannedField, ref: PlannedRef, i: number): Evaluator {
  const parent = rt.tableAt(ref.table);
  const target = ref.field;
  const key = field.streamKey;
  const rng = rt.rng;
  const parents = parent.table.count;
  const exclude = ref.exclude;
  const avoided: number[] = [];
  const settle = (s: RowState, row: number): Value => {
    s.parentRows[i] = row;
    return row < 0 ? null : parent.valueAt(target, row);
  };
  // Partners' parent rows, deduplicated; evaluated before this field touches the shared stream.
  const gather = (s: RowState): number => {
    let n = 0;
    for (let k = 0; k < exclude.length; k++) {
      const row = rt.parentRow(s, exclude[k] as number);
      if (row >= 0 && !includesPrefix(avoided, n, row)) avoided[n++] = row;
    }
    return n;
  };
  if (ref.asOf !== null || ref.where !== null) return filteredRefEvaluator(rt, ref, key, settle);
  switch (ref.pick) {
    case 'uniform':
      if (ref.self)
        return (s) => settle(s, s.row === 0 ? -1 : rng.reset(cellKey(key, s.row)).int(0, s.row - 1));
      if (exclude.length === 0) return (s) => settle(s, rng.reset(cellKey(key, s.row)).int(0, parents - 1));
      return (s) => {
        const n = gather(s);
        return settle(s, pickAvoiding(rng.reset(cellKey(key, s.row)), parents, avoided, n));
      };
    case 'power_law': {
      const alpha = ref.alpha;
      // Self-references favour low rows (the earliest employees manage most); others permute ranks.
      if (ref.self) {
        return (s) =>
          settle(s, s.row === 0 ? -1 : powerLawRank(rng.reset(cellKey(key, s.row)).float(), s.row, alpha));
      }
      const ranks = new Permutation(parents, combine(key, RANK_SALT));
      return (s) => {
        const n = exclude.length === 0 ? 0 : gather(s);
        let row = ranks.at(powerLawRank(rng.reset(cellKey(key, s.row)).float(), parents, alpha));
        while (n > 0 && includesPrefix(avoided, n, row)) row = row + 1 === parents ? 0 : row + 1;
        return settle(s, row);
      };
    }
    case 'round_robin':
      // Each parent in turn, as a billing run invoices every account; rows taken by a partner are
      // stepped over.
      return (s) => {
        const n = exclude.length === 0 ? 0 : gather(s);
        let row = s.row % parents;
        while (n > 0 && includesPrefix(avoided, n, row)) row = row + 1 === parents ? 0 : row + 1;
        return settle(s, row);
      };
    case 'per_parent':
      return (s) => settle(s, rt.allocatedParent(i, s.row));
    case 'unique': {
      const perm = new Permutation(parents, combine(key, UNIQUE_SALT));
      return (s) => settle(s, perm.at(s.row));
    }
    case 'composite': {
      const { composite, member } = ref;
      return (s) => settle(s, rt.composite(s, composite)[member] as number);
    }
  }
}
