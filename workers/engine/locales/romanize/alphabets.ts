/**
 * Alphabets transliterated letter by letter: Latin loses its diacritics (NFD, then a few letters
 * that do not decompose), Cyrillic after the common passport-style scheme (Алексей aleksey), Greek
 * after ELOT 743 (Ελένη eleni).
 */

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

const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Greek digraphs read as one sound (ου ou, αυ av, μπ at the start b). */
const GREEK_PAIRS: readonly [RegExp, string][] = [
  [/ου/g, 'ou'],
  [/αυ/g, 'av'],
  [/ευ/g, 'ev'],
  [/^μπ/, 'b'],
  [/γγ/g, 'ng'],
];

/** Latin, Cyrillic or Greek text in lower-case ASCII letters (other characters pass through). */
export function romanizeAlphabet(text: string): string {
  let lower = text.toLowerCase().normalize('NFC');
  if (/[\u0370-\u03ff]/.test(lower))
    for (const [pair, latin] of GREEK_PAIRS) lower = lower.replace(pair, latin);
  let out = '';
  for (const ch of lower) {
    const whole = CYRILLIC[ch] ?? GREEK[ch] ?? LATIN_SPECIAL[ch];
    if (whole !== undefined) {
      out += whole;
      continue;
    }
    // Letters with diacritics (é, ά, ё already handled) lose their marks, then map as plain letters.
    for (const part of ch.normalize('NFD').replace(/\p{M}/gu, ''))
      out += CYRILLIC[part] ?? GREEK[part] ?? LATIN_SPECIAL[part] ?? part;
  }
  return out;
}
