/**
 * Fields with `after` / `before`: the anchor values are computed first (same row, or the row's parent
 * through a ref), then the type generates with min/max tightened to the window, and the result is
 * clamped into it so the order holds whatever the type does at the edges.
 */
import type { Value } from './field-type.js';
import { type Evaluator, preparedGenerator, type RuntimeView, typeOf } from './evaluator.js';
import { parentCandidates } from './parent-candidates.js';
import { isoDate, isoInstant, MS_PER_DAY, parseIsoMs, unixSeconds } from './iso-time.js';
import type { Anchor, PlannedField, PlannedOrder } from './plan.js';
import { mix32 } from './random.js';
import type { RowState } from './row-state.js';

/** The instants whose ISO texts are canonical (years 0000–9999), where the windowed fast path applies. */
const MIN_MS = -62167219200000; // 0000-01-01T00:00:00.000Z
const MAX_MS = 253402300799999; // 9999-12-31T23:59:59.999Z

/** Builds the evaluator of a field ordered against other values. */
export function orderedEvaluator(
  rt: RuntimeView,
  field: PlannedField,
  i: number,
  order: PlannedOrder,
): Evaluator {
  const type = typeOf(field);
  const { streamKey, name, params } = field;
  const tight: Record<string, unknown> = { ...params };
  const generate = preparedGenerator(field);
  const rng = rt.rng;
  const numeric = order.numeric;
  const ascending = order.ascending;
  const whole = field.kind === 'integer' || field.kind === 'bigint';
  const dateKind = field.kind === 'date';
  const iso = dateKind ? isoDate : isoInstant;
  const epoch = field.kind === 'epoch';
  const windowed = numeric ? undefined : type.prepareWindow?.(params);
  const readAfter = latestOf(order.after.map((a) => anchorReader(rt, a, numeric)));
  const readBefore = order.before === null ? null : anchorReader(rt, order.before, numeric);
  // The window starts at the first creation among the parents of refs drawn as of this value.
  let first: number | undefined = order.firstOf.length === 0 ? Number.NEGATIVE_INFINITY : undefined;
  const firstParent = (): number => {
    let latest = Number.NEGATIVE_INFINITY;
    for (const f of order.firstOf) {
      const ref = rt.table.fields[f]?.source;
      if (ref?.mode !== 'ref' || ref.ref.asOf === null) throw new Error('not a ref drawn as_of');
      // The earliest candidate's time (an empty list has none: the window stays).
      const created = parentCandidates(rt.plan.key, ref.ref, rt.tableAt(ref.ref.table));
      if (created.length > 0 && Number.isFinite(created[0])) latest = Math.max(latest, created[0] as number);
    }
    return latest;
  };
  return (s) => {
    const a = readAfter === null ? null : readAfter(s);
    const b = readBefore === null ? null : readBefore(s);
    rng.reset(mix32(streamKey ^ s.rowMix));
    s.fieldName = name;
    first ??= firstParent();
    if (a === null && b === null && !ascending && first === Number.NEGATIVE_INFINITY) return generate(rng, s);
    let min = order.min === null ? null : Math.max(order.min, first);
    let max = order.max;
    if (ascending) {
      // Row r of n: the r-th of n equal slices of the window. Each edge is computed alike from both
      // sides, so a row's slice ends where the next one's begins and the rows never go back.
      const start = min as number;
      const width = Math.max(0, (order.max as number) - start) / s.count;
      min = start + width * s.row;
      max = start + width * (s.row + 1);
    }
    let lo = a === null ? min : min === null ? a : Math.max(min, a);
    let hi = b === null ? max : max === null ? b : Math.min(max, b);
    // The open side gets a window of `gap` (numbers without max_gap: as wide as the anchor's magnitude).
    const gap = order.gap >= 0 ? order.gap : Math.max(1, Math.abs((a ?? b) as number));
    if (lo === null) lo = (hi as number) - gap;
    if (hi === null) hi = lo + gap;
    // A given max_gap holds beside a bound: paid within 30 days of the invoice, and by the present.
    if (order.gapGiven) {
      if (a !== null && b === null) hi = Math.min(hi, a + gap);
      else if (b !== null && a === null) lo = Math.max(lo, b - gap);
    }
    // min_gap_days: at least that far past the anchor (the window's far end stays where max_gap put it).
    if (a !== null && order.minGap > 0) lo = Math.max(lo, a + order.minGap);
    // Ordering wins over explicit bounds that contradict it.
    if (hi < lo) {
      if (b === null) hi = lo + gap;
      else if (a === null) lo = hi - gap;
      else hi = lo;
    }
    if (whole) {
      lo = Math.ceil(lo);
      hi = Math.max(lo, Math.floor(hi));
    }
    if (numeric) {
      tight['min'] = lo;
      tight['max'] = hi;
      const value = type.generate(rng, s, tight);
      return typeof value === 'number' ? clamp(value, lo, hi) : value;
    }
    if (windowed !== undefined && lo >= MIN_MS && lo <= MAX_MS && hi >= MIN_MS && hi <= MAX_MS) {
      // The instants the ISO texts below would parse to: a date's window covers whole days.
      const loMs = dateKind ? Math.floor(lo / MS_PER_DAY) * MS_PER_DAY : Math.floor(lo);
      const hiMs = dateKind ? Math.floor(hi / MS_PER_DAY) * MS_PER_DAY : Math.floor(hi);
      const ms = windowed(rng, s, loMs, dateKind ? hiMs + MS_PER_DAY - 1 : hiMs);
      // Canonical texts of one kind order like their instants: clamping the instant clamps the text.
      const clamped = ms < loMs ? loMs : ms > hiMs ? hiMs : ms;
      // Keep the instant for same-row anchors (updated_at after this field).
      s.ms[i] = clamped;
      s.msStamps[i] = s.epoch;
      return epoch ? unixSeconds(clamped) : iso(clamped);
    }
    // Types without prepareWindow, and windows outside years 0–9999: tighten the ISO params.
    const loText = iso(lo);
    const hiText = iso(hi);
    tight['min'] = loText;
    tight['max'] = hiText;
    const value = type.generate(rng, s, tight);
    if (epoch && typeof value === 'number') return clamp(value, unixSeconds(lo), unixSeconds(hi));
    if (typeof value !== 'string') return value;
    return value < loText ? loText : value > hiText ? hiText : value;
  };
}

