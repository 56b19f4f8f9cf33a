/** Internet types: addresses, URLs, domains, user agents and HTTP vocabulary. */
import type { FieldType, RawParams, Rng } from '../field-type.js';
import { mix32 } from '../random.js';
import { define, listType } from './define.js';
import { HEX_BYTE, hex } from './format.js';
import { check, num } from './params.js';
import { domainNameOf } from './slugify.js';
import { WORDS } from './text-data.js';

const TLDS = ['com', 'com', 'com', 'net', 'org', 'io', 'dev', 'app', 'co', 'ai'];
const PATHS = [
  'about',
  'products',
  'blog',
  'pricing',
  'docs',
  'contact',
  'careers',
  'support',
  'account',
  'search',
];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  'curl/8.6.0',
  'PostmanRuntime/7.37.3',
];
const MIME = [
  'application/json',
  'application/pdf',
  'application/xml',
  'application/zip',
  'application/octet-stream',
  'text/html',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/svg+xml',
  'image/webp',
  'audio/mpeg',
  'video/mp4',
  'multipart/form-data',
];
const STATUS_WEIGHTED = [
  200, 200, 200, 200, 200, 200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 404, 409, 422, 429, 500, 502,
  503,
];
const STATUSES = [
  200, 201, 202, 204, 301, 302, 304, 400, 401, 403, 404, 405, 409, 410, 422, 429, 500, 501, 502, 503, 504,
];

/** A domain name such as harbor-summit.io. */
export function domain(rng: Rng): string {
  return rng.pick(WORDS) + (rng.chance(0.5) ? '-' + rng.pick(WORDS) : '') + '.' + rng.pick(TLDS);
}

/** The `/width/height` tail of an image URL. */
function imageSize(p: RawParams): string {
  return '/' + num(p, 'width', 640) + '/' + num(p, 'height', 480);
}

/** A public-looking IPv4 address (no 0/8, 10/8, 127/8, 169.254/16, 172.16/12, 192.168/16, multicast). */
export function ipv4(rng: Rng): string {
  const w = rng.u32();
  let a = 1 + ((w >>> 24) % 223);
  if (a === 10 || a === 127 || a === 169 || a === 172 || a === 192) a += 1;
  return a + '.' + ((w >>> 16) & 255) + '.' + ((w >>> 8) & 255) + '.' + (1 + ((w & 255) % 254));
}

/** An IPv6 address as the hosted service writes one (eight 4-digit groups), in 2001:db8::/32. */
function fullIpv6(rng: Rng): string {
  let out = '2001:0db8';
  for (let i = 0; i < 3; i++) {
    const w = rng.u32();
    out += ':' + (w >>> 16).toString(16).padStart(4, '0') + ':' + (w & 0xffff).toString(16).padStart(4, '0');
  }
  return out;
}

function ipv6(rng: Rng): string {
  const groups: string[] = ['2001', 'db8'];
  for (let i = 0; i < 3; i++) {
    const w = rng.u32();
    groups.push((w >>> 16).toString(16), (w & 0xffff).toString(16));
  }
  return groups.join(':');
}

