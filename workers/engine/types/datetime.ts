/**
 * Date and time types. There is no clock (values must be a pure function of the seed), so "now" is
 * the fixed REFERENCE_TIME; defaults and relative types count from it.
 */
import type { FieldType, ParamIssue, RawParams, Rng, Value } from '../field-type.js';
import { define } from './define.js';
import { isoDateTime, isoDayFromDays, pad } from './format.js';
import { check, compatRange, num, parseIso, validateCountRange } from './params.js';

import { DAY, REFERENCE_TIME, REFERENCE_YEAR } from './reference-time.js';
import { ageByBirthDate, birthDateByAge } from './birth-age.js';

export { REFERENCE_TIME } from './reference-time.js';
const DEFAULT_MIN = Date.UTC(2021, 0, 1);
const DEFAULT_MAX = REFERENCE_TIME - 1000;
const FUTURE_BOUNDS: Bounds = { min: REFERENCE_TIME + DAY, max: REFERENCE_TIME + 730 * DAY };
const PAST_BOUNDS: Bounds = { min: REFERENCE_TIME - 1826 * DAY, max: REFERENCE_TIME - DAY };

/**
 * The default window (epoch ms) of each event type without min/max: the engine keeps a date that must
 * follow its parents inside it, so a `date_past` stays past and a `date_future` future.
 */
export const EVENT_DEFAULT_BOUNDS: Readonly<Record<string, Bounds>> = {
  datetime: { min: DEFAULT_MIN, max: DEFAULT_MAX },
  timestamp: { min: DEFAULT_MIN, max: DEFAULT_MAX },
  date: { min: DEFAULT_MIN, max: DEFAULT_MAX },
  date_past: PAST_BOUNDS,
  date_future: FUTURE_BOUNDS,
};

/** Epoch-ms bounds of a date param set; a date-only `max` means the end of that day. */
interface Bounds {
  readonly min: number;
  readonly max: number;
}

// One-entry caches: params objects (and their strings) repeat across the rows of a column.
let lastMinText: unknown;
let lastMaxText: unknown;
let lastBounds: Bounds = { min: DEFAULT_MIN, max: DEFAULT_MAX };
let lastDefaults: Bounds = lastBounds;

/** The [min, max] window of a datetime-like field, parsed once per distinct params. */
export function bounds(params: RawParams, defaults: Bounds, minKey = 'min', maxKey = 'max'): Bounds {
  const minText = params[minKey];
  const maxText = params[maxKey];
  if (minText === lastMinText && maxText === lastMaxText && defaults === lastDefaults) return lastBounds;
  let min = typeof minText === 'string' ? parseIso(minText) : defaults.min;
  let max = typeof maxText === 'string' ? parseIso(maxText) : defaults.max;
  if (typeof maxText === 'string' && maxText.length === 10) max += DAY - 1;
  if (Number.isNaN(min)) min = defaults.min;
  if (Number.isNaN(max)) max = defaults.max;
  // Only one bound given and it lies outside the default window: keep a one-year window next to it.
  if (typeof minText !== 'string' && min > max) min = max - 365 * DAY;
  if (typeof maxText !== 'string' && max < min) max = min + 365 * DAY;
  lastMinText = minText;
  lastMaxText = maxText;
  lastDefaults = defaults;
  lastBounds = { min, max: Math.max(min, max) };
  return lastBounds;
}

/** Validates `min`/`max` (or other keys) as ISO dates in order. */
export function validateWindow(params: RawParams, minKey = 'min', maxKey = 'max'): ParamIssue[] {
  return check(params, (c) => c.ordered(minKey, c.isoDate(minKey), maxKey, c.isoDate(maxKey)));
}

/** 'YYYY-MM-DD' of an epoch-ms instant (UTC). */
export function isoDay(ms: number): string {
  return isoDayFromDays(Math.floor(ms / DAY));
}

