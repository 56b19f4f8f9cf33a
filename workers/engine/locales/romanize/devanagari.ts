/**
 * Devanagari to ASCII in the everyday Indian spelling of names (महेश mahesh, not ISO 15919 maheśa):
 * each consonant carries an inherent `a` unless a vowel sign or virama follows, and the inherent `a`
 * of the last letter is not spoken (schwa deletion, simplified to the word's end). `hi` names ship their own romanization (locales/hi.ts); this
 * reads any other Devanagari name.
 */

const CONSONANTS: Readonly<Record<string, string>> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  ळ: 'l',
  ड़: 'r',
  ढ़: 'rh',
  क़: 'q',
  ख़: 'kh',
  ग़: 'gh',
  ज़: 'z',
  फ़: 'f',
};

const VOWELS: Readonly<Record<string, string>> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ee',
  उ: 'u',
  ऊ: 'oo',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
};

const SIGNS: Readonly<Record<string, string>> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
};

const VIRAMA = '्';
const NASAL = new Set(['ं', 'ँ']);

/** Reads a Devanagari text letter by letter (other characters pass through). */
export function romanizeDevanagari(text: string): string {
  // Nukta forms (ज़) compose to one code point where Unicode has one; others lose the nukta.
  const chars = [...text.normalize('NFC').replace(/\u093C/g, '')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const consonant = CONSONANTS[ch];
    if (consonant === undefined) {
      if (NASAL.has(ch)) out += 'n';
      else if (ch === 'ः') out += 'h';
      else out += VOWELS[ch] ?? SIGNS[ch] ?? ch;
      continue;
    }
    out += consonant;
    const next = chars[i + 1];
    if (next === VIRAMA) i++;
    else if (next !== undefined && next in SIGNS) out += SIGNS[chars[++i]!];
    // The last letter's inherent a is silent, except after a conjunct (मिश्र mishra, देवेंद्र devendra).
    else if ((i + 1 < chars.length && !/\s/.test(next ?? '')) || chars[i - 1] === VIRAMA) out += 'a';
  }
  return out;
}
