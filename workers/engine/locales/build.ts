/**
 * Flattens one locale's data into plain arrays, once, on first use: faker's definitions (with our
 * supplements where faker falls back to English or is thin), or our own Hindi data.
 */
import type { LocaleDefinition } from '@faker-js/faker';
import { hashString } from '../random.js';
import { type AddressStyle, type CountryInfo, localeFacts } from './countries.js';
import { definitionResolver, expandAll, stringsOf } from './expand.js';
import { EN, FAKER_DEFINITIONS, isOwn } from './faker-sources.js';
import * as HI from './hi.js';
import { romanize } from './romanize/index.js';
import {
  AR_FIRST_FEMALE,
  AR_PHONES,
  AR_PHONES_E164,
  CITY_OVERRIDES,
  NEUTRAL_COMPANY_PATTERNS,
} from './supplements.js';

/** Everything generators need about one locale, as plain arrays. Digit patterns use `#` and `!`. */
export interface LocaleData {
  readonly code: string;
  readonly country: CountryInfo;
  readonly firstFemale: readonly string[];
  readonly firstMale: readonly string[];
  readonly lastFemale: readonly string[];
  readonly lastMale: readonly string[];
  readonly prefixFemale: readonly string[];
  readonly prefixMale: readonly string[];
  /** Family name first (zh, ja, ko); `nameJoiner` goes between the parts. */
  readonly familyFirst: boolean;
  readonly nameJoiner: string;
  readonly cities: readonly string[];
  readonly states: readonly string[];
  readonly streets: readonly string[];
  readonly companies: readonly string[];
  /** Digit patterns; an empty list means the street already carries its number (ja). */
  readonly buildingNumbers: readonly string[];
  readonly secondaryAddresses: readonly string[];
  readonly postcodes: readonly string[];
  readonly phones: readonly string[];
  readonly phonesE164: readonly string[];
  readonly emailDomains: readonly string[];
  /** "Hauptstraße 12" (true) or "12 Main Street" (false). */
  readonly streetFirst: boolean;
  readonly addressStyle: AddressStyle;
  /** ASCII (a–z) form of a first or last name of this locale, for emails and usernames. */
  ascii(name: string, kind: 'first' | 'last'): string;
  /**
   * `ascii` of each entry of firstFemale, firstMale, lastFemale, lastMale, filled on first use ('' until
   * then): the row's person reads its ASCII names by index instead of two Map lookups per row.
   */
  readonly asciiByIndex: readonly [string[], string[], string[], string[]];
}

/** Empty (lazily filled) ASCII lists parallel to the four name lists. */
function asciiByIndex(...lists: readonly (readonly string[])[]): [string[], string[], string[], string[]] {
  const [a, b, c, d] = lists.map((list) => new Array<string>(list.length).fill(''));
  return [a!, b!, c!, d!];
}

function asciiCache(code: string): (name: string, kind: 'first' | 'last') => string {
  const first = new Map<string, string>();
  const last = new Map<string, string>();
  return (name, kind) => {
    const map = kind === 'first' ? first : last;
    let ascii = map.get(name);
    if (ascii === undefined) {
      ascii = romanize(code, name, kind);
      map.set(name, ascii);
    }
    return ascii;
  };
}

function sexed(node: unknown, sex: 'female' | 'male'): string[] {
  const n = node as Record<string, string[] | undefined> | undefined;
  const own = n?.[sex] ?? [];
  return own.length > 0 ? own : (n?.['generic'] ?? stringsOf(node) ?? []);
}

/**
 * Digit patterns without US-style extensions ("x####", noise in test data) and without international
 * patterns of another country (faker's `it` has "+## ..." with a random calling code).
 */
function phonePatterns(list: readonly string[] | undefined, callingCode: string): string[] {
  return (list ?? []).filter(
    (p) => !p.includes('x') && !p.includes('{{') && (!p.startsWith('+') || p.startsWith('+' + callingCode)),
  );
}

