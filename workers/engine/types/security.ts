/** Security types: credentials, tokens and access-control vocabulary (all fake, none usable). */
import type { FieldType, Rng } from '../field-type.js';
import { choiceType } from './choices.js';
import { define, listType } from './define.js';
import { ALNUM, BASE32, BASE64URL, pad, randomChars, UPPER_ALNUM } from './format.js';
import { check, num } from './params.js';

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ROLES = ['admin', 'owner', 'editor', 'member', 'viewer', 'billing', 'support', 'guest'];
const API_KEY_PREFIX = /^[A-Za-z0-9_-]{0,32}$/;
const JWT_HEADER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9'; // {"alg":"HS256","typ":"JWT"}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function jwt(rng: Rng): string {
  const iat = 1_700_000_000 + rng.int(0, 60_000_000);
  const payload = `{"sub":"${rng.int(1, 999_999)}","iat":${iat},"exp":${iat + 3600},"scope":"read write"}`;
  return JWT_HEADER + '.' + base64url(payload) + '.' + randomChars(rng, BASE64URL, 43);
}

export const SECURITY_TYPES: readonly FieldType[] = [
  define({
    id: 'password_hash',
    category: 'security',
    description:
      'bcrypt-formatted hash ($2b$ + cost + $ + 53 chars), or argon2id-formatted; not the hash of any known password.',
    params: {
      algorithm: 'one of bcrypt, argon2 (default bcrypt; argon2 gives $argon2id$v=19$m=65536,t=3,p=4$…)',
      rounds: 'integer 4–31, the bcrypt cost written into the prefix (default 10)',
    },
    example: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    validate: (p) =>
      check(p, (c) => {
        c.string('algorithm', { oneOf: ['bcrypt', 'argon2'] });
        c.number('rounds', { integer: true, min: 4, max: 31 });
        if (p['algorithm'] === 'argon2' && p['rounds'] != null)
          c.fail('rounds', 'rounds is the bcrypt cost; argon2 hashes carry m=65536,t=3,p=4');
      }),
    generate: (rng, _, p) =>
      p['algorithm'] === 'argon2'
        ? '$argon2id$v=19$m=65536,t=3,p=4$' + randomChars(rng, B64, 22) + '$' + randomChars(rng, B64, 43)
        : '$2b$' + pad(num(p, 'rounds', 10), 2) + '$' + randomChars(rng, BCRYPT_ALPHABET, 53),
  }),
  choiceType('role', 'security', 'Access-control role.', ROLES),
  define({
    id: 'permission',
    category: 'security',
    description: 'Permission resource:action.',
    example: 'users:read',
    generate: (rng) =>
      rng.pick(['users', 'orders', 'invoices', 'projects', 'reports', 'settings', 'billing', 'files']) +
      ':' +
      rng.pick(['read', 'write', 'delete', 'admin']),
  }),
  listType('oauth_scope', 'security', 'OAuth 2.0 / OpenID scope.', [
    'openid',
    'profile',
    'email',
    'offline_access',
    'read:user',
    'write:user',
    'repo',
    'admin:org',
    'read:orders',
    'write:orders',
    'calendar.readonly',
    'files.read',
  ]),
  define({
    id: 'license_key',
    category: 'security',
    description: 'Software license key XXXXX-XXXXX-XXXXX-XXXXX-XXXXX.',
    example: 'K7Q2M-9XZ4P-T3W8R-H6N5C-J2B7L',
    generate: (rng) => [0, 1, 2, 3, 4].map(() => randomChars(rng, UPPER_ALNUM, 5)).join('-'),
  }),
  define({
    id: 'totp_secret',
    category: 'security',
    description: 'Base32 TOTP shared secret (32 chars).',
    example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    generate: (rng) => randomChars(rng, BASE32, 32),
  }),
  define({
    id: 'jwt_token',
    category: 'security',
    description: 'JWT-shaped token (HS256 header, decodable payload with sub/iat/exp, fake signature).',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
    generate: jwt,
  }),
  define({
    id: 'api_key',
    category: 'security',
    description: 'API key: `prefix` (default mk_live_ or mk_test_) and 32 alphanumerics.',
    params: { prefix: 'string of letters, digits, - or _, up to 32 (default mk_live_ or mk_test_)' },
    example: 'mk_live_4eC39HqLyjWDarjtT1zdp7dc4eC39HqL',
    validate: (p) => check(p, (c) => c.string('prefix', { pattern: API_KEY_PREFIX })),
    generate: (rng, _, p) =>
      (typeof p['prefix'] === 'string' ? p['prefix'] : rng.chance(0.5) ? 'mk_live_' : 'mk_test_') +
      randomChars(rng, ALNUM, 32),
  }),
];
