/** Identity types: names, contact details and personal attributes of the row's person. */
import type { CellContext, FieldType, RawParams, Rng } from '../field-type.js';
import { countryInfo, LOCALE_CODES, localeData, localeOfCountry } from '../locales/index.js';
import { rowAreaCodes } from '../locales/places.js';
import { longestCost, QUOTE_BYTES } from '../size.js';
import { chooser, distinctValues, pickWeighted, validateChoices } from './choices.js';
import { define, listType } from './define.js';
import { fillDigits, pad } from './format.js';
import { check, str } from './params.js';
import { allFirstNames, allLastNames, asciiFirst, asciiLast, fullName, makePerson } from './person.js';
import { DATE_OF_BIRTH } from './datetime.js';

const NO_AREAS: readonly string[] = [];

/** A landline in the area: "(0351) 4821937", the subscriber number making 10 digits after the 0. */
function areaPhone(rng: Rng, area: string): string {
  let number = `(${area}) ` + String(rng.int(1, 9));
  for (let i = area.length; i < 10; i++) number += String(rng.int(0, 9));
  return number;
}

/** Countries `phone_e164.country` takes: the hosted service's four, then the countries of our locales. */
const E164_COUNTRIES: readonly string[] = [
  'US',
  'GB',
  ...LOCALE_CODES.map((code) => countryInfo(code).code).filter((code) => code !== 'US'),
];
/** The hosted service's gender values when `weights` come without `values`, and their default weights. */
const GENDERS: readonly string[] = ['male', 'female', 'non-binary', 'prefer_not_to_say'];
const GENDER_WEIGHTS: readonly number[] = [45, 45, 7, 3];
const LOCALE_PARAM = `one of ${LOCALE_CODES.join(', ')}: a name of that locale, not the row person's (default: the row's)`;

/** The list `gender` draws from; undefined keeps the row person's sex. */
function genderValues(p: RawParams): readonly string[] | undefined {
  const values = p['values'] as readonly string[] | undefined;
  return values ?? (p['weights'] != null ? GENDERS : undefined);
}

function genderWeights(p: RawParams, values: readonly string[]): readonly number[] {
  const weights = p['weights'] as readonly number[] | undefined;
  return weights ?? (values.length === 4 ? GENDER_WEIGHTS : values.map(() => 1));
}

