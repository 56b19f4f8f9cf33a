/** The request locale holds for every row unless per-row locales are asked for (docs/locales.md). */
import t from 'tap';
import { compile, type FieldSpec } from '../../workers/engine/index.js';
import { column, planOf } from './engine-helpers.js';

const NAME: FieldSpec = { name: 'name', type: 'full_name' };

function table(fields: FieldSpec[], locale = 'en', count = 300) {
  return planOf([{ name: 'people', count, fields }], 5, locale);
}

t.test(
  'a country field no longer changes the locale: every name is the one of the request locale',
  async (t) => {
    for (const type of ['country', 'country_code', 'nationality', 'locale_code']) {
      const plan = table([NAME, { name: 'c', type }], 'en');
      t.same(column(plan, 'people', 'name'), column(table([NAME], 'en'), 'people', 'name'), type);
      t.equal(new Set(column(plan, 'people', 'c')).size, 1, `${type} shows one country`);
    }
    t.same(new Set(column(table([{ name: 'c', type: 'country' }], 'ja'), 'people', 'c')), new Set(['Japan']));
  },
);

t.test('per_row_locale: true draws a locale per row, and the country fields agree with it', async (t) => {
  const plan = table([
    NAME,
    { name: 'c', type: 'country', params: { per_row_locale: true } },
    { name: 'code', type: 'country', params: { code: true } },
    { name: 'phone', type: 'phone_e164' },
  ]);
  const countries = column(plan, 'people', 'c');
  t.ok(new Set(countries).size > 10, 'several locales');
  const codes = column(plan, 'people', 'code');
  const phones = column(plan, 'people', 'phone');
  t.ok(
    countries.every((c, i) =>
      c === 'Japan' ? codes[i] === 'JP' && String(phones[i]).startsWith('+81') : true,
    ),
  );
  t.ok(
    codes.every((c) => /^[A-Z]{2}$/.test(String(c))),
    'code: true shows codes under per-row locales',
  );
  t.notSame(column(plan, 'people', 'name'), column(table([NAME]), 'people', 'name'));
});

t.test('an enum of countries decides the row locale, as the hosted service does', async (t) => {
  const market: FieldSpec = {
    name: 'market',
    type: 'enum',
    params: { values: ['JP', 'Germany', 'fr', 'Atlantis'] },
  };
  const plan = table([
    market,
    NAME,
    { name: 'phone', type: 'phone_e164' },
    { name: 'country', type: 'country' },
  ]);
  const markets = column(plan, 'people', 'market');
  const phones = column(plan, 'people', 'phone');
  const countries = column(plan, 'people', 'country');
  const expected: Record<string, [string, string]> = {
    JP: ['+81', 'Japan'],
    Germany: ['+49', 'Germany'],
    fr: ['+33', 'France'],
    Atlantis: ['+1', 'United States'],
  };
  markets.forEach((m, i) => {
    const [prefix, country] = expected[String(m)]!;
    if (!String(phones[i]).startsWith(prefix) || countries[i] !== country)
      t.fail(`row ${i}: ${m} ${phones[i]}`);
  });
  t.equal(new Set(markets).size, 4);
  const names = column(plan, 'people', 'name');
  t.ok(
    markets.some((m, i) => m === 'JP' && /[\u3040-\u30ff\u4e00-\u9fff]/.test(String(names[i]))),
    'Japanese names',
  );
});

t.test('an enum that is not mostly countries, or opts out, leaves the request locale', async (t) => {
  const plain = table([NAME, { name: 's', type: 'enum', params: { values: ['JP', 'open', 'closed'] } }]);
  t.same(column(plain, 'people', 'name'), column(table([NAME]), 'people', 'name'), 'one country of three');
  const optOut = table([
    NAME,
    { name: 's', type: 'enum', params: { values: ['JP', 'DE'], per_row_locale: false } },
  ]);
  t.same(column(optOut, 'people', 'name'), column(table([NAME]), 'people', 'name'), 'per_row_locale: false');
});

t.test('per_row_locale belongs to country-like fields and enums', async (t) => {
  const other = compile({
    tables: [
      {
        name: 'people',
        count: 1,
        fields: [{ name: 'n', type: 'integer', params: { per_row_locale: true } }],
      },
    ],
    seed: 5,
    locale: 'en',
  });
  t.match(other.ok && other.warnings, ['tables[0].fields[0].params.per_row_locale: unknown key, ignored']);
  t.throws(
    () => table([{ name: 'c', type: 'country', params: { per_row_locale: 'yes' } }]),
    /per_row_locale must be a boolean/,
  );
});
