/** Commerce types: products, SKUs, orders, shipping and product codes with valid check digits. */
import type { FieldType, Rng } from '../field-type.js';
import { EN } from '../locales/faker-sources.js';
import { define, listType } from './define.js';
import { fillDigits, pad, randomChars, UPPER_ALNUM } from './format.js';
import { jsonTextBytes, textCost } from '../size.js';
import { check, checkScalar, compatRange, isScalar, SCALAR_PARAM, str } from './params.js';
import { CATEGORY_WORDS, PRODUCT_CATEGORIES } from './product-categories.js';

const product = EN.commerce?.product_name;
const ADJECTIVES = product?.adjective ?? ['Modern'];
const MATERIALS = product?.material ?? ['Steel'];
const PRODUCTS = product?.product ?? ['Chair'];
const CATEGORIES = [
  'Electronics',
  'Books',
  'Clothing',
  'Home & Kitchen',
  'Sports & Outdoors',
  'Beauty',
  'Toys & Games',
  'Grocery',
  'Health',
  'Automotive',
  'Garden',
  'Office Supplies',
  'Pet Supplies',
  'Jewelry',
  'Music',
];
const DESCRIPTION_OPENERS = [
  'Crafted from premium',
  'Made with durable',
  'Designed around lightweight',
  'Built from sustainable',
  'Finished in polished',
];
const DESCRIPTION_BENEFITS = [
  'built for everyday use',
  'made to last for years',
  'perfect for home and office',
  'styled with a modern look',
  'easy to clean',
  'comfortable all day',
];
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

/** "Ergonomic Steel Chair". */
export function productName(rng: Rng): string {
  return rng.pick(ADJECTIVES) + ' ' + rng.pick(MATERIALS) + ' ' + rng.pick(PRODUCTS);
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

export const COMMERCE_TYPES: readonly FieldType[] = [
  define({
    id: 'product_name',
    category: 'commerce',
    description:
      'Product name: adjective, material, product; with `category`, adjective and product of that category.',
    params: { category: `one of ${PRODUCT_CATEGORIES.join(', ')} (default: any product)` },
    example: 'Ergonomic Steel Chair',
    validate: (p) => check(p, (c) => c.string('category', { oneOf: PRODUCT_CATEGORIES })),
    generate: (rng, _, p) => {
      const words = CATEGORY_WORDS[p['category'] as (typeof PRODUCT_CATEGORIES)[number]];
      return words ? rng.pick(words.adjectives) + ' ' + rng.pick(words.nouns) : productName(rng);
    },
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
  listType('product_category', 'commerce', 'Product category.', CATEGORIES),
  define({
    id: 'product_description',
    category: 'commerce',
    description: 'One or two sentences describing a product.',
    example: 'Crafted from premium Bamboo, this Chair is built for everyday use.',
    generate: (rng) =>
      `${rng.pick(DESCRIPTION_OPENERS)} ${rng.pick(MATERIALS).toLowerCase()}, this ${rng.pick(PRODUCTS).toLowerCase()} is ${rng.pick(DESCRIPTION_BENEFITS)}.`,
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
      'Shipping weight as {value, unit}: the value in [min, max] with 2 decimals (default 0.05–50), the unit a label only (default kg, no conversion); `scalar: true` gives the bare value.',
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
    generate: (rng, _, p) => {
      const [lo, hi] = compatRange(p, ['min', 'max'], [0.05, 50], [0.1, 100]);
      const first = Math.ceil(lo * 100);
      const value = rng.int(first, Math.max(first, Math.floor(hi * 100))) / 100;
      return isScalar(p) ? value : { value, unit: str(p, 'unit', 'kg') };
    },
  }),
  listType('property_type', 'commerce', 'Real-estate property type.', PROPERTY_TYPES),
];
