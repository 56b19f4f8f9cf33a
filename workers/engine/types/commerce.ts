/** Commerce types: products, SKUs, orders, shipping and product codes with valid check digits. */
import type { FieldType, RawParams, Rng, Value } from '../field-type.js';
import { animalOf, breedOf, grownShare, hundredthsIn } from './animals.js';
import { monthsOld } from './birth-age.js';
import { define, listType } from './define.js';
import { fillDigits, pad, randomChars, UPPER_ALNUM } from './format.js';
import { jsonTextBytes, longestCost, QUOTE_BYTES, textCost } from '../size.js';
import { check, checkScalar, compatRange, givenLimits, isScalar, SCALAR_PARAM, str } from './params.js';
import { CATEGORY_WORDS, PRODUCT_CATEGORIES } from './product-categories.js';
import {
  CATALOGUE,
  CATEGORY_NAMES,
  describe,
  drawProduct,
  entryOf,
  priceOf,
  PRODUCT_NAMES,
  productOf,
  titleCase,
} from './product-catalogue.js';

const LONGEST_NAME = Math.max(
  ...CATALOGUE.flatMap((c) =>
    c.products.map((p) => longestCost(c.adjectives) + longestCost(p.materials) + textCost(p.noun) + 2),
  ),
);
const DESCRIPTION_BYTES =
  QUOTE_BYTES +
  Math.max(
    ...CATALOGUE.map(
      (c) =>
        longestCost(c.templates) +
        LONGEST_NAME +
        longestCost(c.products.map((p) => p.lower)) +
        longestCost(c.products.flatMap((p) => p.materials)) +
        longestCost(c.products.flatMap((p) => p.uses)) +
        longestCost(c.products.flatMap((p) => p.notes)) +
        8,
    ),
  );

const CARRIERS = [
  'UPS',
  'FedEx',
  'DHL',
  'USPS',
  'Royal Mail',
  'La Poste',
  'Deutsche Post',
  'GLS',
  'DPD',
  'Japan Post',
  'SF Express',
  'PostNord',
];
const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded', 'returned'];
const ORDER_WEIGHTED = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'shipped',
  'shipped',
  'processing',
  'pending',
  'cancelled',
  'refunded',
  'returned',
];
const PROPERTY_TYPES = [
  'apartment',
  'house',
  'condo',
  'townhouse',
  'studio',
  'villa',
  'duplex',
  'loft',
  'cottage',
  'penthouse',
  'land',
  'commercial',
];
const TRACKING_CARRIERS = ['ups', 'fedex', 'usps', 'dhl'];
const SKU_PREFIX = /^[A-Za-z0-9_-]{0,20}$/;

/** A product name: of the hosted `category` when given, else of the catalogue. */
/** The hosted category's words that `product_name`'s `category` param names, or undefined. */
const hostedWords = (p: RawParams) => CATEGORY_WORDS[p['category'] as (typeof PRODUCT_CATEGORIES)[number]];

function plainProductName(rng: Rng, p: RawParams): string {
  const words = hostedWords(p);
  return words ? rng.pick(words.adjectives) + ' ' + rng.pick(words.nouns) : drawProduct(rng).name;
}

/** How many names `product_name` forms under `p`: of the hosted category's words, or of the catalogue. */
function productNameCount(p: RawParams): number {
  const words = hostedWords(p);
  return words ? words.adjectives.length * words.nouns.length : PRODUCT_NAMES.length;
}

/** The n-th of those names (`unique`, `distinct`, `in_order`). */
function nthProductName(n: number, p: RawParams): string {
  const words = hostedWords(p);
  if (words === undefined) return PRODUCT_NAMES[n] as string;
  const adjectives = words.adjectives.length;
  return `${words.adjectives[n % adjectives]} ${words.nouns[Math.floor(n / adjectives)]}`;
}

