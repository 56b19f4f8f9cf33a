/**
 * Names and emails agree: in every locale, a users table's email and username are read from the
 * row's own person. "Agrees" (docs/locales.md): the local part contains the first three letters (the
 * whole name when shorter) of the reference romanization of the row's first or family name.
 *
 * The reference is computed here apart from the romanizer where a source exists outside it, so a
 * romanizer that printed some other person's name would fail: pinyin-pro for Han, wanakana for kana,
 * the locale's reading tables (data) for kanji, Arabic, Persian and Hindi names. Thai has no outside
 * source: its reading must at least open with the RTGS initial of the name's first consonant.
 */
import { pinyin } from 'pinyin-pro';
import t from 'tap';
import { toRomaji } from 'wanakana';
import { LOCALE_CODES, localeData } from '../../workers/engine/locales/index.js';
import { HI_FIRST_FEMALE, HI_FIRST_MALE, HI_LAST } from '../../workers/engine/locales/hi.js';
import { parseReadings, romanize, readingsOf } from '../../workers/engine/locales/romanize/index.js';
import { planOf, allRows } from '../engine/engine-helpers.js';

const ROWS = 1000;
const THRESHOLD = 0.99;

const HINDI = new Map(
  [...HI_FIRST_FEMALE, ...HI_FIRST_MALE, ...HI_LAST].map((pair) => pair.split('|') as [string, string]),
);

// RTGS initials of Thai consonants (อ carries a vowel: no letter).
const THAI_INITIALS = parseReadings(
  'ก=k ข=kh ฃ=kh ค=kh ฅ=kh ฆ=kh ง=ng จ=ch ฉ=ch ช=ch ซ=s ฌ=ch ญ=y ฎ=d ฏ=t ฐ=th ฑ=th ฒ=th ณ=n ด=d ' +
    'ต=t ถ=th ท=th ธ=th น=n บ=b ป=p ผ=ph ฝ=f พ=ph ฟ=f ภ=ph ม=m ย=y ร=r ล=l ว=w ศ=s ษ=s ส=s ห=h ฬ=l ฮ=h',
);

const ascii = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The reference romanization of a name, or '' when none can be trusted. */
function reference(locale: string, name: string, kind: 'first' | 'last'): string {
  switch (locale) {
    case 'zh':
      return ascii(
        pinyin(name, { toneType: 'none', type: 'array', surname: kind === 'last' ? 'head' : 'off' }).join(''),
      );
    case 'ja': {
      if (/[\u3040-\u30ff]/.test(name)) return ascii(toRomaji(name).replace(/ou/g, 'o').replace(/uu/g, 'u'));
      const table = readingsOf('ja')!;
      return table.first.get(name) ?? table.last.get(name) ?? '';
    }
    case 'ar':
    case 'fa': {
      const table = readingsOf(locale)!;
      return ascii((kind === 'first' ? table.first : table.last).get(name) ?? '');
    }
    case 'hi':
      return HINDI.get(name) ?? '';
    case 'th': {
      // Skip leading vowel signs (เ แ โ ใ ไ) to the first consonant; อ carries a vowel (อมาตย amat),
      // and a silent ห or อ may lead a sonorant (หญิง ying, อยู่ yu).
      const letters = [...name].filter((ch) => THAI_INITIALS.has(ch) || ch === 'อ');
      const own = romanize(locale, name, kind);
      const initials = [THAI_INITIALS.get(letters[0]!) ?? '', THAI_INITIALS.get(letters[1] ?? '') ?? ''];
      const ok =
        letters[0] === 'อ'
          ? /^[aeiou]/.test(own) || (initials[1] !== '' && own.startsWith(initials[1]!))
          : own.startsWith(initials[0]!) ||
            (letters[0] === 'ห' && initials[1] !== '' && own.startsWith(initials[1]!));
      return ok ? own : '';
    }
    default:
      return romanize(locale, name, kind);
  }
}

/** True when `local` holds the first three letters of either reference (the whole one if shorter). */
function agrees(local: string, first: string, last: string): boolean {
  return [first, last].some((ref) => ref !== '' && local.includes(ref.slice(0, 3)));
}

for (const locale of LOCALE_CODES) {
  t.test(`${locale}: emails and usernames carry the row's own name`, async (t) => {
    const plan = planOf(
      [
        {
          name: 'users',
          count: ROWS,
          fields: [
            { name: 'first_name', type: 'first_name' },
            { name: 'last_name', type: 'last_name' },
            { name: 'full_name', type: 'full_name' },
            { name: 'email', type: 'email' },
            { name: 'username', type: 'username' },
          ],
        },
      ],
      11,
      locale,
    );
    const data = localeData(locale);
    let emails = 0;
    let usernames = 0;
    const misses: string[] = [];
    for (const [first, last, full, email, username] of allRows(plan, 'users') as string[][]) {
      const expected = data.familyFirst ? last! + data.nameJoiner + first! : first! + data.nameJoiner + last!;
      if (full !== expected) t.fail(`${locale}: full_name ${full} is not ${first} + ${last}`);
      const refFirst = reference(locale, first!, 'first');
      const refLast = reference(locale, last!, 'last');
      if (agrees(email!.split('@')[0]!, refFirst, refLast)) emails++;
      else if (misses.length < 5) misses.push(`${full} → ${email} (${refFirst} ${refLast})`);
      if (agrees(username!, refFirst, refLast)) usernames++;
    }
    t.ok(emails / ROWS >= THRESHOLD, `${locale}: ${emails}/${ROWS} emails agree; e.g. ${misses.join('; ')}`);
    t.ok(usernames / ROWS >= THRESHOLD, `${locale}: ${usernames}/${ROWS} usernames agree`);
  });
}
