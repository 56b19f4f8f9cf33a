/** Financial types: money amounts, bank and card identifiers (with valid check digits), tickers. */
import type { CellContext, FieldType, KeyedGenerator, RawParams, Rng, Value } from '../field-type.js';
import { countryInfo, localeOfCountry } from '../locales/index.js';
import { define, listType } from './define.js';
import { costOfCase } from './meaning-text.js';
import { CREDIT_CARD_CVV, CREDIT_CARD_NUMBER, INVOICE_NUMBER, WALLET_ADDRESS } from './payment-codes.js';
import { fillDigits, pad, randomChars } from './format.js';
import { bandOf, num, validateBands } from './params.js';
import { validateRange } from './structure.js';

/**
 * A decimal money-like type: uniform in [min, max] on a grid of `precision` decimals (exact cents). A
 * money type (`billed`) with `by` naming a clinical field of its row (meaning-text.ts) charges what
 * that visit costs, inside `min`/`max` when given (a band beyond them: the tenth of the range nearest
 * it).
 */
function decimalType(
  id: string,
  description: string,
  min: number,
  max: number,
  example: number,
  billed = false,
): FieldType {
  const scaled = (p: RawParams): [number, number, number] => {
    const scale = 10 ** num(p, 'precision', 2);
    return [
      Math.ceil(num(p, 'min', min) * scale - 1e-9),
      Math.floor(num(p, 'max', max) * scale + 1e-9),
      scale,
    ];
  };
  return define({
    id,
    category: 'financial',
    description,
    params: {
      min: `number (default ${min})`,
      max: `number (default ${max})`,
      precision: 'integer 0–10 decimals (default 2)',
      ...(billed
        ? {
            bands:
              '{"<value>": [min, max]}, with `by` naming a field of the row: the range of the row\'s value of it (a starter plan $29–99, an enterprise one $1,500–3,000); another value: [min, max] (ours)',
          }
        : {}),
    },
    example,
    kind: 'decimal',
    validate: (p) => [...validateRange(p, { grid: true, precision: 2 }), ...validateBands(p)],
    generate: (rng, _, p) => {
      const [lo, hi, scale] = scaled(p);
      return rng.int(lo, hi) / scale;
    },
    prepare: (p) => {
      const [lo, hi, scale] = scaled(p);
      return (rng) => rng.int(lo, hi) / scale;
    },
    ...(billed
      ? {
          prepareBy: (p: RawParams): KeyedGenerator => {
            const [lo, hi, scale] = scaled(p);
            // A band outside [min, max] (a column's limits) gives the tenth of the range nearest it.
            const tenth = Math.floor((hi - lo) / 10);
            // The type's default range is no limit on a band; a given min or max is.
            const floor = p['min'] === undefined ? 0 : lo;
            const ceiling = p['max'] === undefined ? Number.POSITIVE_INFINITY : hi;
            const bands = p['bands'] as Record<string, [number, number]> | undefined;
            return (rng, _, keys) => {
              const band = bands === undefined ? costOfCase(keys) : bandOf(bands, keys[0]);
              if (band === undefined) return rng.int(lo, hi) / scale;
              const from = Math.max(floor, Math.ceil(band[0] * scale));
              const to = Math.min(ceiling, Math.floor(band[1] * scale));
              if (from <= to) return rng.int(from, to) / scale;
              return (from > hi ? rng.int(hi - tenth, hi) : rng.int(lo, lo + tenth)) / scale;
            };
          },
        }
      : {}),
    cardinality: (p) => {
      const [lo, hi] = scaled(p);
      return Math.max(0, hi - lo + 1);
    },
    nth: (n, _, p) => {
      const [lo, , scale] = scaled(p);
      return (lo + n) / scale;
    },
  });
}