/** Twelve digits plus the EAN-13 check digit. */
export function ean13(rng: Rng): string {
  const body = fillDigits(rng, '############');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (body.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

function isbn13(rng: Rng): string {
  const body = '978' + fillDigits(rng, '#########');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (body.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `${body.slice(0, 3)}-${body.slice(3, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}-${check}`;
}

/** A weight's value: [min, max] on the grid of 1/100. */
function plainWeight(rng: Rng, _: unknown, p: RawParams): Value {
  const [lo, hi] = compatRange(p, ['min', 'max'], [0.05, 50], [0.1, 100]);
  const first = Math.ceil(lo * 100);
  const value = rng.int(first, Math.max(first, Math.floor(hi * 100))) / 100;
  return isScalar(p) ? value : { value, unit: str(p, 'unit', 'kg') };
}

/** Units a keyed weight converts its kilograms to; any other unit label takes kilograms. */
const UNIT_FACTORS: Readonly<Record<string, number>> = {
  kg: 1,
  g: 1000,
  lb: 2.20462,
  lbs: 2.20462,
  oz: 35.274,
};

/** How many products a basket holds: one, two or three, mostly one. */
const BASKET_SIZES = [1, 1, 1, 1, 1, 2, 2, 2, 3, 3];
/** A product under this price may come twice or three times: $200 buys no more than that. */
const BUDGET = 200;

/**
 * The sum of a basket of one to three products at the prices `priceOf` draws (null: a product with no
 * price, left out), in cents to keep it exact; a product of $100 or less may come two or three times.
 */
export function basketSum(rng: Rng, drawPrice: (rng: Rng) => Value): number {
  let cents = 0;
  for (let n = rng.pick(BASKET_SIZES); n > 0; n--) {
    const price = drawPrice(rng);
    if (typeof price !== 'number' || !(price > 0)) continue;
    const most = Math.min(3, Math.floor(BUDGET / price));
    const quantity = most > 1 && rng.chance(0.3) ? rng.int(2, most) : 1;
    cents += Math.round(price * 100) * quantity;
  }
  return cents / 100;
}

/** A basket of catalogue products at shop prices. */
const basketTotal = (rng: Rng) => basketSum(rng, (r) => priceOf(r, drawProduct(r).product));

export const COMMERCE_TYPES: readonly FieldType[] = [
  define({
    id: 'product_name',
    category: 'commerce',
    description:
      'Product name from the catalogue (docs/field-types.md): adjective, material, product of one category; `by` names the row’s category field (a name of that category); `category` takes one of the hosted five instead.',
    params: { category: `one of ${PRODUCT_CATEGORIES.join(', ')} (default: any product)` },
    example: 'Rustic Oak Cutting Board',
    validate: (p) => check(p, (c) => c.string('category', { oneOf: PRODUCT_CATEGORIES })),
    maxBytes: LONGEST_NAME + QUOTE_BYTES,
    generate: (rng, _, p) => plainProductName(rng, p),
    prepareBy: (p) => (rng, _, keys) => {
      const entry = entryOf(keys);
      return entry === undefined ? plainProductName(rng, p) : productOf(rng, entry).name;
    },
    cardinality: productNameCount,
    nth: (n, _, p) => nthProductName(n, p),
  }),
  define({
    id: 'product_material',
    category: 'commerce',
    description:
      'What a product is made of, from the catalogue; `by` names the row’s product name (its material) or category.',
    example: 'Stainless Steel',
    maxBytes: longestCost(CATALOGUE.flatMap((c) => c.products.flatMap((p) => p.materials))) + QUOTE_BYTES,
    generate: (rng) => titleCase(drawProduct(rng).material),
    prepareBy: () => (rng, _, keys) => titleCase(productOf(rng, entryOf(keys)).material),
  }),
  define({
    id: 'product_price',
    category: 'commerce',
    description:
      'Shop price in the band of a catalogue product (whole or ending in .99); `by` names the row’s product name or category.',
    example: 24.99,
    kind: 'decimal',
    generate: (rng) => priceOf(rng, drawProduct(rng).product),
    prepareBy: () => (rng, _, keys) => priceOf(rng, productOf(rng, entryOf(keys)).product),
  }),
  define({
    id: 'basket_total',
    category: 'commerce',
    description:
      'An order’s total when no table of items adds it up: one to three catalogue products at their shop prices, summed; a product of $100 or less sometimes comes more than once, as many as $200 buys and three at most. `of` names the shop’s own prices (`products.price`): the basket holds rows of that table, at their prices.',
    params: { of: '"<table>.<field>": a number column of another table, the prices of its rows' },
    validate: (p) => check(p, (c) => c.string('of', { pattern: /^[^.\s]+\.[^.\s]+$/ })),
    example: 84.97,
    kind: 'decimal',
    generate: basketTotal,
  }),
  define({
    id: 'sku',
    category: 'commerce',
    description: 'Stock keeping unit PREFIX-XXXX-0000; unique columns count up.',
    params: { prefix: 'string of letters, digits, - or _ (default: 3 random letters)' },
    example: 'ABC-7KQ2-4821',
    validate: (p) => check(p, (c) => c.string('prefix', { pattern: SKU_PREFIX })),
    generate: (rng, _, p) =>
      str(p, 'prefix', randomChars(rng, 'ABCDEFGHJKLMNPQRSTUVWXYZ', 3)) +
      '-' +
      randomChars(rng, UPPER_ALNUM, 4) +
      '-' +
      fillDigits(rng, '####'),
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, _, p) => str(p, 'prefix', 'SKU') + '-' + pad(n + 1, 6),
  }),
  define({
    id: 'tracking_number',
    category: 'commerce',
    description:
      'Parcel tracking number (UPS 1Z style or USPS 22 digits); `carrier` picks the format of UPS, FedEx (12 or 15 digits), USPS or DHL (10 digits).',
    params: { carrier: `one of ${TRACKING_CARRIERS.join(', ')} (default: UPS or USPS)` },
    example: '1Z999AA10123456784',
    validate: (p) => check(p, (c) => c.string('carrier', { oneOf: TRACKING_CARRIERS })),
    generate: (rng, _, p) => {
      const carrier = p['carrier'] ?? (rng.chance(0.5) ? 'ups' : 'usps');
      if (carrier === 'ups') return '1Z' + randomChars(rng, UPPER_ALNUM, 6) + fillDigits(rng, '##########');
      if (carrier === 'usps') return fillDigits(rng, '9400##################');
      if (carrier === 'fedex') return fillDigits(rng, rng.chance(0.5) ? '############' : '###############');
      return fillDigits(rng, '##########');
    },
  }),
  define({
    id: 'discount_code',
    category: 'commerce',
    description: 'Promo code such as SAVE20-K7Q2.',
    example: 'SAVE20-K7Q2',
    generate: (rng) =>
      rng.pick(['SAVE', 'WELCOME', 'SPRING', 'VIP', 'FREESHIP', 'DEAL']) +
      rng.pick(['5', '10', '15', '20', '25', '50']) +
      '-' +
      randomChars(rng, UPPER_ALNUM, 4),
  }),
  listType('shipping_carrier', 'commerce', 'Shipping carrier.', CARRIERS),
  define({
    id: 'order_status',
    category: 'commerce',
    description: 'Order status, weighted toward delivered.',
    example: 'delivered',
    generate: (rng) => rng.pick(ORDER_WEIGHTED),
    cardinality: () => ORDER_STATUSES.length,
    nth: (n) => ORDER_STATUSES[n]!,
  }),
  define({
    id: 'product_category',
    category: 'commerce',
    description:
      'Product category of the catalogue; `by` names the row’s product name: the category it is of.',
    example: CATEGORY_NAMES[0] as string,
    maxBytes: longestCost(CATEGORY_NAMES) + QUOTE_BYTES,
    generate: (rng) => rng.pick(CATEGORY_NAMES),
    prepareBy: () => (rng, _, keys) => entryOf(keys)?.category.name ?? rng.pick(CATEGORY_NAMES),
    cardinality: () => CATEGORY_NAMES.length,
    nth: (n) => CATEGORY_NAMES[n] as string,
  }),
  define({
    id: 'product_description',
    category: 'commerce',
    description:
      'One or two sentences that name a catalogue product and say what it is made of and for; `by` names the row’s product name (or category).',
    example: 'Made from oak, this cutting board is easy to clean after every use.',
    maxBytes: DESCRIPTION_BYTES,
    generate: (rng) => describe(rng, drawProduct(rng)),
    prepareBy: () => (rng, _, keys) => describe(rng, productOf(rng, entryOf(keys))),
  }),
  define({
    id: 'barcode_ean13',
    category: 'commerce',
    description: 'EAN-13 barcode with a valid check digit.',
    example: '4006381333931',
    generate: ean13,
  }),
  define({
    id: 'isbn',
    category: 'commerce',
    description: 'ISBN-13 (978 prefix, hyphenated) with a valid check digit.',
    example: '978-0-3064-0615-7',
    generate: isbn13,
  }),
  define({
    id: 'weight',
    category: 'commerce',
    description:
      'Shipping weight as {value, unit}: the value in [min, max] with 2 decimals (default 0.05–50), the unit a label only (default kg, no conversion); `by` names the row’s animal breed or species (and maybe its birth date: a young animal weighs its share of the adult range): a weight in that breed’s range, in kg (or converted to g, lb, oz when `unit` says so) and inside `min`/`max` when given; `scalar: true` gives the bare value.',
    params: {
      min: 'number 0–1000000 (default 0.05; 0.1 when only max is given)',
      max: 'number 0–1000000 (default 50; 100 when only min is given)',
      unit: 'string of 1–20 characters such as kg, lb, oz, g (default kg)',
      scalar: SCALAR_PARAM,
    },
    example: { value: 2.35, unit: 'kg' },
    kind: (p) => (isScalar(p) ? 'decimal' : 'json'),
    validate: (p) =>
      check(p, (c) => {
        const bound = { min: 0, max: 1_000_000 };
        c.ordered('min', c.number('min', bound), 'max', c.number('max', bound));
        c.string('unit', { nonEmpty: true, maxLength: 20 });
        checkScalar(c, ['unit']);
      }),
    maxBytes: (p) => (isScalar(p) ? 32 : jsonTextBytes(30 + textCost(str(p, 'unit', 'kg')))),
    generate: plainWeight,
    prepareBy: (p) => {
      const factor = UNIT_FACTORS[str(p, 'unit', 'kg').toLowerCase()] ?? 1;
      const limits = givenLimits(p);
      return (rng, ctx, keys) => {
        const animal = animalOf(keys);
        if (animal === undefined) return plainWeight(rng, ctx, p);
        // A young animal (a key that is its birth date) weighs its share of the adult range.
        const share = grownShare(animal.species, monthsOld(keys));
        const value = hundredthsIn(rng, breedOf(rng, animal).weight, factor * share, limits);
        if (value === undefined) return plainWeight(rng, ctx, p);
        return isScalar(p) ? value : { value, unit: str(p, 'unit', 'kg') };
      };
    },
  }),
  listType('property_type', 'commerce', 'Real-estate property type.', PROPERTY_TYPES),
];
