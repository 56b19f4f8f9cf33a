/** The romanizer reads each script with known examples, and every listed name has a reading. */
import t from 'tap';
import { LOCALE_CODES, localeData } from '../../workers/engine/locales/index.js';
import {
  readingsOf,
  romanize,
  romanizeArabic,
  romanizeDevanagari,
  romanizeThai,
} from '../../workers/engine/locales/romanize/index.js';

t.test('known names read as expected in every script', async (t) => {
  const cases: [string, string, 'first' | 'last', string][] = [
    ['zh', '王', 'last', 'wang'],
    ['zh', '伟', 'first', 'wei'],
    ['zh', '单', 'last', 'shan'], // a surname reading, not dan
    ['zh', '吕', 'last', 'lu'], // ü loses its dots
    ['ja', 'やまだ', 'last', 'yamada'],
    ['ja', 'ゆうこ', 'first', 'yuko'], // long vowels unmarked
    ['ja', 'キミ', 'first', 'kimi'],
    ['ja', '山田', 'last', 'yamada'],
    ['ja', '翔太', 'first', 'shota'],
    ['ru', 'Владимир', 'first', 'vladimir'],
    ['ru', 'Алексей', 'first', 'aleksey'],
    ['ru', 'Щукина', 'last', 'shchukina'],
    ['en', 'Ελένη', 'first', 'eleni'],
    ['en', 'Παπαδόπουλος', 'last', 'papadopoulos'],
    ['de', 'Zoë', 'first', 'zoe'],
    ['de', 'Müßig', 'last', 'mussig'],
    ['ko', '김', 'last', 'gim'],
    ['ko', '민준', 'first', 'minjun'],
    ['ar', 'مريم', 'first', 'maryam'],
    ['ar', 'عبد الله', 'first', 'abdullah'],
    ['fa', 'حسین', 'first', 'hossein'],
    ['fa', 'علی‌پور', 'last', 'alipour'],
    ['th', 'สมชาย', 'first', 'somchai'],
    ['th', 'กนกพร', 'first', 'kanokphon'],
  ];
  for (const [locale, name, kind, expected] of cases)
    t.equal(romanize(locale, name, kind), expected, `${locale} ${name}`);
});

t.test('rule-based readers for names outside the tables', async (t) => {
  t.equal(romanizeDevanagari('महेश'), 'mahesh');
  t.equal(romanizeDevanagari('देवेंद्र'), 'devendra');
  t.equal(romanizeDevanagari('सुनील'), 'sunil');
  t.equal(romanizeThai('ทองคำ'), 'thongkham');
  t.equal(romanizeThai('รอดแก้ว'), 'rotkaeo');
  t.equal(romanizeThai('นาคสวัสดิ์'), 'naksawat'); // karan silences ดิ
  t.equal(romanizeThai('ศรีสุข'), 'sisuk');
  t.equal(romanizeArabic('سارة', false), 'sara');
  t.equal(romanizeArabic('پریسا', true), 'parisa');
  t.match(romanizeArabic('مريم', false), /^mar/);
});

t.test('every kanji, Arabic and Persian name of the locales has a table reading', async (t) => {
  for (const locale of ['ja', 'ar', 'fa']) {
    const data = localeData(locale);
    const readings = readingsOf(locale)!;
    const missing = [
      ...[...data.firstFemale, ...data.firstMale].filter((n) => !readings.first.has(n)),
      ...[...data.lastFemale, ...data.lastMale].filter((n) => !readings.last.has(n)),
    ].filter((n) => locale !== 'ja' || /[\u3400-\u9fff]/.test(n));
    t.same(missing, [], `${locale}: names without a reading`);
  }
});

t.test('every listed name of every locale reads as lower-case ASCII of its own', async (t) => {
  for (const locale of LOCALE_CODES) {
    const data = localeData(locale);
    const bad: string[] = [];
    for (const [list, kind] of [
      [data.firstFemale, 'first'],
      [data.firstMale, 'first'],
      [data.lastFemale, 'last'],
      [data.lastMale, 'last'],
    ] as const) {
      for (const name of list) {
        const ascii = data.ascii(name, kind);
        // 'user' and 'member' are the placeholders of a name that read as nothing.
        if (!/^[a-z]+$/.test(ascii) || ascii === 'user' || ascii === 'member') bad.push(`${name}=${ascii}`);
      }
    }
    t.same(bad.slice(0, 10), [], `${locale}: names without a reading of their own`);
  }
});

t.test('a name that reads as nothing gets a placeholder, not an empty local part', async (t) => {
  t.equal(romanize('en', '—', 'first'), 'user');
  t.equal(romanize('en', '—', 'last'), 'member');
  t.equal(romanize('ja', '〇', 'first'), 'user'); // a kanji-like sign without a reading
});