/** `locale` on a name or phone type: one of our locale codes (the hosted catalogue documents it). */
function validateLocale(p: RawParams) {
  return check(p, (c) => c.string('locale', { oneOf: LOCALE_CODES }));
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const NICKNAMES = [
  'Ace',
  'Buddy',
  'Sunny',
  'Chief',
  'Sparky',
  'Doc',
  'Scout',
  'Red',
  'Skip',
  'Ziggy',
  'Bubbles',
  'Shadow',
  'Maverick',
  'Pixel',
  'Rocket',
  'Cookie',
  'Bean',
  'Captain',
  'Jazz',
  'Sky',
];
const BLOOD = ['O+', 'O+', 'O+', 'O+', 'A+', 'A+', 'A+', 'B+', 'O-', 'A-', 'AB+', 'B-', 'AB-'];
const BLOOD_TYPES = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'];
const SUFFIXES = ['Jr.', 'Sr.', 'II', 'III', 'IV', 'PhD', 'MD', 'DDS', 'Esq.'];
const BIO_ROLES = [
  'Software engineer',
  'Product designer',
  'Data analyst',
  'Teacher',
  'Nurse',
  'Photographer',
  'Marketing lead',
  'Founder',
  'Writer',
  'Student',
  'Chef',
  'Architect',
];
const BIO_LIKES = [
  'coffee',
  'hiking',
  'open source',
  'good books',
  'jazz',
  'running',
  'board games',
  'travel',
  'cooking',
  'cycling',
  'gardening',
  'photography',
  'yoga',
  'chess',
];
const BIO_CLOSERS = [
  'Opinions are my own.',
  'Always learning.',
  'Dog person.',
  'Cat person.',
  'Runs on coffee.',
  'Building things that matter.',
  '',
];

const emailDomain = (params: Readonly<Record<string, unknown>>, locale: string, index: number): string => {
  const domains = localeData(locale).emailDomains;
  return str(params, 'domain', domains[index % domains.length]!);
};

/** An email of the row's person; `domain` is the param when given (null: the locale's free-mail ones). */
function email(rng: Rng, ctx: CellContext, domain: string | null): string {
  const first = asciiFirst(ctx);
  const last = asciiLast(ctx);
  const word = rng.u32();
  let at = domain;
  if (at === null) {
    const domains = localeData(ctx.locale).emailDomains;
    at = domains[(word >>> 8) % domains.length]!;
  }
  switch (word & 3) {
    case 0:
      return first + '.' + last + '@' + at;
    case 1:
      return first + '_' + last + ((word >>> 4) % 100) + '@' + at;
    case 2:
      return first[0] + last + '@' + at;
    default:
      return first + '.' + last + ((word >>> 4) % 1000) + '@' + at;
  }
}

/** A work address at the organization's domain: first.last, flast or first.l, no digits. */
function workEmail(rng: Rng, ctx: CellContext, domain: string): string {
  const first = asciiFirst(ctx);
  const last = asciiLast(ctx);
  const form = rng.int(0, 9);
  if (form < 6) return first + '.' + last + '@' + domain;
  if (form < 9) return first[0] + last + '@' + domain;
  return first + '.' + last[0] + '@' + domain;
}

export const IDENTITY_TYPES: readonly FieldType[] = [
  define({
    id: 'first_name',
    category: 'identity',
    plainIn: ['csv', 'json'],
    description: "Given name of the row's person, in the locale's script; matches gender and email.",
    example: 'Emma',
    params: { locale: LOCALE_PARAM },
    validate: validateLocale,
    generate: (rng, ctx, p) =>
      typeof p['locale'] === 'string' && p['locale'] !== ctx.locale
        ? makePerson(rng, p['locale']).firstName
        : ctx.person().firstName,
    cardinality: (p, locale) => allFirstNames(str(p, 'locale', locale)).length,
    nth: (n, ctx, p) => allFirstNames(str(p, 'locale', ctx.locale))[n]!,
  }),
  define({
    id: 'last_name',
    category: 'identity',
    plainIn: ['csv', 'json'],
    description: "Family name of the row's person, in the locale's script (Russian names agree with sex).",
    example: 'Schmidt',
    params: { locale: LOCALE_PARAM },
    validate: validateLocale,
    generate: (rng, ctx, p) =>
      typeof p['locale'] === 'string' && p['locale'] !== ctx.locale
        ? makePerson(rng, p['locale']).lastName
        : ctx.person().lastName,
    cardinality: (p, locale) => allLastNames(str(p, 'locale', locale)).length,
    nth: (n, ctx, p) => allLastNames(str(p, 'locale', ctx.locale))[n]!,
  }),
  define({
    id: 'full_name',
    category: 'identity',
    plainIn: ['csv', 'json'],
    description: "Full name of the row's person in the locale's order (family name first for zh, ja, ko).",
    example: 'Emma Schmidt',
    generate: (_, ctx) => fullName(localeData(ctx.locale), ctx.person()),
  }),
  define({
    id: 'email',
    category: 'identity',
    plainIn: ['csv', 'json', 'sql'],
    description:
      "ASCII email address built from the row's person's name (romanized for non-Latin scripts); `by` names a domain of the row or of its organization (`organization_id.domain`): a work address there (first.last, flast or first.l), a free-mail one where it is null.",
    params: {
      domain: 'string, optional: the domain to use (default: a common free-mail domain of the locale)',
    },
    example: 'emma.schmidt@gmail.com',
    validate: (p) => check(p, (c) => c.string('domain', { pattern: HOSTNAME })),
    // A romanized local part of at most ~100 characters, then the domain (a host name: ASCII).
    maxBytes: (p) => 128 + (typeof p['domain'] === 'string' ? p['domain'].length : 64),
    generate: (rng, ctx, p) => email(rng, ctx, typeof p['domain'] === 'string' ? p['domain'] : null),
    prepare: (p) => {
      const domain = typeof p['domain'] === 'string' ? p['domain'] : null;
      return (rng, ctx) => email(rng, ctx, domain);
    },
    prepareBy: (p) => {
      const fallback = typeof p['domain'] === 'string' ? p['domain'] : null;
      return (rng, ctx, keys) => {
        const domain = keys.find((k): k is string => typeof k === 'string' && HOSTNAME.test(k));
        return domain === undefined ? email(rng, ctx, fallback) : workEmail(rng, ctx, domain);
      };
    },
    cardinality: () => Number.POSITIVE_INFINITY,
    // Names hold no digits, so the trailing number identifies n: distinct for distinct n.
    nth: (n, ctx, p) => {
      const first = asciiFirst(ctx);
      const last = asciiLast(ctx);
      return first + '.' + last + n + '@' + emailDomain(p, ctx.locale, n);
    },
  }),
  define({
    id: 'username',
    category: 'identity',
    plainIn: ['csv', 'json', 'sql'],
    description: "Lower-case ASCII handle derived from the row's person's name.",
    example: 'emma_schmidt42',
    generate: (rng, ctx) => {
      const first = asciiFirst(ctx);
      const last = asciiLast(ctx);
      const word = rng.u32();
      switch (word & 3) {
        case 0:
          return first + '_' + last;
        case 1:
          return first + last[0] + ((word >>> 4) % 100);
        case 2:
          return first + '.' + last;
        default:
          return first + ((word >>> 4) % 10000);
      }
    },
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, ctx) => {
      const first = asciiFirst(ctx);
      const last = asciiLast(ctx);
      return first + '_' + last + n;
    },
  }),
  define({
    id: 'phone',
    category: 'identity',
    description:
      "Phone number as written in the locale (national or international notation); in en an area code of the row's state, in de a landline with the row's city's Vorwahl.",
    example: '(030) 1234567',
    params: { locale: LOCALE_PARAM },
    validate: validateLocale,
    generate: (rng, ctx, p) => {
      const locale = str(p, 'locale', ctx.locale);
      const data = localeData(locale);
      const areas = locale === ctx.locale ? rowAreaCodes(locale, ctx) : NO_AREAS;
      if (areas.length === 0) return fillDigits(rng, rng.pick(data.phones));
      const area = areas.length === 1 ? areas[0]! : rng.pick(areas);
      // A trunk-prefixed code (de: 0351) makes a landline; a NANP code (en: 415) takes the pattern's first !##.
      return area.charCodeAt(0) === 48
        ? areaPhone(rng, area)
        : fillDigits(rng, rng.pick(data.phones).replace('!##', area));
    },
  }),
  define({
    id: 'phone_e164',
    category: 'identity',
    description: "Phone number in E.164 form with the locale country's calling code.",
    example: '+4930123456789',
    params: {
      country: `ISO alpha-2 code: ${E164_COUNTRIES.join(', ')} (default: the row locale's country)`,
    },
    validate: (p) => check(p, (c) => c.string('country', { oneOf: E164_COUNTRIES })),
    generate: (rng, ctx, p) => {
      const country = p['country'];
      if (country === 'GB') return fillDigits(rng, '+447#########');
      const locale = typeof country === 'string' ? (localeOfCountry(country) ?? ctx.locale) : ctx.locale;
      return fillDigits(rng, rng.pick(localeData(locale).phonesE164));
    },
  }),
  define({
    id: 'avatar_url',
    category: 'identity',
    description: 'URL of a generated avatar image (DiceBear), seeded by the person so it is stable.',
    example: 'https://api.dicebear.com/9.x/avataaars/svg?seed=emma4821',
    generate: (rng, ctx) =>
      'https://api.dicebear.com/9.x/avataaars/svg?seed=' + asciiFirst(ctx) + (rng.u32() % 10000),
  }),
  define({
    id: 'gender',
    category: 'identity',
    description:
      "Gender of the row's person (`female` or `male`), consistent with the first name; `values`/`weights` draw from a list instead.",
    params: {
      values:
        "array of strings (default without weights: the person's sex; with weights: male, female, non-binary, prefer_not_to_say)",
      weights: 'array of numbers ≥ 0, one per value (default 45/45/7/3 for four values, else equal)',
    },
    example: 'female',
    validate: (p) => validateChoices(p, true, GENDERS.length),
    maxBytes: (p) => longestCost(genderValues(p) ?? GENDERS) + QUOTE_BYTES,
    generate: (rng, ctx, p) => {
      const values = genderValues(p);
      return values ? pickWeighted(rng, values, genderWeights(p, values)) : ctx.person().sex;
    },
    prepare: (p) => {
      const values = genderValues(p);
      if (!values) return (_, ctx) => ctx.person().sex;
      return chooser(values, genderWeights(p, values));
    },
    cardinality: (p) => (genderValues(p) ? distinctValues(genderValues(p)!).length : 2),
    nth: (n, _, p) => {
      const values = genderValues(p);
      return values ? distinctValues(values)[n]! : n === 0 ? 'female' : 'male';
    },
  }),
  { ...DATE_OF_BIRTH },
  define({
    id: 'name_prefix',
    category: 'identity',
    description: "Honorific matching the person's sex, in the locale's language (Mr., Frau, Mme...).",
    example: 'Mrs.',
    generate: (rng, ctx) => {
      const data = localeData(ctx.locale);
      const list = ctx.person().sex === 'female' ? data.prefixFemale : data.prefixMale;
      return list.length > 0 ? rng.pick(list) : ctx.person().sex === 'female' ? 'Ms.' : 'Mr.';
    },
  }),
  listType('name_suffix', 'identity', 'Name suffix (Jr., III, PhD...).', SUFFIXES),
  listType('nickname', 'identity', 'Informal nickname.', NICKNAMES),
  listType('marital_status', 'identity', 'Marital status.', [
    'single',
    'married',
    'divorced',
    'widowed',
    'separated',
    'domestic partnership',
  ]),
  define({
    id: 'nationality',
    category: 'identity',
    description: "Nationality matching the row's locale country (German for de).",
    example: 'German',
    generate: (_, ctx) => countryInfo(ctx.locale).nationality,
  }),
  define({
    id: 'blood_type',
    category: 'identity',
    description: 'ABO/Rh blood group, weighted roughly by world frequency.',
    example: 'O+',
    generate: (rng) => rng.pick(BLOOD),
    cardinality: () => BLOOD_TYPES.length,
    nth: (n) => BLOOD_TYPES[n]!,
  }),
  define({
    id: 'pronoun_set',
    category: 'identity',
    description: 'Pronouns, consistent with the person (she/her, he/him; they/them 5%).',
    example: 'she/her',
    generate: (rng, ctx) =>
      rng.chance(0.05) ? 'they/them' : ctx.person().sex === 'female' ? 'she/her' : 'he/him',
  }),
  define({
    id: 'bio',
    category: 'identity',
    description: 'Short profile bio in English.',
    example: 'Product designer. Loves hiking and jazz. Always learning.',
    generate: (rng) => {
      const like = rng.pick(BIO_LIKES);
      let other = rng.pick(BIO_LIKES);
      if (other === like) other = 'good food';
      return `${rng.pick(BIO_ROLES)}. Loves ${like} and ${other}. ${rng.pick(BIO_CLOSERS)}`.trimEnd();
    },
  }),
  define({
    id: 'ssn',
    category: 'identity',
    description:
      'US Social Security number (###-##-####, never 000/666/9xx area); same format in every locale.',
    example: '123-45-6789',
    generate: (rng) => {
      const area = rng.int(1, 898);
      return (
        pad(area >= 666 ? area + 1 : area, 3) + '-' + pad(rng.int(1, 99), 2) + '-' + pad(rng.int(1, 9999), 4)
      );
    },
    cardinality: () => 665 * 99 * 9999,
    nth: (n) =>
      pad((n % 665) + 1, 3) +
      '-' +
      pad((Math.floor(n / 665) % 99) + 1, 2) +
      '-' +
      pad(Math.floor(n / 65835) + 1, 4),
  }),
  define({
    id: 'passport_number',
    category: 'identity',
    description: 'Passport number: the country code letters of the locale followed by 7 digits.',
    example: 'DE1234567',
    generate: (rng, ctx) => countryInfo(ctx.locale).code + fillDigits(rng, '#######'),
  }),
];