/** E.164 patterns of the locale's country; synthesized from the calling code when faker has none. */
function e164Patterns(list: readonly string[] | undefined, callingCode: string): string[] {
  const own = phonePatterns(list, callingCode).filter(
    (p) => p.startsWith('+' + callingCode) && !/[^+#!\d]/.test(p),
  );
  return own.length > 0 ? own : ['+' + callingCode + '#'.repeat(12 - callingCode.length)];
}

/** Building-number patterns made of digits only (es has " s/n." and similar), at least one. */
function digitsOnly(list: readonly string[] | undefined): string[] {
  const out = (list ?? []).filter((p) => /^[#!]+$/.test(p));
  return out.length > 0 ? out : ['##', '#'];
}

function orElse(list: string[], fallback: readonly string[]): readonly string[] {
  return list.length > 0 ? list : fallback;
}

function buildFaker(code: string, def: LocaleDefinition): LocaleData {
  const loc = def.location ?? {};
  const en = EN.location ?? {};
  const person = def.person ?? {};
  const firstFemale =
    code === 'ar'
      ? [...sexed(person.first_name, 'female'), ...AR_FIRST_FEMALE]
      : sexed(person.first_name, 'female');
  const firstMale = sexed(person.first_name, 'male');
  const lastFemale = sexed(person.last_name, 'female');
  const lastMale = sexed(person.last_name, 'male');
  const cities =
    CITY_OVERRIDES[code] ?? (isOwn(code, loc.city_name, en.city_name) ? loc.city_name! : en.city_name!);
  const resolve = definitionResolver(def, {
    'person.first_name': [...firstFemale, ...firstMale],
    'person.last_name': [...new Set([...lastMale, ...lastFemale])],
    'location.city': cities,
    'location.city_name': cities,
  });
  const streets = expandAll(loc.street_pattern ?? [], resolve, 400, hashString(code + ':streets'));
  const ownCompany = isOwn(code, def.company?.name_pattern, EN.company?.name_pattern);
  const companyPatterns = ownCompany
    ? (stringsOf(def.company?.name_pattern) ?? [])
    : NEUTRAL_COMPANY_PATTERNS;
  const companies = expandAll(companyPatterns, resolve, 400, hashString(code + ':companies'));
  const secondary = expandAll(
    stringsOf(loc.secondary_address) ?? ['Apt. ###'],
    resolve,
    64,
    hashString(code + ':secondary'),
  );
  const phone = def.phone_number?.format;
  const facts = localeFacts(code);
  const e164 = code === 'ar' ? AR_PHONES_E164 : e164Patterns(phone?.international, facts.callingCode);
  const familyFirst = code === 'zh' || code === 'ja' || code === 'ko';
  const { addressStyle, streetFirst } = facts;
  const country: CountryInfo = facts;
  return {
    code,
    country,
    firstFemale,
    firstMale,
    lastFemale,
    lastMale,
    prefixFemale: sexed(person.prefix, 'female'),
    prefixMale: sexed(person.prefix, 'male'),
    familyFirst,
    nameJoiner: code === 'ja' ? ' ' : familyFirst ? '' : ' ',
    cities,
    states: stringsOf(loc.state) ?? [],
    streets,
    companies,
    buildingNumbers: code === 'ja' ? [] : digitsOnly(stringsOf(loc.building_number)),
    secondaryAddresses: secondary,
    postcodes: stringsOf(loc.postcode) ?? ['#####'],
    phones: code === 'ar' ? AR_PHONES : orElse(phonePatterns(phone?.human, country.callingCode), e164),
    phonesE164: e164,
    emailDomains: stringsOf(def.internet?.free_email) ?? ['gmail.com'],
    streetFirst,
    addressStyle,
    ascii: asciiCache(code),
    asciiByIndex: asciiByIndex(firstFemale, firstMale, lastFemale, lastMale),
  };
}

function split(pairs: readonly string[]): [string[], Map<string, string>] {
  const names: string[] = [];
  const roman = new Map<string, string>();
  for (const pair of pairs) {
    const [native, latin] = pair.split('|') as [string, string];
    names.push(native);
    roman.set(native, latin);
  }
  return [names, roman];
}

function buildHindi(): LocaleData {
  const [firstFemale, romanFemale] = split(HI.HI_FIRST_FEMALE);
  const [firstMale, romanMale] = split(HI.HI_FIRST_MALE);
  const [last, romanLast] = split(HI.HI_LAST);
  const streets: string[] = [];
  for (const base of HI.HI_STREET_BASES)
    for (const suffix of HI.HI_STREET_SUFFIXES) streets.push(`${base} ${suffix}`);
  const companies: string[] = [];
  for (const name of last) for (const suffix of HI.HI_COMPANY_SUFFIXES) companies.push(`${name} ${suffix}`);
  return {
    code: 'hi',
    country: localeFacts('hi'),
    firstFemale,
    firstMale,
    lastFemale: last,
    lastMale: last,
    prefixFemale: ['श्रीमती', 'सुश्री', 'डॉ.'],
    prefixMale: ['श्री', 'डॉ.'],
    familyFirst: false,
    nameJoiner: ' ',
    cities: HI.HI_CITIES,
    states: HI.HI_STATES,
    streets,
    companies,
    buildingNumbers: ['##', '###', '#'],
    secondaryAddresses: ['फ्लैट ###', 'मंज़िल #'],
    postcodes: HI.HI_POSTCODES,
    phones: HI.HI_PHONES,
    phonesE164: HI.HI_PHONES_E164,
    emailDomains: ['gmail.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com'],
    streetFirst: false,
    addressStyle: 'south-asia',
    ascii: (name, kind) =>
      (kind === 'first' ? (romanFemale.get(name) ?? romanMale.get(name)) : romanLast.get(name)) ?? 'user',
    asciiByIndex: asciiByIndex(firstFemale, firstMale, last, last),
  };
}

/** Builds one locale's data (call once per locale; `index.ts` caches). */
export function buildLocale(code: string): LocaleData {
  if (code === 'hi') return buildHindi();
  const def = FAKER_DEFINITIONS[code];
  if (!def) throw new Error(`unknown locale ${code}`);
  return buildFaker(code, def);
}