// BBAN layouts (digits; a leading letter group where the country uses bank letters) of IBAN countries.
const IBAN_BBAN: Readonly<Record<string, string>> = {
  DE: '##################',
  FR: '#######################',
  ES: '####################',
  IT: 'X######################',
  SA: '####################',
  BR: '#######################A1',
  TR: '######################',
  PL: '########################',
  NL: 'BANK##########',
  SE: '####################',
  DK: '##############',
  NO: '###########',
  HR: '#################',
  IR: '######################',
};
const NL_BANKS = ['ABNA', 'INGB', 'RABO', 'TRIO', 'SNSB'];

function mod97(text: string): number {
  let rest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Letters count as two digits (A = 10 ... Z = 35).
    rest = c >= 65 ? (rest * 100 + (c - 55)) % 97 : (rest * 10 + (c - 48)) % 97;
  }
  return rest;
}

/** An IBAN of the locale's country (Germany where the country has no IBAN), with valid check digits. */
export function iban(rng: Rng, locale: string): string {
  let country = countryInfo(locale).code;
  let layout = IBAN_BBAN[country];
  if (!layout) {
    country = 'DE';
    layout = IBAN_BBAN['DE']!;
  }
  let bban = fillDigits(rng, layout);
  if (country === 'NL') bban = rng.pick(NL_BANKS) + bban.slice(4);
  if (country === 'IT') bban = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[rng.int(0, 25)] + bban.slice(1);
  return country + pad(98 - mod97(bban + country + '00'), 2) + bban;
}

const BANKS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'JPMorgan Chase',
    'Bank of America',
    'Wells Fargo',
    'Citibank',
    'U.S. Bank',
    'PNC Bank',
    'Capital One',
  ],
  de: ['Deutsche Bank', 'Commerzbank', 'Sparkasse', 'DZ Bank', 'Postbank', 'ING Deutschland'],
  fr: ['BNP Paribas', 'Crédit Agricole', 'Société Générale', 'La Banque Postale', 'Crédit Mutuel'],
  es: ['Banco Santander', 'BBVA', 'CaixaBank', 'Banco Sabadell', 'Bankinter'],
  it: ['Intesa Sanpaolo', 'UniCredit', 'Banco BPM', 'Monte dei Paschi di Siena'],
  ja: ['三菱UFJ銀行', '三井住友銀行', 'みずほ銀行', 'りそな銀行'],
  zh: ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行'],
  ru: ['Сбербанк', 'ВТБ', 'Газпромбанк', 'Альфа-Банк'],
  pt: ['Itaú Unibanco', 'Banco do Brasil', 'Bradesco', 'Caixa Econômica Federal', 'Nubank'],
  hi: ['भारतीय स्टेट बैंक', 'एचडीएफसी बैंक', 'आईसीआईसीआई बैंक', 'पंजाब नेशनल बैंक'],
};
const GLOBAL_BANKS = [
  'HSBC',
  'Barclays',
  'Santander',
  'ING',
  'UBS',
  'Standard Chartered',
  'BNP Paribas',
  'Citibank',
  'Deutsche Bank',
  'Rabobank',
  'Nordea',
  'Danske Bank',
];
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CNY',
  'CHF',
  'CAD',
  'AUD',
  'INR',
  'BRL',
  'KRW',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'TRY',
  'RUB',
  'SAR',
  'THB',
  'IDR',
  'MXN',
  'SGD',
];
const TICKERS = [
  'AAPL',
  'MSFT',
  'GOOGL',
  'AMZN',
  'NVDA',
  'META',
  'TSLA',
  'BRK.B',
  'JPM',
  'V',
  'JNJ',
  'WMT',
  'PG',
  'MA',
  'HD',
  'DIS',
  'NFLX',
  'ADBE',
  'CRM',
  'INTC',
  'KO',
  'PEP',
  'NKE',
  'ORCL',
  'SAP',
  'ASML',
  'TM',
  'SONY',
  'BABA',
  'SHOP',
];
const TAX_FORMATS: Readonly<Record<string, string>> = {
  en: '##-#######',
  de: '##/###/#####',
  fr: '## ## ### ### ###',
  es: '########X',
  it: '###########',
  pt: '###.###.###-##',
  hi: 'ABCDE####F',
  pl: '###-###-##-##',
  nl: '#########',
  sv: '######-####',
};