function clamp(value: number, lo: number, hi: number): number {
  return value < lo ? lo : value > hi ? hi : value;
}

type AnchorReader = (s: RowState) => number | null;

/**
 * Date field `f` of the state's row as epoch ms (NaN when null or not a date): the instant an ordered
 * field noted while computing, else parsed once per row and noted.
 */
export function rowInstant(rt: RuntimeView, s: RowState, f: number): number {
  const value = rt.cell(s, f);
  if (s.msStamps[f] === s.epoch) return s.ms[f] as number;
  const ms = parseIsoMs(value);
  s.ms[f] = ms;
  s.msStamps[f] = s.epoch;
  return ms;
}

/** The latest of several anchors (nulls ignored), or null when there are none or all are null. */
function latestOf(readers: AnchorReader[]): AnchorReader | null {
  if (readers.length === 0) return null;
  if (readers.length === 1) return readers[0] as AnchorReader;
  return (s) => {
    let latest: number | null = null;
    for (let k = 0; k < readers.length; k++) {
      const v = (readers[k] as AnchorReader)(s);
      if (v !== null && (latest === null || v > latest)) latest = v;
    }
    return latest;
  };
}

/** Reads an anchor as a number (epoch ms for dates), or null when it is null or unreadable. */
function anchorReader(rt: RuntimeView, anchor: Anchor, numeric: boolean): AnchorReader {
  const convert = (value: Value): number | null => {
    if (numeric) return typeof value === 'number' && Number.isFinite(value) ? value : null;
    const ms = parseIsoMs(value);
    return Number.isFinite(ms) ? ms : null;
  };
  const f = anchor.field;
  if (anchor.via < 0) {
    if (numeric) return (s) => convert(rt.cell(s, f));
    return (s) => {
      const ms = rowInstant(rt, s, f);
      return Number.isFinite(ms) ? ms : null;
    };
  }
  const ref = rt.table.fields[anchor.via]?.source;
  if (ref?.mode !== 'ref') throw new Error('anchor via a field that is not a ref');
  const parent = rt.tableAt(ref.ref.table);
  if (numeric) {
    return (s) => {
      const row = rt.parentRow(s, anchor.via);
      return row < 0 ? null : convert(parent.valueAt(anchor.field, row));
    };
  }
  return (s) => {
    const row = rt.parentRow(s, anchor.via);
    const ms = row < 0 ? Number.NaN : parent.msAt(anchor.field, row);
    return Number.isNaN(ms) ? null : ms;
  };
}