export const INTERNET_TYPES: readonly FieldType[] = [
  define({
    id: 'ip_address',
    category: 'internet',
    description:
      'Public-looking IPv4 address (private, loopback and multicast ranges avoided); `version: "v6"` gives an IPv6 address of eight 4-digit groups in 2001:db8::/32.',
    params: { version: 'one of v4, v6 (default v4)' },
    example: '84.17.203.9',
    validate: (p) => check(p, (c) => c.string('version', { oneOf: ['v4', 'v6'] })),
    generate: (rng, _, p) => (p['version'] === 'v6' ? fullIpv6(rng) : ipv4(rng)),
    cardinality: (p) => (p['version'] === 'v6' ? Number.MAX_SAFE_INTEGER : 2 ** 24),
    // 100.64.0.0/10 style block made distinct by n; for v6, n spread over the last four groups.
    nth: (n, _, p) =>
      p['version'] === 'v6'
        ? '2001:0db8:0000:0000:' +
          [Math.floor(n / 2 ** 48), Math.floor(n / 2 ** 32), Math.floor(n / 2 ** 16), n]
            .map((g) => (g % 65536).toString(16).padStart(4, '0'))
            .join(':')
        : '100.' + (64 + ((n >>> 16) & 63)) + '.' + ((n >>> 8) & 255) + '.' + (n & 255),
  }),
  define({
    id: 'ipv4',
    category: 'internet',
    description: 'IPv4 address (alias of ip_address, ours).',
    example: '84.17.203.9',
    generate: ipv4,
  }),
  define({
    id: 'ipv6',
    category: 'internet',
    description: 'IPv6 address in the 2001:db8::/32 documentation range (ours).',
    example: '2001:db8:85a3:8d3:1319:8a2e:370:7348',
    generate: ipv6,
  }),
  define({
    id: 'mac_address',
    category: 'internet',
    description: 'Unicast MAC address aa:bb:cc:dd:ee:ff.',
    example: '3c:22:fb:8a:41:0e',
    generate: (rng) => {
      const a = rng.u32();
      const b = rng.u32();
      return [
        HEX_BYTE[(a >>> 24) & 0xfe],
        HEX_BYTE[(a >>> 16) & 255],
        HEX_BYTE[(a >>> 8) & 255],
        HEX_BYTE[a & 255],
        HEX_BYTE[(b >>> 8) & 255],
        HEX_BYTE[b & 255],
      ].join(':');
    },
  }),
  define({
    id: 'domain',
    category: 'internet',
    description:
      "Domain name. `by` names the row's company name: the name's words run together, or its first word when long, without its legal form.",
    example: 'harbor-summit.io',
    generate: domain,
    prepareBy: () => (rng, _, keys) => {
      for (const key of keys) {
        const name = typeof key === 'string' ? domainNameOf(key) : '';
        if (name !== '') return name + '.' + rng.pick(TLDS);
      }
      return domain(rng);
    },
  }),
  define({
    id: 'url',
    category: 'internet',
    description: 'HTTPS URL with a path.',
    example: 'https://www.harbor-summit.io/blog',
    generate: (rng) => 'https://www.' + domain(rng) + '/' + rng.pick(PATHS),
  }),
  define({
    id: 'image_url',
    category: 'internet',
    description: 'Placeholder image URL (picsum.photos, stable per seed) of `width` × `height` pixels.',
    params: { width: 'integer 1–10000 (default 640)', height: 'integer 1–10000 (default 480)' },
    example: 'https://picsum.photos/seed/harbor4821/640/480',
    validate: (p) =>
      check(p, (c) => {
        for (const key of ['width', 'height']) c.number(key, { integer: true, min: 1, max: 10_000 });
      }),
    generate: (rng, _, p) =>
      'https://picsum.photos/seed/' + rng.pick(WORDS) + rng.int(1, 9999) + imageSize(p),
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, _, p) => 'https://picsum.photos/seed/img' + n + imageSize(p),
  }),
  listType('user_agent', 'internet', 'Browser or client User-Agent string.', USER_AGENTS),
  listType('http_method', 'internet', 'HTTP method.', [
    'GET',
    'POST',
    'PUT',
    'PATCH',
    'DELETE',
    'HEAD',
    'OPTIONS',
  ]),
  listType('mime_type', 'internet', 'MIME type.', MIME),
  define({
    id: 'http_status_code',
    category: 'internet',
    description: 'HTTP status code, weighted toward 200.',
    example: 200,
    kind: 'integer',
    generate: (rng) => rng.pick(STATUS_WEIGHTED),
    cardinality: () => STATUSES.length,
    nth: (n) => STATUSES[n]!,
  }),
  define({
    id: 'session_id',
    category: 'internet',
    description: 'Opaque session identifier, 32 hex digits (ours).',
    example: '9f86d081884c7d659a2feaa0c55ad015',
    generate: (rng) => hex(rng, 32),
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n) => hex32x4(n),
  }),
];

function hex32x4(n: number): string {
  return [mix32(n >>> 0), mix32(Math.floor(n / 4294967296)), mix32(n + 1), mix32(n + 2)]
    .map((w) => w.toString(16).padStart(8, '0'))
    .join('');
}
