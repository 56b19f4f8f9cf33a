/**
 * Age and date of birth that agree: an age read from a birth date, or a birth date drawn for an age,
 * both counted on the reference date (REFERENCE_TIME, 2026-01-01), as workers have no clock.
 */
import type { CellContext, KeyedGenerator, RawParams, Rng, Value } from '../field-type.js';
import { animalOf, breedOf } from './animals.js';
import { isoDayFromDays } from './format.js';
import { jobOf, LEVEL_AGES } from './job-catalogue.js';
import { DAY, REFERENCE_TIME, REFERENCE_YEAR } from './reference-time.js';

type PlainDraw = (rng: Rng, ctx: CellContext, params: RawParams) => Value;

const REFERENCE = new Date(REFERENCE_TIME);
const REFERENCE_MONTH = REFERENCE.getUTCMonth() + 1;
const REFERENCE_DAY = REFERENCE.getUTCDate();
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Year, month and day of an ISO date (or date-time) value; undefined for anything else. */
function isoDay(value: Value): [number, number, number] | undefined {
  const m = typeof value === 'string' ? ISO_DAY.exec(value) : null;
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Whole years from an ISO date (or date-time) to the reference date; undefined for anything else. */
export function ageOn(birth: Value): number | undefined {
  const day = isoDay(birth);
  if (day === undefined) return undefined;
  const [year, month, date] = day;
  const beforeBirthday = month > REFERENCE_MONTH || (month === REFERENCE_MONTH && date > REFERENCE_DAY);
  return Math.max(0, REFERENCE_YEAR - year - (beforeBirthday ? 1 : 0));
}

/**
 * Whole months of age at a moment, from the ISO dates among `keys`: the first is the birth, the
 * second (if any) the moment, else the reference date. Never negative; undefined without a date.
 */
export function monthsOld(keys: readonly Value[]): number | undefined {
  let birth: [number, number, number] | undefined;
  let at: [number, number, number] = [REFERENCE_YEAR, REFERENCE_MONTH, REFERENCE_DAY];
  for (const key of keys) {
    const day = isoDay(key);
    if (day === undefined) continue;
    if (birth !== undefined) {
      at = day;
      break;
    }
    birth = day;
  }
  if (birth === undefined) return undefined;
  const months = (at[0] - birth[0]) * 12 + at[1] - birth[1] - (birth[2] > at[2] ? 1 : 0);
  return Math.max(0, months);
}

/** The days (since 1970) of the first and last birth dates that make `age` on the reference date. */
export function birthDaysFor(age: number): [number, number] {
  const latest = Date.UTC(REFERENCE_YEAR - age, REFERENCE_MONTH - 1, REFERENCE_DAY) / DAY;
  const earliest = Date.UTC(REFERENCE_YEAR - age - 1, REFERENCE_MONTH - 1, REFERENCE_DAY) / DAY + 1;
  return [earliest, latest];
}

/**
 * The youngest animal on the books: six months old on the reference date, so a first visit three
 * months after its birth still falls in the year before (a default window's last).
 */
const YOUNGEST_DAYS = 182;
const REFERENCE_DAYS = Math.floor(REFERENCE_TIME / DAY);

/**
 * An animal's birth day, alive on the reference date: an age from six months to the longest its breed
 * lives, the young more often (density falling linearly to none at the end), as in any herd or
 * practice.
 */
function animalBirth(rng: Rng, lifespanYears: number): string {
  const oldest = Math.max(YOUNGEST_DAYS, Math.floor(lifespanYears * 365.25));
  const share = 1 - Math.sqrt(1 - rng.float());
  return isoDayFromDays(REFERENCE_DAYS - YOUNGEST_DAYS - Math.floor(share * (oldest - YOUNGEST_DAYS)));
}

/** `age` by a birth date: the age on the reference date; without a date, the plain draw. */
export const ageByBirthDate =
  (plain: PlainDraw) =>
  (p: RawParams): KeyedGenerator =>
  (rng, ctx, keys) =>
    ageOn(keys[0] ?? null) ?? plain(rng, ctx, p);

/**
 * `date_of_birth` by an age (0–150 whole years): a day that makes that age; by a job title or a
 * seniority level: a day that makes an age the level's holders have (LEVEL_AGES); by an animal's breed
 * or species: a day it lives to see the reference date from (animalBirth); else the plain draw.
 */
export const birthDateByAge =
  (plain: PlainDraw) =>
  (p: RawParams): KeyedGenerator =>
  (rng, ctx, keys) => {
    const key = keys[0];
    let age =
      typeof key === 'number' ? key : typeof key === 'string' && key.trim() !== '' ? Number(key) : Number.NaN;
    const animal = animalOf(keys);
    if (animal !== undefined) return animalBirth(rng, breedOf(rng, animal).lifespan[1]);
    if (Number.isNaN(age)) {
      const level = jobOf(keys)?.level;
      const ages = level === undefined ? undefined : LEVEL_AGES[level];
      if (ages !== undefined) age = rng.int(ages[0], ages[1]);
    }
    if (!(age >= 0 && age <= 150)) return plain(rng, ctx, p);
    const [first, last] = birthDaysFor(Math.floor(age));
    return isoDayFromDays(rng.int(first, last));
  };
