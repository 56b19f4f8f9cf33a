/**
 * Real places (docs/locales.md#places): in en, de and fr a row's city, region, postal code and address
 * describe one place of the shipped reference data, which is what scripts/geo-places.ts builds from
 * its sources; other locales keep their independent lists.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import {
  BUILDERS,
  checksum,
  type PlaceFile,
  placesPath,
  serialize,
  SOURCES,
  sourceDir,
} from '../../scripts/geo-places.js';
import type { FieldSpec } from '../../workers/engine/index.js';
import { PLACE_LOCALES } from '../../workers/engine/locales/places.js';
import { allRows, column, planOf } from './engine-helpers.js';

const LOCALES = ['en', 'de', 'fr'] as const;

const committed = (locale: string): PlaceFile =>
  JSON.parse(readFileSync(placesPath(locale), 'utf8')) as PlaceFile;

/** Every (city, region, postal code) triple of a shipped file, read from the JSON itself. */
function triples(file: PlaceFile): Set<string> {
  const out = new Set<string>();
  for (const [city, region, , codes] of file.places)
    for (const code of codes.split(' ')) out.add(`${city}|${file.regions[region]}|${code}`);
  return out;
}

const FIELDS: FieldSpec[] = [
  { name: 'address', type: 'address' },
  { name: 'city', type: 'city' },
  { name: 'state', type: 'state' },
  { name: 'state_code', type: 'state', params: { abbreviation: true } },
  { name: 'zip', type: 'postal_code' },
];

/** The address ends with the row's place in the locale's order. */
function addressTail(locale: string, city: string, state: string, zip: string): string {
  return locale === 'en' ? `, ${city}, ${state} ${zip}` : `, ${zip} ${city}`;
}

t.test('the engine ships places exactly for en, de and fr', async (t) => {
  t.same([...PLACE_LOCALES].sort(), [...LOCALES].sort());
});

for (const locale of LOCALES) {
  t.test(
    `${locale}: every row's city, region and postal code occur together in the shipped data`,
    async (t) => {
      const file = committed(locale);
      const known = triples(file);
      const codeOf = new Map(file.regions.map((r, i) => [r, file.regionCodes[i] ?? r]));
      const rows = allRows(planOf([{ name: 'people', count: 1000, fields: FIELDS }], 11, locale), 'people');
      const bad = rows.filter(([address, city, state, code, zip]) => {
        const triple = `${String(city)}|${String(state)}|${String(zip)}`;
        return (
          !known.has(triple) ||
          code !== codeOf.get(String(state)) ||
          !String(address).endsWith(addressTail(locale, String(city), String(state), String(zip)))
        );
      });
      t.same(bad.slice(0, 5), [], `${bad.length} of 1000 rows disagree`);
      t.ok(new Set(rows.map((r) => r[1])).size > 150, 'many cities');
      t.ok(new Set(rows.map((r) => r[2])).size > 10, 'many regions');
    },
  );
}

t.test('en: state codes are USPS codes, and the largest places come up most', async (t) => {
  const plan = planOf([{ name: 'p', count: 2000, fields: FIELDS }], 3, 'en');
  t.ok(column(plan, 'p', 'state_code').every((c) => /^[A-Z]{2}$/.test(String(c))));
  const houston = column(plan, 'p', 'city').filter((c) => c === 'Houston').length;
  // Houston holds 178 of the 14,130 ZIP codes weighed: about 25 of 2,000 rows.
  t.ok(houston >= 10 && houston <= 45, `${houston} rows in Houston`);
});

t.test(
  'en: no place is a base’s or a facility’s post-office name (GeoNames writes JBPHH as "Jbphh")',
  async (t) => {
    const bases = committed('en').places.filter(([city]) =>
      /^Jb|^Joint Base | Afb$|Facility$|Navy Yard$/.test(city),
    );
    t.same(bases, []);
  },
);

t.test('rows switching locale keep their place in each of en, de and fr', async (t) => {
  const fields: FieldSpec[] = [
    { name: 'country', type: 'country_code', params: { per_row_locale: true } },
    ...FIELDS,
  ];
  const rows = allRows(planOf([{ name: 'p', count: 1000, fields }], 7, 'en'), 'p');
  const known = new Map<string, Set<string>>([
    ['US', triples(committed('en'))],
    ['DE', triples(committed('de'))],
    ['FR', triples(committed('fr'))],
  ]);
  let checked = 0;
  for (const [country, , city, state, , zip] of rows) {
    const set = known.get(String(country));
    if (set === undefined) continue;
    checked++;
    t.ok(set.has(`${String(city)}|${String(state)}|${String(zip)}`), `${String(country)} ${String(city)}`);
  }
  t.ok(checked > 60, `${checked} rows in en, de or fr`);
});