/** A whole-second instant in the window [min, max] (max ≥ min). */
function instantIn(rng: Rng, min: number, max: number): number {
  const lo = Math.ceil(min / 1000);
  const hi = Math.floor(max / 1000);
  return (hi >= lo ? rng.int(lo, hi) : lo) * 1000;
}

/** A whole-second instant in the window. */
function instant(rng: Rng, b: Bounds): number {
  return instantIn(rng, b.min, b.max);
}

/** First and last whole day inside the window (a min with a time of day rounds up). */
function dayRange(b: Bounds): [number, number] {
  const first = Math.ceil(b.min / DAY);
  return [first, Math.max(first, Math.floor(b.max / DAY))];
}

/** A whole day (days since 1970-01-01) of the window [min, max] (max ≥ min). */
function dayIn(rng: Rng, min: number, max: number): number {
  const first = Math.ceil(min / DAY);
  return rng.int(first, Math.max(first, Math.floor(max / DAY)));
}

/** Params of the hosted service that a date type rewrites into `min`/`max` ISO dates. */
interface DateCompat {
  readonly params: Readonly<Record<string, string>>;
  readonly keys: readonly [string, string];
  readonly bounds: { readonly min: number; readonly max: number };
  /** [lo, hi] of the hosted keys (hosted defaults filled in) to the ISO [min, max] window. */
  readonly window: (lo: number, hi: number) => [string, string];
  /** Numeric `min`/`max` mean the compat keys (day counts of the hosted templates), strings ISO dates. */
  readonly daysAsMinMax?: boolean;
}

/** Validates the hosted keys of a date type: integers in bounds, in order, never mixed with min/max. */
function validateCompat(p: RawParams, compat: DateCompat): ParamIssue[] {
  return check(p, (c) => {
    const [lo, hi] = compat.keys;
    const opts = { integer: true, ...compat.bounds };
    c.ordered(lo, c.number(lo, opts), hi, c.number(hi, opts));
    for (const key of compat.keys)
      if (p[key] != null && (p['min'] != null || p['max'] != null))
        c.fail(key, `give ${compat.keys.join('/')} or min/max, not both`);
  });
}

/** Whether `min` or `max` is a number: the hosted templates' day counts, not ISO dates. */
function dayCounts(p: RawParams): boolean {
  return typeof p['min'] === 'number' || typeof p['max'] === 'number';
}

/**
 * Numeric `min`/`max` of a type that reads them as day counts: integers in the compat bounds, in order,
 * both numbers (a day count beside an ISO date has no one reading), never mixed with the compat keys.
 */
function validateDayCounts(p: RawParams, compat: DateCompat): ParamIssue[] {
  return check(p, (c) => {
    const opts = { integer: true, ...compat.bounds };
    for (const key of ['min', 'max'])
      if (typeof p[key] === 'string')
        c.fail(key, `${key} must be a day count like the other bound, or both ISO dates`);
    c.ordered('min', c.number('min', opts), 'max', c.number('max', opts));
    for (const key of compat.keys)
      if (p[key] != null) c.fail(key, `give ${compat.keys.join('/')} or min/max, not both`);
  });
}

/** Numeric `min`/`max` moved to the compat keys they mean (`min` → `min_days`); other params as given. */
function daysAsCompatKeys(p: RawParams, compat: DateCompat): RawParams {
  if (!dayCounts(p)) return p;
  const { min, max, ...rest } = p;
  return {
    ...rest,
    ...(typeof min === 'number' ? { [compat.keys[0]]: min } : {}),
    ...(typeof max === 'number' ? { [compat.keys[1]]: max } : {}),
  };
}

