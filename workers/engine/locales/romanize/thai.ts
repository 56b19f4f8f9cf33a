/**
 * Thai to ASCII after the Royal Thai General System (RTGS, Royal Institute 1999): initial and final
 * consonants map differently (ก k, บ b / p), vowels by their written pattern, tone marks dropped,
 * silent letters (karan ์) removed. Thai writes no vowel between some consonants; the implicit vowel
 * is guessed: a run of consonants without vowel signs splits, from its end, into pairs read `CoC`
 * (พร phon, นก nok) and a leading single read `Ca` (กนกพร ka-nok-phon). No library on npm does this
 * better (see docs/locales.md); being rule-based, unusual names may read slightly off.
 */

const INITIAL: Readonly<Record<string, string>> = {
  ก: 'k',
  ข: 'kh',
  ฃ: 'kh',
  ค: 'kh',
  ฅ: 'kh',
  ฆ: 'kh',
  ง: 'ng',
  จ: 'ch',
  ฉ: 'ch',
  ช: 'ch',
  ซ: 's',
  ฌ: 'ch',
  ญ: 'y',
  ฎ: 'd',
  ฏ: 't',
  ฐ: 'th',
  ฑ: 'th',
  ฒ: 'th',
  ณ: 'n',
  ด: 'd',
  ต: 't',
  ถ: 'th',
  ท: 'th',
  ธ: 'th',
  น: 'n',
  บ: 'b',
  ป: 'p',
  ผ: 'ph',
  ฝ: 'f',
  พ: 'ph',
  ฟ: 'f',
  ภ: 'ph',
  ม: 'm',
  ย: 'y',
  ร: 'r',
  ล: 'l',
  ว: 'w',
  ศ: 's',
  ษ: 's',
  ส: 's',
  ห: 'h',
  ฬ: 'l',
  อ: '',
  ฮ: 'h',
};

const FINAL: Readonly<Record<string, string>> = {
  ก: 'k',
  ข: 'k',
  ฃ: 'k',
  ค: 'k',
  ฅ: 'k',
  ฆ: 'k',
  ง: 'ng',
  จ: 't',
  ฉ: 't',
  ช: 't',
  ซ: 't',
  ฌ: 't',
  ญ: 'n',
  ฎ: 't',
  ฏ: 't',
  ฐ: 't',
  ฑ: 't',
  ฒ: 't',
  ณ: 'n',
  ด: 't',
  ต: 't',
  ถ: 't',
  ท: 't',
  ธ: 't',
  น: 'n',
  บ: 'p',
  ป: 'p',
  ผ: 'p',
  ฝ: 'p',
  พ: 'p',
  ฟ: 'p',
  ภ: 'p',
  ม: 'm',
  ย: 'i',
  ร: 'n',
  ล: 'n',
  ว: 'o',
  ศ: 't',
  ษ: 't',
  ส: 't',
  ห: '',
  ฬ: 'n',
  อ: '',
  ฮ: '',
};

/** Vowel signs written after (or above, below) their consonant. */
const FOLLOWING = new Set(['ะ', 'ั', 'า', 'ำ', 'ิ', 'ี', 'ึ', 'ื', 'ุ', 'ู', '็', 'ฤ']);
const PRECEDING = new Set(['เ', 'แ', 'โ', 'ใ', 'ไ']);
/** First consonants of true clusters (กร, คล, ปร, พล, ตร...) and the letters that follow them. */
const CLUSTER_FIRST = new Set(['ก', 'ข', 'ค', 'ต', 'ป', 'ผ', 'พ']);
const CLUSTER_SECOND = new Set(['ร', 'ล', 'ว']);
/** Letters that a leading silent ห (or อ before ย) turns into a syllable's onset. */
const SONORANT = new Set(['ง', 'ญ', 'น', 'ม', 'ย', 'ร', 'ล', 'ว']);

const isConsonant = (ch: string | undefined): boolean => ch !== undefined && ch in INITIAL;

/** Tone marks and repetition signs dropped; a consonant (with ิ or ุ) under karan ์ is silent. */
function clean(text: string): string[] {
  const chars = [...text.replace(/\u0E48|\u0E49|\u0E4A|\u0E4B|\u0E46|\u0E2F|\u0E4D|\u0E4E/g, '')];
  const out: string[] = [];
  for (const ch of chars) {
    if (ch !== '\u0E4C') {
      out.push(ch);
      continue;
    }
    if (out.at(-1) === 'ิ' || out.at(-1) === 'ุ') out.pop();
    out.pop();
  }
  return out;
}

