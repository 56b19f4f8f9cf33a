/**
 * The 22 locales: codes, their country, and their flattened data tables (built lazily, once per
 * locale and process, so a worker pays only for the locales it uses).
 */
import { buildLocale, type LocaleData } from './build.js';
import { type CountryInfo, LOCALES, localeFacts, MORE_COUNTRIES } from './countries.js';

export type { LocaleData } from './build.js';
export type { AddressStyle, CountryInfo } from './countries.js';
export { MORE_COUNTRIES } from './countries.js';

/** One supported locale code. */
export type LocaleCode = keyof typeof LOCALES;

/** Supported locale codes, in the order of docs/locales.md (the keys of LOCALES in countries.ts). */
export const LOCALE_CODES = Object.keys(LOCALES) as readonly LocaleCode[];

const KNOWN: ReadonlySet<string> = new Set(LOCALE_CODES);

/** True when `code` is one of LOCALE_CODES. */
export function isLocaleCode(code: string): code is LocaleCode {
  return KNOWN.has(code);
}

/** The country a locale stands for (English name, ISO 3166-1 alpha-2 code); unknown codes give en's. */
export function countryOfLocale(code: string): { name: string; code: string } {
  const info = localeFacts(code);
  return { name: info.name, code: info.code };
}

/** Full country facts (nationality, currency, time zones) of a locale. */
export function countryInfo(code: string): CountryInfo {
  return localeFacts(code);
}

/** Each locale by its country's English name and ISO code, lower case (the first locale of a country). */
const LOCALE_BY_COUNTRY = new Map<string, LocaleCode>();
for (const code of LOCALE_CODES) {
  for (const key of [LOCALES[code].name, LOCALES[code].code]) {
    const lower = key.toLowerCase();
    if (!LOCALE_BY_COUNTRY.has(lower)) LOCALE_BY_COUNTRY.set(lower, code);
  }
}

/** The locale whose country has this English name or ISO code (case-insensitive), if any: one lookup. */
export function localeOfCountry(country: string): LocaleCode | undefined {
  return LOCALE_BY_COUNTRY.get(country.trim().toLowerCase());
}

/** Every country we can name: the 22 locale countries first, then MORE_COUNTRIES. */
export const ALL_COUNTRIES: readonly {
  readonly name: string;
  readonly code: string;
  readonly nationality: string;
}[] = [
  ...LOCALE_CODES.map((code) => LOCALES[code]),
  ...MORE_COUNTRIES.map(([name, code, nationality]) => ({ name, code, nationality })),
];

const built = new Map<string, LocaleData>();
// Generators ask for the row's locale several times per row: a one-entry cache skips most Map lookups.
let lastCode = '';
let lastData: LocaleData | undefined;

/** The flattened data of a locale; unknown codes fall back to `en`. */
export function localeData(code: string): LocaleData {
  if (code === lastCode && lastData !== undefined) return lastData;
  let data = built.get(code);
  if (data === undefined) {
    data = buildLocale(isLocaleCode(code) ? code : 'en');
    built.set(code, data);
  }
  lastCode = code;
  lastData = data;
  return data;
}
