/** Hangul to ASCII by the Revised Romanization of Korean, jamo by jamo of each precomposed syllable. */

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

/** Revised Romanization of a Hangul text (other characters pass through). */
export function romanizeHangul(text: string): string {
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
