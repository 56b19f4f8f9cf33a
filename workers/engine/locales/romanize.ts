/**
 * ASCII forms of names for email local parts and usernames. Latin scripts lose their diacritics,
 * Cyrillic and Hangul are transliterated by table; Han, Kanji, Arabic, Persian and Thai names map to
 * a romanized name from a locale pool, chosen by a hash of the native name so one person always gets
 * the same address. Callers cache results per
 * name (see `LocaleData.ascii`), so the hot path is one Map lookup.
 */
import { hashString } from '../random.js';
import { ROMAN_POOLS } from './supplements.js';

const LATIN_SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ı: 'i',
  þ: 'th',
  ð: 'd',
  ħ: 'h',
};

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

// Revised Romanization of Korean, by jamo index of a precomposed syllable.
const HANGUL_INITIAL = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];
const HANGUL_MEDIAL = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
const HANGUL_FINAL = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];

function romanizeHangul(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code < 0 || code >= 11172) {
      out += ch;
      continue;
    }
    out +=
      HANGUL_INITIAL[Math.floor(code / 588)]! +
      HANGUL_MEDIAL[Math.floor((code % 588) / 28)]! +
      HANGUL_FINAL[code % 28]!;
  }
  return out;
}

function romanizeLatinOrCyrillic(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase().normalize('NFD')) {
    out += CYRILLIC[ch] ?? LATIN_SPECIAL[ch] ?? ch;
  }
  return out;
}

/** The ASCII form of a name: lower-case letters only; `kind` picks the pool for scripts without a table. */
export function romanize(locale: string, name: string, kind: 'first' | 'last'): string {
  const pool = ROMAN_POOLS[locale];
  let text: string;
  if (locale === 'ko') text = romanizeHangul(name);
  else if (pool && /[\u0250-\uffff]/.test(name)) text = pool[kind][hashString(name) % pool[kind].length]!;
  else text = romanizeLatinOrCyrillic(name);
  const ascii = text.toLowerCase().replace(/[^a-z]/g, '');
  return ascii === '' ? (kind === 'first' ? 'user' : 'member') : ascii;
}
