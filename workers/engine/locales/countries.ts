/**
 * Country facts per locale. Names are in English (the catalogue's language; a `country` column is
 * usually compared against English names) with ISO 3166-1 alpha-2 codes. `pt` means Brazil, because
 * faker's richer Portuguese data (pt_BR: names, postcodes, phones) is Brazilian.
 */

/** What a locale implies about a row's country. */
export interface CountryInfo {
  readonly name: string;
  readonly code: string;
  /** ITU country calling code, without '+'. */
  readonly callingCode: string;
  readonly nationality: string;
  readonly currency: string;
  readonly timezones: readonly string[];
  readonly languageTag: string;
}

/** How a locale writes an address: the US form, the East Asian (largest unit first), the Indian, the European. */
export type AddressStyle = 'us' | 'east-asia' | 'south-asia' | 'europe';

/** A supported locale: its country, and how it writes an address. */
export interface LocaleFacts extends CountryInfo {
  readonly addressStyle: AddressStyle;
  /** The street name before the house number ("Hauptstraße 5"), not after ("5 Main Street"). */
  readonly streetFirst: boolean;
}

/**
 * The supported locales, in the order of docs/locales.md: the one list of locale codes (LOCALE_CODES
 * is read from it).
 */
export const LOCALES = {
  en: {
    addressStyle: 'us',
    streetFirst: false,
    name: 'United States',
    code: 'US',
    callingCode: '1',
    nationality: 'American',
    currency: 'USD',
    languageTag: 'en-US',
    timezones: ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'],
  },
  fr: {
    addressStyle: 'europe',
    streetFirst: false,
    name: 'France',
    code: 'FR',
    callingCode: '33',
    nationality: 'French',
    currency: 'EUR',
    languageTag: 'fr-FR',
    timezones: ['Europe/Paris'],
  },
  de: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Germany',
    code: 'DE',
    callingCode: '49',
    nationality: 'German',
    currency: 'EUR',
    languageTag: 'de-DE',
    timezones: ['Europe/Berlin'],
  },
  es: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Spain',
    code: 'ES',
    callingCode: '34',
    nationality: 'Spanish',
    currency: 'EUR',
    languageTag: 'es-ES',
    timezones: ['Europe/Madrid', 'Atlantic/Canary'],
  },
  ru: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Russia',
    code: 'RU',
    callingCode: '7',
    nationality: 'Russian',
    currency: 'RUB',
    languageTag: 'ru-RU',
    timezones: ['Europe/Moscow', 'Asia/Yekaterinburg', 'Asia/Novosibirsk', 'Asia/Vladivostok'],
  },
  zh: {
    addressStyle: 'east-asia',
    streetFirst: true,
    name: 'China',
    code: 'CN',
    callingCode: '86',
    nationality: 'Chinese',
    currency: 'CNY',
    languageTag: 'zh-CN',
    timezones: ['Asia/Shanghai'],
  },
  ar: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Saudi Arabia',
    code: 'SA',
    callingCode: '966',
    nationality: 'Saudi',
    currency: 'SAR',
    languageTag: 'ar-SA',
    timezones: ['Asia/Riyadh'],
  },
  it: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Italy',
    code: 'IT',
    callingCode: '39',
    nationality: 'Italian',
    currency: 'EUR',
    languageTag: 'it-IT',
    timezones: ['Europe/Rome'],
  },
  ja: {
    addressStyle: 'east-asia',
    streetFirst: false,
    name: 'Japan',
    code: 'JP',
    callingCode: '81',
    nationality: 'Japanese',
    currency: 'JPY',
    languageTag: 'ja-JP',
    timezones: ['Asia/Tokyo'],
  },
  hi: {
    addressStyle: 'south-asia',
    streetFirst: false,
    name: 'India',
    code: 'IN',
    callingCode: '91',
    nationality: 'Indian',
    currency: 'INR',
    languageTag: 'hi-IN',
    timezones: ['Asia/Kolkata'],
  },
  pt: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Brazil',
    code: 'BR',
    callingCode: '55',
    nationality: 'Brazilian',
    currency: 'BRL',
    languageTag: 'pt-BR',
    timezones: ['America/Sao_Paulo', 'America/Manaus', 'America/Recife'],
  },
  id: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Indonesia',
    code: 'ID',
    callingCode: '62',
    nationality: 'Indonesian',
    currency: 'IDR',
    languageTag: 'id-ID',
    timezones: ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'],
  },
  ko: {
    addressStyle: 'east-asia',
    streetFirst: true,
    name: 'South Korea',
    code: 'KR',
    callingCode: '82',
    nationality: 'South Korean',
    currency: 'KRW',
    languageTag: 'ko-KR',
    timezones: ['Asia/Seoul'],
  },
  tr: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Türkiye',
    code: 'TR',
    callingCode: '90',
    nationality: 'Turkish',
    currency: 'TRY',
    languageTag: 'tr-TR',
    timezones: ['Europe/Istanbul'],
  },
  fa: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Iran',
    code: 'IR',
    callingCode: '98',
    nationality: 'Iranian',
    currency: 'IRR',
    languageTag: 'fa-IR',
    timezones: ['Asia/Tehran'],
  },
  pl: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Poland',
    code: 'PL',
    callingCode: '48',
    nationality: 'Polish',
    currency: 'PLN',
    languageTag: 'pl-PL',
    timezones: ['Europe/Warsaw'],
  },
  nl: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Netherlands',
    code: 'NL',
    callingCode: '31',
    nationality: 'Dutch',
    currency: 'EUR',
    languageTag: 'nl-NL',
    timezones: ['Europe/Amsterdam'],
  },
  sv: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Sweden',
    code: 'SE',
    callingCode: '46',
    nationality: 'Swedish',
    currency: 'SEK',
    languageTag: 'sv-SE',
    timezones: ['Europe/Stockholm'],
  },
  da: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Denmark',
    code: 'DK',
    callingCode: '45',
    nationality: 'Danish',
    currency: 'DKK',
    languageTag: 'da-DK',
    timezones: ['Europe/Copenhagen'],
  },
  nb: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Norway',
    code: 'NO',
    callingCode: '47',
    nationality: 'Norwegian',
    currency: 'NOK',
    languageTag: 'nb-NO',
    timezones: ['Europe/Oslo'],
  },
  th: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Thailand',
    code: 'TH',
    callingCode: '66',
    nationality: 'Thai',
    currency: 'THB',
    languageTag: 'th-TH',
    timezones: ['Asia/Bangkok'],
  },
  hr: {
    addressStyle: 'europe',
    streetFirst: true,
    name: 'Croatia',
    code: 'HR',
    callingCode: '385',
    nationality: 'Croatian',
    currency: 'EUR',
    languageTag: 'hr-HR',
    timezones: ['Europe/Zagreb'],
  },
} as const satisfies Readonly<Record<string, LocaleFacts>>;

