/**
 * The latent person of a row and the name helpers built on it: every name-like field (first/last/full
 * name, email, username, gender, prefix...) of one row describes the same person.
 */
import type { CellContext, Person, Rng } from '../field-type.js';
import { type LocaleData, localeData } from '../locales/index.js';

/** A locale-appropriate person: sex first, then a first name of that sex and a matching family name. */
export function makePerson(rng: Rng, locale: string): Person {
  const data = localeData(locale);
  const female = rng.u32() < 2147483648;
  return female
    ? { firstName: rng.pick(data.firstFemale), lastName: rng.pick(data.lastFemale), sex: 'female' }
    : { firstName: rng.pick(data.firstMale), lastName: rng.pick(data.lastMale), sex: 'male' };
}

/** A person's full name in the locale's order ("山田 太郎", "王伟", "Anna Schmidt"). */
export function fullName(data: LocaleData, person: Person): string {
  return data.familyFirst
    ? person.lastName + data.nameJoiner + person.firstName
    : person.firstName + data.nameJoiner + person.lastName;
}

/** ASCII first and last name of the row's person (for emails and usernames). */
export function asciiParts(ctx: CellContext): [string, string] {
  const data = localeData(ctx.locale);
  const person = ctx.person();
  return [data.ascii(person.firstName, 'first'), data.ascii(person.lastName, 'last')];
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