const drawCurrency = (rng: Rng, ctx: CellContext): string =>
  rng.chance(0.7) ? countryInfo(ctx.locale).currency : rng.pick(CURRENCIES);

/** The currency of the first key that names a locale's country, or undefined. */
function currencyOfCountry(keys: readonly Value[]): string | undefined {
  for (const key of keys) {
    const locale = typeof key === 'string' ? localeOfCountry(key) : undefined;
    if (locale !== undefined) return countryInfo(locale).currency;
  }
  return undefined;
}

export const FINANCIAL_TYPES: readonly FieldType[] = [
  decimalType(
    'price',
    "Price with cents, uniform in [min, max]; `by` naming a visit's symptom, diagnosis or treatment: what that visit costs.",
    1,
    1000,
    49.99,
    true,
  ),
  decimalType(
    'amount',
    "Money amount with cents, uniform in [min, max] (may be negative when min < 0); `by` naming a visit's symptom, diagnosis or treatment: what that visit costs.",
    1,
    10000,
    1250.5,
    true,
  ),
  decimalType(
    'decimal',
    'Exact decimal number with `precision` digits, uniform in [min, max].',
    0,
    1000,
    318.27,
  ),
  define({
    id: 'currency',
    category: 'financial',
    description:
      "ISO 4217 code: the locale country's currency 70% of the time, else a major currency; `by` names the row's country field (its name or code): that country's currency.",
    example: 'EUR',
    generate: drawCurrency,
    prepareBy: () => (rng, ctx, keys) => currencyOfCountry(keys) ?? drawCurrency(rng, ctx),
    cardinality: () => CURRENCIES.length,
    nth: (n) => CURRENCIES[n]!,
  }),
  define({
    id: 'iban',
    category: 'financial',
    description: "IBAN of the locale's country (DE for countries without IBAN), valid mod-97 check digits.",
    example: 'DE89370400440532013000',
    generate: (rng, ctx) => iban(rng, ctx.locale),
  }),
  define({
    id: 'vat_number',
    category: 'financial',
    description: 'VAT identification number: country code and 9 digits.',
    example: 'DE123456789',
    generate: (rng, ctx) => countryInfo(ctx.locale).code + fillDigits(rng, '#########'),
  }),
  CREDIT_CARD_NUMBER,
  define({
    id: 'credit_card_expiry',
    category: 'financial',
    description: 'Card expiry MM/YY, 2026–2031.',
    example: '08/28',
    generate: (rng) => pad(rng.int(1, 12), 2) + '/' + rng.int(26, 31),
  }),
  CREDIT_CARD_CVV,
  define({
    id: 'bank_name',
    category: 'financial',
    description: "Bank name, from the locale's country where we have a list.",
    example: 'Deutsche Bank',
    generate: (rng, ctx) => rng.pick(BANKS[ctx.locale] ?? GLOBAL_BANKS),
  }),
  listType('payment_method', 'financial', 'Payment method.', [
    'credit_card',
    'debit_card',
    'paypal',
    'bank_transfer',
    'apple_pay',
    'google_pay',
    'cash',
    'invoice',
    'crypto',
  ]),
  INVOICE_NUMBER,
  define({
    id: 'swift_code',
    category: 'financial',
    description: "SWIFT/BIC: bank code, the locale's country code, location, optional branch.",
    example: 'DEUTDEFF500',
    generate: (rng, ctx) =>
      randomChars(rng, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 4) +
      countryInfo(ctx.locale).code +
      randomChars(rng, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 2) +
      (rng.chance(0.5) ? fillDigits(rng, '###') : ''),
  }),
  define({
    id: 'tax_id',
    category: 'financial',
    description:
      "Tax identifier in a common format of the locale's country (EIN, Steuernummer, CPF, PAN...).",
    example: '12-3456789',
    generate: (rng, ctx) => fillDigits(rng, TAX_FORMATS[ctx.locale] ?? '##########'),
  }),
  listType('stock_ticker', 'financial', 'Stock ticker symbol of a large listed company.', TICKERS),
  WALLET_ADDRESS,
];
