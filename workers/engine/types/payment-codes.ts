/**
 * Payment identifiers whose format the hosted service lets a request choose: card numbers by network,
 * CVV length, invoice prefix, wallet chain. Part of the financial category.
 */
import type { FieldType, Rng } from '../field-type.js';
import { mix32 } from '../random.js';
import { define } from './define.js';
import { fillDigits, hex, hex32, pad, randomChars } from './format.js';
import { check, num, str } from './params.js';

const NETWORKS = ['visa', 'mastercard', 'amex'];
const CHAINS = ['eth', 'btc'];
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Invoice prefixes: letters, digits, - and _ (as `sku.prefix`), so the value stays one token. */
const PREFIX = /^[A-Za-z0-9_-]{0,20}$/;

/** A card number with a valid Luhn check digit (Visa 16, Mastercard 16, Amex 15 digits). */
export function cardNumber(rng: Rng, network?: string): string {
  let net = network;
  if (net === undefined) {
    const brand = rng.int(0, 9);
    net = brand < 5 ? 'visa' : brand < 9 ? 'mastercard' : 'amex';
  }
  const prefix = net === 'visa' ? '4' : net === 'mastercard' ? '5' + rng.int(1, 5) : rng.pick(['34', '37']);
  const body = prefix + fillDigits(rng, '#'.repeat((net === 'amex' ? 14 : 15) - prefix.length));
  let sum = 0;
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = body.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return body + ((10 - (sum % 10)) % 10);
}

/** `n` in base 58, `width` digits (leading '1's, Bitcoin's zero). */
function base58(n: number, width: number): string {
  let out = '';
  for (let i = 0, v = n; i < width; i++, v = Math.floor(v / 58)) out = BASE58[v % 58]! + out;
  return out;
}

export const CREDIT_CARD_NUMBER: FieldType = define({
  id: 'credit_card_number',
  category: 'financial',
  description: 'Test card number (Visa, Mastercard or Amex prefix) with a valid Luhn digit.',
  params: { network: 'one of visa, mastercard, amex (default: Visa 50%, Mastercard 40%, Amex 10%)' },
  example: '4539578763621486',
  validate: (p) => check(p, (c) => c.string('network', { oneOf: NETWORKS })),
  generate: (rng, _, p) => cardNumber(rng, p['network'] as string | undefined),
});

export const CREDIT_CARD_CVV: FieldType = define({
  id: 'credit_card_cvv',
  category: 'financial',
  description: 'Card security code of `length` digits (default 3; Amex cards use 4).',
  params: { length: 'integer 3–4 (default 3)' },
  example: '123',
  validate: (p) => check(p, (c) => c.number('length', { integer: true, min: 3, max: 4 })),
  generate: (rng, _, p) => fillDigits(rng, num(p, 'length', 3) === 4 ? '####' : '###'),
});

export const INVOICE_NUMBER: FieldType = define({
  id: 'invoice_number',
  category: 'financial',
  description:
    'Invoice number PREFIX-YYYY-NNNNNN (prefix default INV, year 2021–2025); unique columns count up.',
  params: { prefix: 'string of letters, digits, - or _, up to 20 (default INV)' },
  example: 'INV-2025-004821',
  validate: (p) => check(p, (c) => c.string('prefix', { pattern: PREFIX })),
  generate: (rng, _, p) =>
    str(p, 'prefix', 'INV') + '-' + rng.int(2021, 2025) + '-' + fillDigits(rng, '######'),
  cardinality: () => 1_000_000,
  nth: (n, _, p) => str(p, 'prefix', 'INV') + '-2025-' + pad(n + 1, 6),
});

export const WALLET_ADDRESS: FieldType = define({
  id: 'wallet_address',
  category: 'financial',
  description:
    'Wallet address: Ethereum 0x and 40 hex digits, or with `chain: "btc"` 1 or 3 and 33 base58 characters.',
  params: { chain: 'one of eth, btc (default eth)' },
  example: '0x52908400098527886e0f7030069857d2e4169ee7',
  validate: (p) => check(p, (c) => c.string('chain', { oneOf: CHAINS })),
  generate: (rng, _, p) =>
    p['chain'] === 'btc' ? (rng.chance(0.5) ? '1' : '3') + randomChars(rng, BASE58, 33) : '0x' + hex(rng, 40),
  cardinality: () => Number.POSITIVE_INFINITY,
  // The first digits are a bijection of n, so distinct n give distinct addresses.
  nth: (n, _, p) =>
    p['chain'] === 'btc'
      ? '1' +
        base58(n, 10) +
        base58(mix32(n >>> 0), 6) +
        base58(mix32(n + 1), 6) +
        base58(mix32(n + 2), 6) +
        base58(mix32(n + 3), 5)
      : '0x' +
        hex32(mix32(n >>> 0)) +
        hex32(mix32(Math.floor(n / 4294967296) ^ 0x5bd1e995)) +
        hex32(mix32(n + 1)) +
        hex32(mix32(n + 2)) +
        hex32(mix32(n + 3)),
});