function dateType(
  id: string,
  description: string,
  defaults: Bounds,
  example: string,
  compat?: DateCompat & { readonly hosted: readonly [number, number] },
): FieldType {
  return define({
    id,
    category: 'datetime',
    description,
    params: {
      min: compat?.daysAsMinMax
        ? `ISO date, optional (earliest); a number is read as ${compat.keys[0]}`
        : 'ISO date, optional (earliest)',
      max: compat?.daysAsMinMax
        ? `ISO date, optional (latest, inclusive); a number is read as ${compat.keys[1]}`
        : 'ISO date, optional (latest, inclusive)',
      ...compat?.params,
    },
    example,
    kind: 'date',
    validate: (p) =>
      compat?.daysAsMinMax && dayCounts(p)
        ? validateDayCounts(p, compat)
        : [...validateWindow(p), ...(compat ? validateCompat(p, compat) : [])],
    ...(compat
      ? {
          normalize: (given: RawParams) => {
            const p = compat.daysAsMinMax ? daysAsCompatKeys(given, compat) : given;
            if (p[compat.keys[0]] == null && p[compat.keys[1]] == null) return p;
            const [lo, hi] = compatRange(p, compat.keys, compat.hosted, compat.hosted);
            const { [compat.keys[0]]: _lo, [compat.keys[1]]: _hi, ...rest } = p;
            const [min, max] = compat.window(lo, hi);
            return { ...rest, min, max };
          },
        }
      : {}),
    generate: (rng, _, p) => {
      const b = bounds(p, defaults);
      return isoDayFromDays(dayIn(rng, b.min, b.max));
    },
    // The window is parsed once per field (bounds() caches only the last params it saw).
    prepare: (p) => {
      const { min, max } = bounds(p, defaults);
      return (rng) => isoDayFromDays(dayIn(rng, min, max));
    },
    // As bounds() reads a tightened window: both ends given, max at least min.
    prepareWindow: () => (rng, _, min, max) => dayIn(rng, min, Math.max(min, max)) * DAY,
    cardinality: (p) => {
      const [first, last] = dayRange(bounds(p, defaults));
      return last - first + 1;
    },
    nth: (n, _, p) => isoDay((dayRange(bounds(p, defaults))[0] + n) * DAY),
  });
}

/** How an instant type writes its values: ISO 8601 text, or Unix seconds as the hosted `timestamp`. */
type InstantForm = 'iso' | 'unix';

function dateTimeType(id: string, description: string, form: InstantForm = 'iso'): FieldType {
  const defaults: Bounds = { min: DEFAULT_MIN, max: DEFAULT_MAX };
  const unix = form === 'unix';
  const write: (ms: number) => Value = unix ? (ms) => ms / 1000 : isoDateTime;
  return define({
    id,
    category: 'datetime',
    description,
    params: {
      min: 'ISO date or date-time, optional (default 2021-01-01)',
      max: 'ISO date or date-time, optional (default 2025-12-31)',
    },
    example: unix ? 1710495687 : '2024-03-15T09:41:27.000Z',
    kind: unix ? 'epoch' : 'datetime',
    validate: (p) => validateWindow(p),
    generate: (rng, _, p) => write(instant(rng, bounds(p, defaults))),
    prepare: (p) => {
      const { min, max } = bounds(p, defaults);
      return (rng) => write(instantIn(rng, min, max));
    },
    prepareWindow: () => (rng, _, min, max) => instantIn(rng, min, Math.max(min, max)),
    cardinality: (p) => {
      const b = bounds(p, defaults);
      return Math.max(0, Math.floor(b.max / 1000) - Math.ceil(b.min / 1000) + 1);
    },
    nth: (n, _, p) => write((Math.ceil(bounds(p, defaults).min / 1000) + n) * 1000),
  });
}