const BY_CODE: Readonly<Record<string, LocaleFacts>> = LOCALES;

/** The facts of a supported locale; an unknown code gives en's. */
export function localeFacts(code: string): LocaleFacts {
  return BY_CODE[code] ?? LOCALES.en;
}

/** Further countries (name, ISO code, nationality) for unique `country` columns beyond the 22 locales. */
export const MORE_COUNTRIES: readonly (readonly [string, string, string])[] = [
  ['Canada', 'CA', 'Canadian'],
  ['United Kingdom', 'GB', 'British'],
  ['Australia', 'AU', 'Australian'],
  ['Mexico', 'MX', 'Mexican'],
  ['Argentina', 'AR', 'Argentine'],
  ['Chile', 'CL', 'Chilean'],
  ['Colombia', 'CO', 'Colombian'],
  ['Peru', 'PE', 'Peruvian'],
  ['Portugal', 'PT', 'Portuguese'],
  ['Ireland', 'IE', 'Irish'],
  ['Belgium', 'BE', 'Belgian'],
  ['Switzerland', 'CH', 'Swiss'],
  ['Austria', 'AT', 'Austrian'],
  ['Finland', 'FI', 'Finnish'],
  ['Iceland', 'IS', 'Icelandic'],
  ['Greece', 'GR', 'Greek'],
  ['Czechia', 'CZ', 'Czech'],
  ['Slovakia', 'SK', 'Slovak'],
  ['Hungary', 'HU', 'Hungarian'],
  ['Romania', 'RO', 'Romanian'],
  ['Bulgaria', 'BG', 'Bulgarian'],
  ['Serbia', 'RS', 'Serbian'],
  ['Slovenia', 'SI', 'Slovenian'],
  ['Ukraine', 'UA', 'Ukrainian'],
  ['Egypt', 'EG', 'Egyptian'],
  ['Morocco', 'MA', 'Moroccan'],
  ['Nigeria', 'NG', 'Nigerian'],
  ['Kenya', 'KE', 'Kenyan'],
  ['South Africa', 'ZA', 'South African'],
  ['Israel', 'IL', 'Israeli'],
  ['United Arab Emirates', 'AE', 'Emirati'],
  ['Pakistan', 'PK', 'Pakistani'],
  ['Bangladesh', 'BD', 'Bangladeshi'],
  ['Vietnam', 'VN', 'Vietnamese'],
  ['Philippines', 'PH', 'Filipino'],
  ['Malaysia', 'MY', 'Malaysian'],
  ['Singapore', 'SG', 'Singaporean'],
  ['New Zealand', 'NZ', 'New Zealander'],
];
