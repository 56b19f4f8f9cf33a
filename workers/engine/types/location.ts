/** Location types: addresses, cities, regions, postal codes and coordinates in the row's locale. */
import type { CellContext, FieldType, RawParams, Rng } from '../field-type.js';
import { ALL_COUNTRIES, countryInfo, type LocaleData, localeData } from '../locales/index.js';
import { placeAt, type PlaceTable, placeTable, postcodeAt } from '../locales/places.js';
import { alias, define, localeListType } from './define.js';
import { fillDigits } from './format.js';
import { check } from './params.js';

/** Rough bounding boxes [latMin, latMax, lngMin, lngMax] of each locale's country, for coordinates. */
const BOXES: Readonly<Record<string, readonly [number, number, number, number]>> = {
  en: [25, 49, -124, -67],
  fr: [43, 51, -4.5, 7.5],
  de: [47.3, 55, 6, 15],
  es: [36, 43.7, -9, 3.3],
  ru: [43, 68, 30, 135],
  zh: [22, 45, 80, 125],
  ar: [17, 31, 37, 55],
  it: [37, 46.5, 7, 18.5],
  ja: [31, 45, 130, 145],
  hi: [8, 32, 69, 89],
  pt: [-33, 5, -73, -35],
  id: [-10, 5, 95, 141],
  ko: [34, 38.5, 126, 129.5],
  tr: [36, 42, 26, 44.5],
  fa: [25.5, 39.5, 44.5, 63],
  pl: [49, 54.8, 14.2, 24],
  nl: [50.8, 53.5, 3.4, 7.2],
  sv: [55.4, 68.9, 11, 24],
  da: [54.6, 57.7, 8.1, 12.7],
  nb: [58, 71, 5, 31],
  th: [5.7, 20.4, 97.4, 105.6],
  hr: [42.4, 46.5, 13.5, 19.4],
};

const NEIGHBORHOODS: readonly string[] = [
  'Downtown',
  'Old Town',
  'Riverside',
  'Harbor District',
  'University Quarter',
  'Northside',
  'West End',
  'Eastgate',
  'Hillcrest',
  'Lakeside',
  'Midtown',
  'Parkview',
  'Southbank',
  'Market Square',
  'Greenfield',
  'Oak Hill',
];

/** "Hauptstraße 12", "12 Main Street", "长安街12号", or the street alone where it carries its number. */
export function streetAddress(rng: Rng, data: LocaleData): string {
  const street = rng.pick(data.streets);
  if (data.buildingNumbers.length === 0) return street;
  const digits = fillDigits(rng, rng.pick(data.buildingNumbers));
  // House numbers never start with 0; avoid a regex on the hot path.
  const number = digits.charCodeAt(0) === 48 ? '1' + digits.slice(1) : digits;
  if (data.code === 'zh') return street + number + '号';
  return data.streetFirst ? street + ' ' + number : number + ' ' + street;
}

/** City, region and postal code of a row: its latent place where the locale ships places, else drawn. */
export function rowPlace(rng: Rng, ctx: CellContext, data: LocaleData): [string, string, string] {
  const table = placeTable(data.code);
  if (table !== undefined) {
    const u = ctx.place();
    const i = placeAt(table, u);
    return [table.cities[i]!, table.regions[i]!, postcodeAt(table, i, u)];
  }
  const city = rng.pick(data.cities);
  const postcode = fillDigits(rng, rng.pick(data.postcodes));
  const needsState =
    data.addressStyle === 'us' || data.addressStyle === 'east-asia' || data.addressStyle === 'south-asia';
  return [city, needsState ? rng.pick(data.states) : '', postcode];
}

/** A full postal address in the locale's usual order. */
export function formatAddress(rng: Rng, ctx: CellContext, data: LocaleData): string {
  const street = streetAddress(rng, data);
  const [city, state, postcode] = rowPlace(rng, ctx, data);
  switch (data.addressStyle) {
    case 'us':
      return `${street}, ${city}, ${state} ${postcode}`;
    case 'east-asia':
      return data.code === 'ja'
        ? `〒${postcode} ${state}${city}${street}`
        : `${state} ${city} ${street} ${postcode}`;
    case 'south-asia':
      return `${street}, ${city}, ${state} ${postcode}`;
    default:
      return `${street}, ${postcode} ${city}`;
  }
}