/** Reads a name's syllables one after the other. */
export function romanizeThai(text: string): string {
  const s = clean(text);
  // A consonant is free (closes a syllable or starts a vowel-less one) unless a vowel sign follows it.
  const free = (j: number): boolean =>
    isConsonant(s[j]) &&
    !FOLLOWING.has(s[j + 1] ?? '') &&
    !(s[j + 1] === 'อ' && isConsonant(s[j + 2])) &&
    !(s[j + 1] === 'ร' && s[j + 2] === 'ร');
  let out = '';
  let i = 0;
  while (i < s.length) {
    const pre = PRECEDING.has(s[i]!) ? s[i++]! : '';
    const first = s[i];
    if (!isConsonant(first)) {
      if (first === 'ฤ') out += 'rue';
      else if (first !== undefined && !FOLLOWING.has(first)) out += first;
      i++;
      continue;
    }
    i++;
    let onset = INITIAL[first!]!;
    const next = s[i];
    const voweled = pre !== '' || FOLLOWING.has(s[i + 1] ?? '');
    if ((first === 'ห' || (first === 'อ' && next === 'ย')) && SONORANT.has(next ?? '') && voweled) {
      onset = INITIAL[next!]!;
      i++;
    } else if ((first === 'ศ' || first === 'ส') && next === 'ร' && voweled) {
      i++; // ศรี, สร้าง: the ร is silent
    } else if (
      CLUSTER_FIRST.has(first!) &&
      CLUSTER_SECOND.has(next ?? '') &&
      voweled &&
      // With a leading vowel sign the second letter may be the final instead (แก้ว kaeo).
      (pre === '' || FOLLOWING.has(s[i + 1] ?? '') || isConsonant(s[i + 1]))
    ) {
      onset += INITIAL[next!]!;
      i++;
    }
    const [vowel, closes] = readVowel(s, i, pre, free);
    i = vowel.end;
    let coda = '';
    if (closes && free(i) && !(vowel.text === 'ai' && s[i] === 'ย') && !endingPair(s, i, free))
      coda = FINAL[s[i++]!]!;
    else if (vowel.text === 'ai' && s[i] === 'ย' && free(i)) i++;
    // A lone ร closing a word after a final is silent (เพชร phet, จันทร์ chan).
    if (s[i] === 'ร' && i === s.length - 1 && coda !== '') i++;
    out += onset + vowel.text + coda;
  }
  return out;
}

/** True when the free consonants from `i` run to the word's end in pairs: a last syllable (พล phon). */
function endingPair(s: readonly string[], i: number, free: (j: number) => boolean): boolean {
  let run = 0;
  while (free(i + run)) run++;
  return run > 0 && run % 2 === 0 && i + run === s.length;
}

/** The vowel after an onset at `i` (with its preceding sign `pre`); whether a final may follow. */
function readVowel(
  s: readonly string[],
  i: number,
  pre: string,
  free: (j: number) => boolean,
): [{ text: string; end: number }, boolean] {
  const at = (k: number): string => s[i + k] ?? '';
  const v = (text: string, length: number, closes = true): [{ text: string; end: number }, boolean] => [
    { text, end: i + length },
    closes,
  ];
  if (pre === 'เ') {
    if (at(0) === 'ี' && at(1) === 'ย') return v('ia', at(2) === 'ะ' ? 3 : 2);
    if (at(0) === 'ื' && at(1) === 'อ') return v('uea', 2);
    if (at(0) === 'า') return at(1) === 'ะ' ? v('o', 2, false) : v('ao', 1, false);
    if (at(0) === 'อ' || at(0) === 'ิ') return v('oe', 1);
    if (at(0) === '็' || at(0) === 'ะ') return v('e', 1, at(0) === '็');
    return v('e', 0);
  }
  if (pre === 'แ') return at(0) === '็' || at(0) === 'ะ' ? v('ae', 1, at(0) === '็') : v('ae', 0);
  if (pre === 'โ') return at(0) === 'ะ' ? v('o', 1, false) : v('o', 0);
  if (pre === 'ใ' || pre === 'ไ') return v('ai', 0);
  switch (at(0)) {
    case 'ั':
      return at(1) === 'ว' ? v('ua', at(2) === 'ะ' ? 3 : 2, at(2) !== 'ะ') : v('a', 1);
    case 'า':
      return v('a', 1);
    case 'ะ':
      return v('a', 1, false);
    case 'ำ':
      return v('am', 1, false);
    case 'ิ':
    case 'ี':
      return at(0) === 'ี' && at(1) === 'ย' ? v('ia', 2) : v('i', 1);
    case 'ึ':
      return v('ue', 1);
    case 'ื':
      return v('ue', at(1) === 'อ' ? 2 : 1);
    case 'ุ':
    case 'ู':
      return v('u', 1);
    case '็':
      return v('o', 1);
    case 'ฤ':
      return v('ri', 1);
  }
  if (at(0) === 'อ' && (at(1) === '' || free(i + 1))) return v('o', 1);
  if (at(0) === 'ร' && at(1) === 'ร') return free(i + 2) ? v('a', 2) : v('an', 2, false);
  if (at(0) === 'ว' && free(i + 1) && !free(i + 2)) return v('ua', 1);
  // No vowel sign: count the free consonants that follow; an even run (with this one) reads CoC.
  let run = 1;
  while (free(i + run - 1)) run++;
  return run % 2 === 0 ? v('o', 0) : v('a', 0, false);
}
