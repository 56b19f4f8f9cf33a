import { readFileSync } from 'node:fs';
import t from 'tap';
import {
  countryOfLocale,
  LOCALE_CODES,
  localeData,
  localeOfCountry,
} from '../../workers/engine/locales/index.js';
import { FIELD_TYPES, makePerson } from '../../workers/engine/types/index.js';
import { romanizeNames } from '../../workers/engine/types/person.js';
import { cellContext, cellRng } from './cell-context.js';

const SCRIPTS: Readonly<Record<string, RegExp>> = {
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  zh: /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
  ru: /\p{Script=Cyrillic}/u,
  ar: /\p{Script=Arabic}/u,
  fa: /\p{Script=Arabic}/u,
  th: /\p{Script=Thai}/u,
  hi: /\p{Script=Devanagari}/u,
};

function sample(id: string, locale: string, rows = 50): string[] {
  const type = FIELD_TYPES.get(id)!;
  return Array.from(
    { length: rows },
    (_, row) => type.generate(cellRng(11, row), cellContext({ locale, row, seed: 11 }), {}) as string,
  );
}

t.test('the 22 locale codes, as docs/locales.md lists them', async (t) => {
  t.equal(LOCALE_CODES.length, 22);
  // The docs' table has two columns of locales: each row is `| code | country | | code | country |`.
  const doc = readFileSync(new URL('../../docs/locales.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('| code | country | | code | country |')).split('\n\n')[0]!;
  const rows = table
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const documented = [...rows.map((cells) => cells[1]), ...rows.map((cells) => cells[4])].filter(
    (code) => code !== undefined && code !== '',
  );
  t.same(documented, [...LOCALE_CODES], 'the same codes in the same order');
  for (const row of rows) {
    for (const [code, country] of [
      [row[1], row[2]],
      [row[4], row[5]],
    ]) {
      if (code) t.match(country, `(${countryOfLocale(code).code})`, `${code}'s country`);
    }
  }
  t.same(countryOfLocale('de'), { name: 'Germany', code: 'DE' });
  t.same(countryOfLocale('pt'), { name: 'Brazil', code: 'BR' });
  t.same(countryOfLocale('hi'), { name: 'India', code: 'IN' });
  t.equal(localeOfCountry('japan'), 'ja');
  t.equal(localeOfCountry('SE'), 'sv');
  for (const code of LOCALE_CODES) {
    const data = localeData(code);
    for (const key of [
      'firstFemale',
      'firstMale',
      'lastFemale',
      'lastMale',
      'cities',
      'states',
      'streets',
      'companies',
      'postcodes',
      'phones',
      'phonesE164',
      'emailDomains',
    ] as const) {
      t.ok(data[key].length > 0, `${code} ${key}`);
    }
  }
});

t.test('names, cities and addresses are in the locale script', async (t) => {
  for (const [locale, script] of Object.entries(SCRIPTS)) {
    for (const id of ['first_name', 'last_name', 'full_name', 'city', 'street_address']) {
      const bad = sample(id, locale).filter((value) => !script.test(value));
      t.same(bad, [], `${locale} ${id}`);
    }
  }
});

t.test('makePerson agrees with the locale lists', async (t) => {
  for (const locale of LOCALE_CODES) {
    const data = localeData(locale);
    for (let i = 0; i < 50; i++) {
      const person = makePerson(cellRng(i), locale);
      const firsts = person.sex === 'female' ? data.firstFemale : data.firstMale;
      const lasts = person.sex === 'female' ? data.lastFemale : data.lastMale;
      if (!firsts.includes(person.firstName) || !lasts.includes(person.lastName))
        t.fail(`${locale} ${JSON.stringify(person)}`);
    }
  }
  t.pass();
});

t.test('romanizeNames fills every ASCII name as people drawn one by one would', async (t) => {
  for (const locale of ['ru', 'hi', 'de']) {
    const data = localeData(locale);
    const lists = [data.firstFemale, data.firstMale, data.lastFemale, data.lastMale];
    // Before: people drawn one by one fill only the names they use.
    for (let i = 0; i < 30; i++) makePerson(cellRng(i), locale);
    romanizeNames(locale);
    data.asciiByIndex.forEach((cache, k) => {
      const kind = k < 2 ? 'first' : 'last';
      t.equal(cache.length, lists[k]!.length, `${locale} list ${k} is parallel to its names`);
      const wrong = cache.filter((ascii, i) => ascii !== data.ascii(lists[k]![i]!, kind));
      t.same(wrong, [], `${locale} list ${k}: every name romanized, as ascii() gives it`);
    });
  }
});

t.test('emails and usernames are ASCII in every locale', async (t) => {
  for (const locale of LOCALE_CODES) {
    for (const value of sample('email', locale))
      if (!/^[a-z0-9._-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(value)) t.fail(`${locale} ${value}`);
    for (const value of sample('username', locale))
      if (!/^[a-z0-9._]+$/.test(value)) t.fail(`${locale} ${value}`);
  }
  const ctx = cellContext({ locale: 'ru', seed: 3 });
  const email = FIELD_TYPES.get('email')!.nth!(5, ctx, {}) as string;
  t.match(email, /^[a-z]+\.[a-z]+5@/);
  t.pass();
});

t.test('postal codes and phones follow the locale formats', async (t) => {
  const postal: Record<string, RegExp> = {
    en: /^\d{5}(-\d{4})?$/,
    de: /^\d{5}$/,
    ja: /^\d{3}-\d{4}$/,
    pl: /^\d{2}-\d{3}$/,
    pt: /^\d{5}-\d{3}$/,
    nl: /^\d{4} [A-Z]{2}$/,
    hi: /^[1-8]\d{5}$/,
    ru: /^\d{6}$/,
  };
  for (const [locale, pattern] of Object.entries(postal))
    t.same(
      sample('postal_code', locale).filter((v) => !pattern.test(v)),
      [],
      `${locale} postal`,
    );
  const e164: Record<string, string> = {
    en: '+1',
    de: '+49',
    fr: '+33',
    ja: '+81',
    hi: '+91',
    ar: '+966',
    pt: '+55',
    it: '+39',
  };
  for (const [locale, prefix] of Object.entries(e164)) {
    t.same(
      sample('phone_e164', locale).filter((v) => !v.startsWith(prefix) || !/^\+\d{8,15}$/.test(v)),
      [],
      `${locale} e164`,
    );
  }
  t.same(
    sample('phone', 'hi').filter((v) => !/^(\+91 [6-9]\d{4} \d{5}|09\d{9})$/.test(v)),
    [],
    'hi phone',
  );
  t.same(
    sample('phone', 'fr').filter((v) => !/^(\+33 ?|0)\d/.test(v)),
    [],
    'fr phone',
  );
});

t.test('row country follows the locale', async (t) => {
  t.equal(FIELD_TYPES.get('country')!.generate(cellRng(1), cellContext({ locale: 'ja' }), {}), 'Japan');
  t.equal(FIELD_TYPES.get('country_code')!.generate(cellRng(1), cellContext({ locale: 'nb' }), {}), 'NO');
  t.match(FIELD_TYPES.get('iban')!.generate(cellRng(1), cellContext({ locale: 'fr' }), {}), /^FR\d{25}$/);
});