/**
 * The [min, max] range of a coordinate: both bounds given are taken as they are; one bound given is
 * intersected with the locale's box, and where they do not meet (`latitude {min: 60}` in en) the other
 * end is the globe's, so a bound the client gives always holds.
 */
export function coordinateRange(locale: string, params: RawParams, axis: 0 | 2): readonly [number, number] {
  const box = BOXES[locale] ?? BOXES['en']!;
  const limit = axis === 0 ? 90 : 180;
  const min = params['min'];
  const max = params['max'];
  const boxLo = box[axis];
  const boxHi = box[axis + 1]!;
  if (typeof min === 'number' && typeof max === 'number') return [min, max];
  if (typeof min === 'number') return min <= boxHi ? [Math.max(min, boxLo), boxHi] : [min, limit];
  if (typeof max === 'number') return max >= boxLo ? [boxLo, Math.min(max, boxHi)] : [-limit, max];
  return [boxLo, boxHi];
}

function coordinate(rng: Rng, ctx: CellContext, params: RawParams, axis: 0 | 2): number {
  const [min, max] = coordinateRange(ctx.locale, params, axis);
  const value = Math.round((min + rng.float() * (max - min)) * 1e6) / 1e6;
  // Rounding to 6 decimals may step past a bound that has more decimals.
  return Math.min(max, Math.max(min, value));
}

const coordinateParams = (limit: number) => (p: RawParams) =>
  check(p, (c) =>
    c.ordered(
      'min',
      c.number('min', { min: -limit, max: limit }),
      'max',
      c.number('max', { min: -limit, max: limit }),
    ),
  );

/** `base` reading the row's place where the locale ships places (base draws elsewhere; nth stays base's). */
function fromPlace(
  base: FieldType,
  read: (table: PlaceTable, place: number, u: number, params: RawParams) => string,
  extra: Partial<FieldType> = {},
): FieldType {
  return {
    ...base,
    ...extra,
    generate: (rng, ctx, params) => {
      const table = placeTable(ctx.locale);
      if (table === undefined) return base.generate(rng, ctx, params);
      const u = ctx.place();
      return read(table, placeAt(table, u), u, params);
    },
  };
}

