/**
 * ASCII forms of a person's own name, for email local parts and usernames: every script is read,
 * none is replaced by another name. Latin, Cyrillic and Greek go letter by letter, Hangul by jamo,
 * Thai and Devanagari by rules, Han through pinyin-pro, kana through wanakana; kanji, Arabic and
 * Persian names by the reading tables of their locale (a letter-by-letter guess for Arabic-script
 * names outside them). Callers cache results per name (`LocaleData.ascii`), so each name is read once.
 */
import { AR_FAMILY, AR_GIVEN } from '../readings/ar.js';
import { FA_FAMILY, FA_GIVEN } from '../readings/fa.js';
import { JA_FAMILY, JA_GIVEN } from '../readings/ja.js';
import { romanizeAlphabet } from './alphabets.js';
import { romanizeArabic } from './arabic.js';
import { romanizeDevanagari } from './devanagari.js';
import { hasKana, romanizeHan, romanizeKana } from './east-asian.js';
import { romanizeHangul } from './hangul.js';
import { romanizeThai } from './thai.js';

export { romanizeAlphabet, romanizeArabic, romanizeDevanagari, romanizeHangul, romanizeThai };
export { romanizeHan, romanizeKana };

/** Given- and family-name readings of one locale. */
interface Readings {
  readonly first: ReadonlyMap<string, string>;
  readonly last: ReadonlyMap<string, string>;
}

/** Parses `name=reading` entries separated by whitespace (ja) or by ` | ` (names with spaces). */
export function parseReadings(text: string): Map<string, string> {
  const map = new Map<string, string>();
  const entries = text.includes('|') ? text.split(/\s*[|\n]\s*/) : text.split(/\s+/);
  for (const entry of entries) {
    const eq = entry.lastIndexOf('=');
    if (eq > 0) map.set(entry.slice(0, eq).trim(), entry.slice(eq + 1).trim());
  }
  return map;
}

const SOURCES: Readonly<Record<string, readonly [string, string]>> = {
  ja: [JA_GIVEN, JA_FAMILY],
  ar: [AR_GIVEN, AR_FAMILY],
  fa: [FA_GIVEN, FA_FAMILY],
};
const parsed = new Map<string, Readings>();

/** The reading tables of `ja`, `ar` or `fa` (parsed on first use), or undefined for other locales. */
export function readingsOf(locale: string): Readings | undefined {
  const source = SOURCES[locale];
  if (source === undefined) return undefined;
  let readings = parsed.get(locale);
  if (readings === undefined) {
    readings = { first: parseReadings(source[0]), last: parseReadings(source[1]) };
    parsed.set(locale, readings);
  }
  return readings;
}

/** The table reading of a name: its own kind first, then the other kind, then the sister locale. */
function tableReading(locale: string, name: string, kind: 'first' | 'last'): string | undefined {
  const other = kind === 'first' ? 'last' : 'first';
  for (const code of locale === 'fa' ? ['fa', 'ar'] : locale === 'ar' ? ['ar', 'fa'] : [locale]) {
    const readings = readingsOf(code);
    const reading = readings?.[kind].get(name) ?? readings?.[other].get(name);
    if (reading !== undefined) return reading;
  }
  return undefined;
}

/** Reads a name by its script; `locale` tells kanji (ja) from Han (zh) and Persian from Arabic. */
function transliterate(locale: string, name: string, kind: 'first' | 'last'): string {
  const table = tableReading(locale, name, kind);
  if (table !== undefined) return table;
  if (/[\uac00-\ud7a3]/.test(name)) return romanizeHangul(name);
  if (hasKana(name)) return romanizeKana(name);
  if (/[\u3400-\u9fff]/.test(name))
    return locale === 'ja' ? romanizeKana(name) : romanizeHan(name, kind === 'last');
  if (/[\u0600-\u06ff]/.test(name)) return romanizeArabic(name, locale === 'fa');
  if (/[\u0e00-\u0e7f]/.test(name)) return romanizeThai(name);
  if (/[\u0900-\u097f]/.test(name)) return romanizeDevanagari(name);
  return romanizeAlphabet(name);
}

/** The ASCII form of a person's name: lower-case letters a–z only, never empty. */
export function romanize(locale: string, name: string, kind: 'first' | 'last'): string {
  const ascii = romanizeAlphabet(transliterate(locale, name, kind)).replace(/[^a-z]/g, '');
  return ascii === '' ? (kind === 'first' ? 'user' : 'member') : ascii;
}