/** `date_of_birth`: adults born 1950–2007 (exported for the identity category). */
const BIRTH_DATE = dateType(
  'date_of_birth',
  'Birth date of an adult (default 1950-01-01 to 2007-12-31); with `min_age`/`max_age`, born in the year 2026 − age; `by` names the row’s age field (a birth date that makes that age on 2026-01-01) or its job title or seniority level (an age that holders of the level have: no lead at 22), or its animal breed or species (alive on 2026-01-01: six months old up to the longest its breed lives, the young more often).',
  { min: Date.UTC(1950, 0, 1), max: Date.UTC(2007, 11, 31) },
  '1987-06-21',
  {
    params: {
      min_age: 'integer 0–150, youngest age (default 18 when max_age is given)',
      max_age: 'integer 0–150, oldest age (default 80 when min_age is given)',
    },
    keys: ['min_age', 'max_age'],
    bounds: { min: 0, max: 150 },
    hosted: [18, 80],
    // As the hosted service: the birth year is the reference year minus an age drawn in the range.
    window: (lo, hi) => [`${REFERENCE_YEAR - hi}-01-01`, `${REFERENCE_YEAR - lo}-12-31`],
  },
);
export const DATE_OF_BIRTH: FieldType = {
  ...BIRTH_DATE,
  category: 'identity',
  prepareBy: birthDateByAge(BIRTH_DATE.generate.bind(BIRTH_DATE)),
};

const plainAge = (rng: Rng, _: unknown, p: RawParams): number =>
  rng.int(num(p, 'min', 18), num(p, 'max', 80));

const UNITS: readonly (readonly [string, number])[] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', 5],
];