const STATE = fromPlace(
  localeListType(
    'state_province',
    'location',
    "State, province or region of the locale's country; the row's city lies in it where the locale ships places (docs/locales.md). `abbreviation: true` gives the state code where the locale has one (en: CA).",
    'Bayern',
    (l) => localeData(l).states,
  ),
  (t, i, _, p) => (p['abbreviation'] === true ? t.regionCodes[i]! : t.regions[i]!),
  {
    params: { abbreviation: 'boolean (default false): the state code (en: CA, NY) where the locale has one' },
    validate: (p) => check(p, (c) => c.boolean('abbreviation')),
  },
);
const POSTAL = fromPlace(
  define({
    id: 'postal_code',
    category: 'location',
    description:
      "Postal code in the locale's format (12345, 75001, 123-4567, 1234 AB...); a real code of the row's city where the locale ships places.",
    example: '10115',
    generate: (rng, ctx) => fillDigits(rng, rng.pick(localeData(ctx.locale).postcodes)),
  }),
  (t, i, u) => postcodeAt(t, i, u),
);
export const LOCATION_TYPES: readonly FieldType[] = [
  define({
    id: 'address',
    category: 'location',
    description:
      "Full postal address in the locale's order and script; its city, region and postal code are the row's place where the locale ships places.",
    example: 'Hauptstraße 12, 10115 Berlin',
    generate: (rng, ctx) => formatAddress(rng, ctx, localeData(ctx.locale)),
  }),
  define({
    id: 'street_address',
    category: 'location',
    description: 'Street and building number.',
    example: 'Hauptstraße 12',
    generate: (rng, ctx) => streetAddress(rng, localeData(ctx.locale)),
  }),
  localeListType(
    'street_name',
    'location',
    'Street name without number (ours).',
    'Hauptstraße',
    (l) => localeData(l).streets,
  ),
  define({
    id: 'address_line_2',
    category: 'location',
    description: 'Secondary address line (apartment, suite, floor) in the locale.',
    example: 'Apt. 402',
    generate: (rng, ctx) => fillDigits(rng, rng.pick(localeData(ctx.locale).secondaryAddresses)),
  }),
  fromPlace(
    localeListType(
      'city',
      'location',
      "City of the locale's country, in its script; with the row's region and postal code where the locale ships places.",
      'Berlin',
      (l) => localeData(l).cities,
    ),
    (t, i) => t.cities[i]!,
  ),
  STATE,
  alias('state', STATE),
  POSTAL,
  alias('zip', POSTAL),
  alias('zip_code', POSTAL),
  define({
    id: 'country',
    category: 'location',
    plainIn: ['csv', 'json', 'sql'],
    description:
      "Country of the row's locale, in English, or its ISO alpha-2 code with `code: true` (unique columns list 60 countries).",
    params: { code: 'boolean (default false): the ISO 3166-1 alpha-2 code instead of the English name' },
    validate: (p) => check(p, (c) => c.boolean('code')),
    example: 'Germany',
    generate: (_, ctx, p) =>
      p['code'] === true ? countryInfo(ctx.locale).code : countryInfo(ctx.locale).name,
    cardinality: () => ALL_COUNTRIES.length,
    nth: (n, _, p) => (p['code'] === true ? ALL_COUNTRIES[n]!.code : ALL_COUNTRIES[n]!.name),
  }),
  define({
    id: 'country_code',
    category: 'location',
    plainIn: ['csv', 'json', 'sql'],
    description: "ISO 3166-1 alpha-2 code of the row's locale country.",
    example: 'DE',
    generate: (_, ctx) => countryInfo(ctx.locale).code,
    cardinality: () => ALL_COUNTRIES.length,
    nth: (n) => ALL_COUNTRIES[n]!.code,
  }),
  define({
    id: 'latitude',
    category: 'location',
    description:
      "Latitude (6 decimals) inside the locale country's rough bounding box, or in [min, max]; one bound alone narrows the box, or, where it lies outside the box, spans to the pole/antimeridian, so it always holds.",
    params: { min: 'number ≥ -90 (optional)', max: 'number ≤ 90 (optional)' },
    example: 52.520008,
    kind: 'float',
    validate: coordinateParams(90),
    generate: (rng, ctx, p) => coordinate(rng, ctx, p, 0),
  }),
  define({
    id: 'longitude',
    category: 'location',
    description:
      "Longitude (6 decimals) inside the locale country's rough bounding box, or in [min, max]; one bound alone narrows the box, or, where it lies outside the box, spans to the pole/antimeridian, so it always holds.",
    params: { min: 'number ≥ -180 (optional)', max: 'number ≤ 180 (optional)' },
    example: 13.404954,
    kind: 'float',
    validate: coordinateParams(180),
    generate: (rng, ctx, p) => coordinate(rng, ctx, p, 2),
  }),
  define({
    id: 'timezone',
    category: 'location',
    description: "IANA time zone of the locale's country.",
    example: 'Europe/Berlin',
    generate: (rng, ctx) => rng.pick(countryInfo(ctx.locale).timezones),
  }),
  define({
    id: 'locale_code',
    category: 'location',
    description: "BCP 47 language tag of the row's locale (de-DE).",
    example: 'de-DE',
    generate: (_, ctx) => countryInfo(ctx.locale).languageTag,
  }),
  define({
    id: 'neighborhood',
    category: 'location',
    description: 'Neighborhood or district name (English).',
    example: 'Old Town',
    generate: (rng) => rng.pick(NEIGHBORHOODS),
  }),
];
