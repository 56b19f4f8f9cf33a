/** Security types: credentials, tokens and access-control vocabulary (all fake, none usable). */
import type { FieldType, Rng } from '../field-type.js';
import { define, listType } from './define.js';
import { ALNUM, BASE32, BASE64URL, randomChars, UPPER_ALNUM } from './format.js';

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
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
    description: 'bcrypt-formatted hash ($2b$10$ + 53 chars); not the hash of any known password.',
    example: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    generate: (rng) => '$2b$10$' + randomChars(rng, BCRYPT_ALPHABET, 53),
  }),
  listType('role', 'security', 'Access-control role.', [
    'admin',
    'owner',
    'editor',
    'member',
    'viewer',
    'billing',
    'support',
    'guest',
  ]),
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
    description: 'API key: mk_live_ or mk_test_ and 32 alphanumerics.',
    example: 'mk_live_4eC39HqLyjWDarjtT1zdp7dc4eC39HqL',
    generate: (rng) => (rng.chance(0.5) ? 'mk_live_' : 'mk_test_') + randomChars(rng, ALNUM, 32),
  }),
];