export const DATETIME_TYPES: readonly FieldType[] = [
  dateTimeType('datetime', 'Instant as ISO 8601 UTC with whole seconds, uniform in [min, max].'),
  dateTimeType(
    'timestamp',
    'Instant as Unix seconds (a whole number, as the hosted service gives), uniform in [min, max]; `datetime` gives ISO text.',
    'unix',
  ),
  dateType(
    'date',
    'Calendar date (YYYY-MM-DD), uniform in [min, max].',
    { min: DEFAULT_MIN, max: DEFAULT_MAX },
    '2024-03-15',
  ),
  dateType(
    'date_future',
    'Date after the reference date 2026-01-01 (default: within two years).',
    FUTURE_BOUNDS,
    '2026-08-14',
    {
      params: {
        min_days:
          'integer 0–36500, earliest date in days after 2026-01-01 (default 1 when max_days is given)',
        max_days:
          'integer 0–36500, latest date in days after 2026-01-01 (default 365 when min_days is given)',
      },
      keys: ['min_days', 'max_days'],
      bounds: { min: 0, max: 36500 },
      hosted: [1, 365],
      window: (lo, hi) => [isoDay(REFERENCE_TIME + lo * DAY), isoDay(REFERENCE_TIME + hi * DAY)],
      daysAsMinMax: true,
    },
  ),
  dateType(
    'date_past',
    'Date before the reference date 2026-01-01 (default: within five years).',
    PAST_BOUNDS,
    '2023-11-02',
    {
      params: {
        min_days:
          'integer 0–36500, most recent date in days before 2026-01-01 (default 1 when max_days is given)',
        max_days:
          'integer 0–36500, oldest date in days before 2026-01-01 (default 365 when min_days is given)',
      },
      keys: ['min_days', 'max_days'],
      bounds: { min: 0, max: 36500 },
      hosted: [1, 365],
      window: (lo, hi) => [isoDay(REFERENCE_TIME - hi * DAY), isoDay(REFERENCE_TIME - lo * DAY)],
      daysAsMinMax: true,
    },
  ),
  define({
    id: 'time',
    category: 'datetime',
    description: 'Time of day, HH:mm:ss.',
    example: '14:32:07',
    kind: 'time',
    generate: (rng) => {
      const s = rng.int(0, 86_399);
      return pad(Math.floor(s / 3600), 2) + ':' + pad(Math.floor(s / 60) % 60, 2) + ':' + pad(s % 60, 2);
    },
    cardinality: () => 86_400,
    nth: (n) => pad(Math.floor(n / 3600), 2) + ':' + pad(Math.floor(n / 60) % 60, 2) + ':' + pad(n % 60, 2),
  }),
  define({
    id: 'age',
    category: 'datetime',
    description:
      'Age in whole years (default 18–80); `by` names the row’s date of birth: the age on 2026-01-01, the reference date.',
    params: { min: 'integer (default 18)', max: 'integer (default 80)' },
    example: 34,
    kind: 'integer',
    validate: (p) =>
      check(p, (c) =>
        c.ordered(
          'min',
          c.number('min', { integer: true, min: 0, max: 150 }),
          'max',
          c.number('max', { integer: true, min: 0, max: 150 }),
        ),
      ),
    generate: plainAge,
    cardinality: (p) => num(p, 'max', 80) - num(p, 'min', 18) + 1,
    nth: (n, _, p) => num(p, 'min', 18) + n,
    prepareBy: ageByBirthDate(plainAge),
  }),
  define({
    id: 'date_range',
    category: 'datetime',
    description: 'Object {start, end} of ISO dates with end − start between min_gap_days and max_gap_days.',
    params: {
      min_gap_days: 'integer ≥ 0 (default 1)',
      max_gap_days: 'integer ≥ min_gap_days (default 30)',
      min_date: 'ISO date (default 2021-01-01)',
      max_date: 'ISO date (default 2025-12-31)',
    },
    example: { start: '2024-03-01', end: '2024-03-15' },
    kind: 'json',
    validate: (p) =>
      check(p, (c) => {
        c.ordered(
          'min_gap_days',
          c.number('min_gap_days', { integer: true, min: 0 }),
          'max_gap_days',
          c.number('max_gap_days', { integer: true, min: 0 }),
        );
        c.ordered('min_date', c.isoDate('min_date'), 'max_date', c.isoDate('max_date'));
      }),
    generate: (rng, _, p) => {
      const [first, last] = dayRange(
        bounds(p, { min: DEFAULT_MIN, max: DEFAULT_MAX }, 'min_date', 'max_date'),
      );
      const minGap = num(p, 'min_gap_days', 1);
      const lo = Math.min(minGap, last - first);
      const hi = Math.max(lo, Math.min(num(p, 'max_gap_days', Math.max(30, minGap)), last - first));
      const gap = rng.int(lo, hi);
      const start = rng.int(first, last - gap);
      return { start: isoDay(start * DAY), end: isoDay((start + gap) * DAY) };
    },
  }),
  define({
    id: 'duration',
    category: 'datetime',
    description:
      'ISO 8601 duration between min and max minutes (default 5–480), e.g. PT1H30M; `max_hours` draws 0 h 0 min to max_hours h 59 min.',
    params: {
      min: 'minutes (default 5)',
      max: 'minutes (default 480)',
      max_hours: 'integer 0–100000: hours 0–max_hours and minutes 0–59 (instead of min/max)',
    },
    example: 'PT1H30M',
    validate: (p) => [
      ...validateCountRange(p),
      ...check(p, (c) => {
        c.number('max_hours', { integer: true, min: 0, max: 100_000 });
        c.exclusive('max_hours', 'min');
        c.exclusive('max_hours', 'max');
      }),
    ],
    normalize: (p) => {
      const hours = p['max_hours'];
      if (typeof hours !== 'number') return p;
      const { max_hours: _, ...rest } = p;
      return { ...rest, min: 0, max: hours * 60 + 59 };
    },
    generate: (rng, _, p) => {
      const minutes = rng.int(num(p, 'min', 5), num(p, 'max', 480));
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      return minutes === 0 ? 'PT0M' : 'PT' + (h > 0 ? h + 'H' : '') + (m > 0 ? m + 'M' : '');
    },
  }),
  define({
    id: 'relative_time',
    category: 'datetime',
    description: 'Human relative time in English ("3 days ago", "in 2 hours", "just now").',
    example: '3 days ago',
    generate: (rng) => {
      if (rng.chance(0.05)) return 'just now';
      const [unit, limit] = rng.pick(UNITS);
      const n = rng.int(1, limit);
      const label = n === 1 ? `${n} ${unit}` : `${n} ${unit}s`;
      return rng.chance(0.8) ? `${label} ago` : `in ${label}`;
    },
  }),
];