t.test("the place is the row's: field names, order and other fields change nothing", async (t) => {
  const full = planOf([{ name: 'p', count: 300, fields: FIELDS }], 9, 'de');
  const alone = planOf([{ name: 'p', count: 300, fields: [{ name: 'where', type: 'city' }] }], 9, 'de');
  t.same(column(alone, 'p', 'where'), column(full, 'p', 'city'));
  const more = planOf(
    [{ name: 'p', count: 300, fields: [{ name: 'x', type: 'uuid' }, ...[...FIELDS].reverse()] }],
    9,
    'de',
  );
  t.same(column(more, 'p', 'zip'), column(full, 'p', 'zip'));
});

t.test('other locales keep drawing city, region and postal code independently', async (t) => {
  const plan = planOf([{ name: 'p', count: 200, fields: FIELDS }], 9, 'es');
  const cities = column(plan, 'p', 'city');
  const states = column(plan, 'p', 'state');
  // The same city comes with several regions: nothing ties them.
  const regionsOf = new Map<string, Set<string>>();
  cities.forEach((c, i) =>
    regionsOf.set(String(c), (regionsOf.get(String(c)) ?? new Set()).add(String(states[i]))),
  );
  t.ok([...regionsOf.values()].some((s) => s.size > 1));
});

for (const locale of LOCALES) {
  t.test(`${locale}: the shipped file is what the build script makes of its sources`, async (t) => {
    const file = committed(locale);
    t.equal(checksum(file), file.checksum, 'checksum of the content');
    t.ok(
      file.places.every((p) => p[2] > 0 && /^\d{5}( \d{5})*$/.test(p[3])),
      'weights and 5-digit codes',
    );
    t.match(file.source, /\d+\.\d+\.\d+/, 'source names its version');
    const present = Object.keys(SOURCES).every(
      (name) => sourceDir(name as keyof typeof SOURCES) !== undefined,
    );
    if (!present) {
      t.comment('sources not in the cache (npm run places fetches them): compared by checksum only');
      return;
    }
    t.equal(
      serialize(BUILDERS[locale]()),
      readFileSync(placesPath(locale), 'utf8'),
      'rebuilt from the sources',
    );
  });
}

t.test("de: a phone is a landline with the Vorwahl of the row's city", async (t) => {
  const file = committed('de');
  const areas = new Map<string, Set<string>>();
  for (const [city, region, , , area] of file.places)
    areas.set(
      `${city}|${file.regions[region]}`,
      (areas.get(`${city}|${file.regions[region]}`) ?? new Set()).add(area),
    );
  const fields: FieldSpec[] = [...FIELDS, { name: 'phone', type: 'phone' }];
  const rows = allRows(planOf([{ name: 'p', count: 1000, fields }], 13, 'de'), 'p');
  const bad = rows.filter((r) => {
    // A place without a Vorwahl in the source (one) keeps the locale's phone patterns.
    if (areas.get(`${String(r[1])}|${String(r[2])}`)?.has('')) return false;
    const match = /^\((0\d{2,5})\) [1-9]\d+$/.exec(String(r[5]));
    const digits = String(r[5]).replace(/\D/g, '');
    return (
      match === null || digits.length !== 11 || !areas.get(`${String(r[1])}|${String(r[2])}`)?.has(match[1]!)
    );
  });
  t.same(bad.slice(0, 5), [], `${bad.length} of 1000 phones outside their city's area`);
  // A phone in another locale than the row's keeps that locale's own patterns.
  const other = planOf(
    [{ name: 'p', count: 50, fields: [{ name: 'phone', type: 'phone', params: { locale: 'fr' } }] }],
    13,
    'de',
  );
  t.ok(column(other, 'p', 'phone').every((p) => !String(p).startsWith('(0')));
});

t.test("en: a phone's area code is one of the row's state", async (t) => {
  const file = committed('en');
  const areasOf = new Map(file.regions.map((r, i) => [r, new Set(file.regionAreas[i]!.split(' '))]));
  t.equal(file.regionAreas.length, file.regions.length);
  t.ok(
    file.regionAreas.every((a) => /^\d{3}( \d{3})*$/.test(a)),
    'every state has area codes',
  );
  const fields: FieldSpec[] = [...FIELDS, { name: 'phone', type: 'phone' }];
  const rows = allRows(planOf([{ name: 'p', count: 1000, fields }], 17, 'en'), 'p');
  const bad = rows.filter((r) => {
    const area = /^(?:1-)?\(?(\d{3})/.exec(String(r[5]))?.[1];
    return area === undefined || !areasOf.get(String(r[2]))?.has(area);
  });
  t.same(bad.slice(0, 5), [], `${bad.length} of 1000 phones outside their state's area codes`);
});
