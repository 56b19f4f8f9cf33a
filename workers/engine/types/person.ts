/**
 * The latent person of a row and the name helpers built on it: every name-like field (first/last/full
 * name, email, username, gender, prefix...) of one row describes the same person.
 */
import type { CellContext, Person, Rng } from '../field-type.js';
import { type LocaleData, localeData } from '../locales/index.js';

/**
 * The Person the engine hands out: also knows its locale and the ASCII forms of its names, read by
 * list index from the locale's `asciiByIndex` (no Map lookups or tuples per email or username).
 */
class LatentPerson implements Person {
  constructor(
    readonly firstName: string,
    readonly lastName: string,
    readonly sex: 'female' | 'male',
    readonly locale: string,
    readonly asciiFirst: string,
    readonly asciiLast: string,
  ) {}
}

/** `ascii` of `list[index]`, cached in the parallel array `cache`. */
function asciiAt(
  data: LocaleData,
  cache: string[],
  list: readonly string[],
  index: number,
  kind: 'first' | 'last',
): string {
  let ascii = cache[index]!;
  if (ascii === '') {
    ascii = data.ascii(list[index]!, kind);
    cache[index] = ascii;
  }
  return ascii;
}

/**
 * Fills the locale's `asciiByIndex` for every name, as people drawn from every list would: the
 * generation threads' warm-up does it once per locale, so a first request does not romanize as it goes.
 */
export function romanizeNames(locale: string): void {
  const data = localeData(locale);
  const [firstFemale, firstMale, lastFemale, lastMale] = data.asciiByIndex;
  for (const [cache, list, kind] of [
    [firstFemale, data.firstFemale, 'first'],
    [firstMale, data.firstMale, 'first'],
    [lastFemale, data.lastFemale, 'last'],
    [lastMale, data.lastMale, 'last'],
  ] as const) {
    for (let i = 0; i < list.length; i++) asciiAt(data, cache, list, i, kind);
  }
}

/** A locale-appropriate person: sex first, then a first name of that sex and a matching family name. */
export function makePerson(rng: Rng, locale: string): Person {
  const data = localeData(locale);
  const female = rng.u32() < 2147483648;
  // Index draws as rng.pick makes them (same stream, same names), keeping the index for asciiByIndex.
  const firsts = female ? data.firstFemale : data.firstMale;
  const f = Math.floor(rng.float() * firsts.length);
  const lasts = female ? data.lastFemale : data.lastMale;
  const l = Math.floor(rng.float() * lasts.length);
  const table = data.asciiByIndex;
  return new LatentPerson(
    firsts[f]!,
    lasts[l]!,
    female ? 'female' : 'male',
    locale,
    asciiAt(data, female ? table[0] : table[1], firsts, f, 'first'),
    asciiAt(data, female ? table[2] : table[3], lasts, l, 'last'),
  );
}

/** A person's full name in the locale's order ("山田 太郎", "王伟", "Anna Schmidt"). */
export function fullName(data: LocaleData, person: Person): string {
  return data.familyFirst
    ? person.lastName + data.nameJoiner + person.firstName
    : person.firstName + data.nameJoiner + person.lastName;
}

/** ASCII first name of the row's person (for emails and usernames), romanized by `ctx.locale`. */
export function asciiFirst(ctx: CellContext): string {
  const person = ctx.person();
  // A unique column draws in the request locale while the person keeps the row's: romanize as asked.
  if (person instanceof LatentPerson && person.locale === ctx.locale) return person.asciiFirst;
  return localeData(ctx.locale).ascii(person.firstName, 'first');
}

/** ASCII last name of the row's person, like asciiFirst. */
export function asciiLast(ctx: CellContext): string {
  const person = ctx.person();
  if (person instanceof LatentPerson && person.locale === ctx.locale) return person.asciiLast;
  return localeData(ctx.locale).ascii(person.lastName, 'last');
}

/** ASCII first and last name of the row's person. */
export function asciiParts(ctx: CellContext): [string, string] {
  return [asciiFirst(ctx), asciiLast(ctx)];
}

const distinctFirst = new Map<string, readonly string[]>();
const distinctLast = new Map<string, readonly string[]>();

/** All distinct first names of a locale (for unique columns). */
export function allFirstNames(locale: string): readonly string[] {
  let list = distinctFirst.get(locale);
  if (!list) {
    const data = localeData(locale);
    list = [...new Set([...data.firstFemale, ...data.firstMale])];
    distinctFirst.set(locale, list);
  }
  return list;
}

/** All distinct family names of a locale (for unique columns). */
export function allLastNames(locale: string): readonly string[] {
  let list = distinctLast.get(locale);
  if (!list) {
    const data = localeData(locale);
    list = [...new Set([...data.lastMale, ...data.lastFemale])];
    distinctLast.set(locale, list);
  }
  return list;
}
