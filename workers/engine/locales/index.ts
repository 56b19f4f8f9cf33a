/**
 * The 22 locales: codes, their country, and their flattened data tables (built lazily, once per
 * locale and process, so a worker pays only for the locales it uses).
 */
import { buildLocale, type LocaleData } from './build.js';
import { type CountryInfo, LOCALE_COUNTRIES, MORE_COUNTRIES } from './countries.js';

export type { AddressStyle, LocaleData } from './build.js';
export type { CountryInfo } from './countries.js';
export { MORE_COUNTRIES } from './countries.js';

/** Supported locale codes, in the order of docs/decisions.md. */
export const LOCALE_CODES = [
  'en',
  'fr',
  'de',
  'es',
  'ru',
  'zh',
  'ar',
  'it',
  'ja',
  'hi',
  'pt',
  'id',
  'ko',
  'tr',
  'fa',
  'pl',
  'nl',
  'sv',
  'da',
  'nb',
  'th',
  'hr',
] as const;

/** One supported locale code. */
export type LocaleCode = (typeof LOCALE_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(LOCALE_CODES);

/** True when `code` is one of LOCALE_CODES. */
export function isLocaleCode(code: string): code is LocaleCode {
  return KNOWN.has(code);
}

/** The country a locale stands for (English name, ISO 3166-1 alpha-2 code); unknown codes give en's. */
export function countryOfLocale(code: string): { name: string; code: string } {
  const info = LOCALE_COUNTRIES[code] ?? LOCALE_COUNTRIES['en']!;
  return { name: info.name, code: info.code };
}

/** Full country facts (nationality, currency, time zones) of a locale. */
export function countryInfo(code: string): CountryInfo {
  return LOCALE_COUNTRIES[code] ?? LOCALE_COUNTRIES['en']!;
}

/** The locale whose country has this English name or ISO code (case-insensitive), if any. */
export function localeOfCountry(country: string): LocaleCode | undefined {
  const wanted = country.trim().toLowerCase();
  for (const code of LOCALE_CODES) {
    const info = LOCALE_COUNTRIES[code]!;
    if (info.name.toLowerCase() === wanted || info.code.toLowerCase() === wanted) return code;
  }
  return undefined;
}

/** Every country we can name: the 22 locale countries first, then MORE_COUNTRIES. */
export const ALL_COUNTRIES: readonly {
  readonly name: string;
  readonly code: string;
  readonly nationality: string;
}[] = [
  ...LOCALE_CODES.map((code) => LOCALE_COUNTRIES[code]!),
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
