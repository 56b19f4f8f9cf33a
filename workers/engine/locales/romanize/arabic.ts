/**
 * Arabic and Persian script to ASCII, letter by letter: the fallback for names outside the reading
 * tables (locales/readings/ar.ts, fa.ts). The script writes long vowels only, so this guesses: `a`
 * between two consonants, alif `a`, waw `u` and ya `i` between consonants, `w`/`v` and `y` elsewhere.
 * Readable and consistent, though a table reading (مريم maryam) is better than a guess (maryam, marim).
 */

const CONSONANTS: Readonly<Record<string, string>> = {
  ب: 'b',
  پ: 'p',
  ت: 't',
  ث: 'th',
  ج: 'j',
  چ: 'ch',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  ژ: 'zh',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ک: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  ء: '',
  ئ: '',
  ؤ: '',
};

/** Persian reads some letters differently (و v, ث s, ذ z, ق gh). */
const PERSIAN: Readonly<Record<string, string>> = { ث: 's', ذ: 'z', ض: 'z', ق: 'gh', و: 'v' };

const ALIF = new Set(['ا', 'آ', 'أ', 'إ', 'ى']);
const WAW = 'و';
const YA = new Set(['ي', 'ی', 'ى']);

/** Guesses a reading of an Arabic-script name; `persian` picks the Persian values of letters. */
export function romanizeArabic(text: string, persian: boolean): string {
  // Diacritics (harakat), tatweel and zero-width joiners carry no letters of their own here.
  const chars = [...text.replace(/[\u064B-\u065F\u0670\u0640\u200C\u200D]/g, '')];
  let out = '';
  const consonantAt = (k: number): boolean => {
    const ch = chars[k];
    return ch !== undefined && ch in CONSONANTS && ch !== 'ة';
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const edge = i === 0 || chars[i - 1] === ' ';
    if (ch === 'إ') out += 'i';
    else if (ALIF.has(ch)) out += 'a';
    else if (ch === WAW)
      out += !edge && consonantAt(i - 1) && consonantAt(i + 1) ? (persian ? 'o' : 'u') : persian ? 'v' : 'w';
    else if (YA.has(ch)) out += !edge && consonantAt(i - 1) && !ALIF.has(chars[i + 1] ?? '') ? 'i' : 'y';
    else if (ch in CONSONANTS) {
      out += (persian ? PERSIAN[ch] : undefined) ?? CONSONANTS[ch]!;
      // No vowel letter written between two consonants: the usual short vowel is a.
      if (consonantAt(i + 1) && !(ch === 'ل' && i === 1 && chars[0] === 'ا')) out += 'a';
    } else out += ch;
  }
  return out;
}
