/** Technical types: identifiers, hashes, versions, files, colors and ML-flavored values. */
import type { FieldType, Rng } from '../field-type.js';
import { mix32 } from '../random.js';
import { define, listType } from './define.js';
import { HEX_BYTE, hex } from './format.js';
import { ML_TYPES } from './ml.js';
import { check, compatRange, num } from './params.js';
import { WORDS } from './text-data.js';

/** Char code of each hex digit. */
const HEX_CODE = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]);
const DASH = 45;

/**
 * A version-4 UUID from four 32-bit words (version nibble 4, RFC 4122 variant). One fromCharCode call
 * gives a flat 36-char string: 3× faster than joining table pieces, which also left a rope of cons
 * strings for the GC and for serialization to flatten.
 */
export function uuidFromWords(a: number, b: number, c: number, d: number): string {
  const x = HEX_CODE;
  return String.fromCharCode(
    x[a >>> 28]!,
    x[(a >>> 24) & 15]!,
    x[(a >>> 20) & 15]!,
    x[(a >>> 16) & 15]!,
    x[(a >>> 12) & 15]!,
    x[(a >>> 8) & 15]!,
    x[(a >>> 4) & 15]!,
    x[a & 15]!,
    DASH,
    x[b >>> 28]!,
    x[(b >>> 24) & 15]!,
    x[(b >>> 20) & 15]!,
    x[(b >>> 16) & 15]!,
    DASH,
    52, // '4': the version
    x[(b >>> 8) & 15]!,
    x[(b >>> 4) & 15]!,
    x[b & 15]!,
    DASH,
    x[8 | ((c >>> 28) & 3)]!, // the variant
    x[(c >>> 24) & 15]!,
    x[(c >>> 20) & 15]!,
    x[(c >>> 16) & 15]!,
    DASH,
    x[(c >>> 12) & 15]!,
    x[(c >>> 8) & 15]!,
    x[(c >>> 4) & 15]!,
    x[c & 15]!,
    x[d >>> 28]!,
    x[(d >>> 24) & 15]!,
    x[(d >>> 20) & 15]!,
    x[(d >>> 16) & 15]!,
    x[(d >>> 12) & 15]!,
    x[(d >>> 8) & 15]!,
    x[(d >>> 4) & 15]!,
    x[d & 15]!,
  );
}

/** A random v4 UUID. */
export function uuid(rng: Rng): string {
  return uuidFromWords(rng.u32(), rng.u32(), rng.u32(), rng.u32());
}

const EXTENSIONS = [
  'pdf',
  'docx',
  'xlsx',
  'csv',
  'json',
  'png',
  'jpg',
  'gif',
  'svg',
  'mp4',
  'mp3',
  'zip',
  'txt',
  'md',
  'html',
  'ts',
  'py',
  'log',
  'yaml',
  'parquet',
];
const LANGUAGES = [
  'TypeScript',
  'JavaScript',
  'Python',
  'Java',
  'Go',
  'Rust',
  'C#',
  'C++',
  'C',
  'Kotlin',
  'Swift',
  'Ruby',
  'PHP',
  'Scala',
  'Elixir',
  'Haskell',
  'Dart',
  'R',
  'SQL',
  'Lua',
];
const DATABASES = [
  'PostgreSQL',
  'MySQL',
  'SQLite',
  'MariaDB',
  'MongoDB',
  'Redis',
  'Cassandra',
  'DynamoDB',
  'Elasticsearch',
  'Neo4j',
  'ClickHouse',
  'CockroachDB',
  'Oracle Database',
  'Microsoft SQL Server',
  'DuckDB',
];
const IMAGES = [
  'nginx',
  'node',
  'postgres',
  'redis',
  'python',
  'golang',
  'alpine',
  'ubuntu',
  'mysql',
  'mongo',
  'rabbitmq',
  'traefik',
  'grafana/grafana',
  'prom/prometheus',
  'bitnami/kafka',
];
const TAGS = [
  'latest',
  'alpine',
  'slim',
  'bookworm',
  '1.27',
  '20-alpine',
  '16',
  '7.2',
  '3.12-slim',
  'stable',
];
const DIRS = [
  '/home/user/documents',
  '/var/log',
  '/usr/local/bin',
  '/etc/app',
  '/srv/data',
  '/tmp',
  '/opt/service/config',
  '/home/user/projects/app/src',
];
const COLOR_NAMES = [
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'purple',
  'pink',
  'brown',
  'black',
  'white',
  'gray',
  'teal',
  'navy',
  'maroon',
  'olive',
  'cyan',
  'magenta',
  'lime',
  'indigo',
  'violet',
  'gold',
  'silver',
  'beige',
  'coral',
  'turquoise',
];
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'];
const COMMON_PORTS = [22, 25, 53, 80, 443, 3000, 3306, 5432, 6379, 8080, 8443, 9200, 27017];
const PORT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  well_known: [1, 1023],
  registered: [1024, 49151],
  dynamic: [49152, 65535],
};

/** A byte count in the largest unit (1024-based) that keeps it at least 1, one decimal above bytes. */
function humanSize(bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return (unit === 0 ? String(bytes) : value.toFixed(1)) + ' ' + SIZE_UNITS[unit];
}

export const TECHNICAL_TYPES: readonly FieldType[] = [
  define({
    id: 'uuid',
    category: 'technical',
    description: 'Random version-4 UUID (lower-case).',
    example: '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c',
    kind: 'uuid',
    generate: uuid,
    cardinality: () => Number.POSITIVE_INFINITY,
    // The first and last 32 bits are bijections of n's low and high words: distinct n, distinct UUIDs.
    nth: (n) =>
      uuidFromWords(
        mix32(n >>> 0),
        mix32(n + 0x9e3779b9),
        mix32(n ^ 0x85ebca6b),
        mix32(Math.floor(n / 4294967296) ^ 0xc2b2ae35),
      ),
  }),
  define({
    id: 'id',
    category: 'technical',
    description: 'Auto-increment style integer id: start + row × step (default row number + 1).',
    params: { start: "integer, the first row's id (default 1)", step: 'integer ≠ 0 (default 1)' },
    example: 1,
    kind: 'integer',
    validate: (p) =>
      check(p, (c) => {
        c.number('start', { integer: true });
        if (c.number('step', { integer: true }) === 0) c.fail('step', 'step must not be 0');
      }),
    generate: (_, ctx, p) => num(p, 'start', 1) + ctx.row * num(p, 'step', 1),
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, _, p) => num(p, 'start', 1) + n * num(p, 'step', 1),
  }),
  listType('file_extension', 'technical', 'File extension without the dot.', EXTENSIONS),
  listType('programming_language', 'technical', 'Programming language.', LANGUAGES),
  listType('database_engine', 'technical', 'Database engine.', DATABASES),
  define({
    id: 'semver',
    category: 'technical',
    description: 'Semantic version MAJOR.MINOR.PATCH; `prerelease: true` appends -alpha.N, -beta.N or -rc.N.',
    params: { prerelease: 'boolean (default false): append -alpha.N, -beta.N or -rc.N (N 1–10)' },
    example: '2.14.3',
    validate: (p) => check(p, (c) => c.boolean('prerelease')),
    generate: (rng, _, p) =>
      rng.int(0, 9) +
      '.' +
      rng.int(0, 30) +
      '.' +
      rng.int(0, 50) +
      (p['prerelease'] === true ? '-' + rng.pick(['alpha', 'beta', 'rc']) + '.' + rng.int(1, 10) : ''),
  }),
  define({
    id: 'commit_sha',
    category: 'technical',
    description: 'Git commit SHA-1: 40 hex digits, or the 7-digit short form with `short: true`.',
    params: { short: 'boolean (default false): 7 hex digits' },
    example: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
    validate: (p) => check(p, (c) => c.boolean('short')),
    generate: (rng, _, p) => hex(rng, p['short'] === true ? 7 : 40),
  }),
  define({
    id: 'hash_md5',
    category: 'technical',
    description: 'MD5-shaped hash: 32 hex digits.',
    example: '5d41402abc4b2a76b9719d911017c592',
    generate: (rng) => hex(rng, 32),
  }),
  define({
    id: 'hash_sha256',
    category: 'technical',
    description: 'SHA-256-shaped hash: 64 hex digits.',
    example: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    generate: (rng) => hex(rng, 64),
  }),
  define({
    id: 'port_number',
    category: 'technical',
    description:
      'TCP/UDP port: a common service port 30%, else 1024–65535; `range` keeps to well_known (1–1023), registered (1024–49151) or dynamic (49152–65535), a fifth of them common ports of that range.',
    params: { range: 'one of well_known, registered, dynamic (default: any port 1–65535)' },
    example: 8080,
    kind: 'integer',
    validate: (p) => check(p, (c) => c.string('range', { oneOf: Object.keys(PORT_RANGES) })),
    generate: (rng, _, p) => {
      const range = PORT_RANGES[p['range'] as string];
      if (range === undefined) return rng.chance(0.3) ? rng.pick(COMMON_PORTS) : rng.int(1024, 65535);
      const common = COMMON_PORTS.filter((port) => port >= range[0] && port <= range[1]);
      return common.length > 0 && rng.chance(0.2) ? rng.pick(common) : rng.int(range[0], range[1]);
    },
    cardinality: (p) => {
      const range = PORT_RANGES[p['range'] as string] ?? [1, 65535];
      return range[1] - range[0] + 1;
    },
    nth: (n, _, p) => (PORT_RANGES[p['range'] as string] ?? [1, 65535])[0] + n,
  }),
  define({
    id: 'file_size',
    category: 'technical',
    description:
      'Human-readable file size ("4.2 MB"); with `min_bytes`/`max_bytes`, a byte count drawn in that range shown in B, KB, MB or GB (one decimal).',
    params: {
      min_bytes: 'integer ≥ 0 (default 1024 when max_bytes is given)',
      max_bytes: 'integer ≥ 0 (default 1073741824 when min_bytes is given)',
    },
    example: '4.2 MB',
    validate: (p) =>
      check(p, (c) => {
        const opts = { integer: true, min: 0, max: Number.MAX_SAFE_INTEGER };
        c.ordered('min_bytes', c.number('min_bytes', opts), 'max_bytes', c.number('max_bytes', opts));
      }),
    generate: (rng, _, p) => {
      if (p['min_bytes'] != null || p['max_bytes'] != null) {
        const [lo, hi] = compatRange(p, ['min_bytes', 'max_bytes'], [1024, 2 ** 30], [1024, 2 ** 30]);
        return humanSize(rng.int(lo, hi));
      }
      const unit = rng.int(0, 3);
      return (
        (unit === 0 ? String(rng.int(1, 1023)) : (rng.int(10, 9999) / 10).toFixed(1)) + ' ' + SIZE_UNITS[unit]
      );
    },
  }),
  define({
    id: 'docker_image',
    category: 'technical',
    description: 'Docker image reference name:tag.',
    example: 'postgres:16',
    generate: (rng) => rng.pick(IMAGES) + ':' + rng.pick(TAGS),
  }),
  define({
    id: 'file_path',
    category: 'technical',
    description: 'Absolute POSIX file path.',
    example: '/var/log/harbor.log',
    generate: (rng) =>
      rng.pick(DIRS) +
      '/' +
      rng.pick(WORDS) +
      (rng.chance(0.5) ? '_' + rng.pick(WORDS) : '') +
      '.' +
      rng.pick(EXTENSIONS),
  }),
  define({
    id: 'color_hex',
    category: 'technical',
    description: 'Color as #rrggbb.',
    example: '#3fa7d6',
    generate: (rng) => {
      const w = rng.u32();
      return '#' + HEX_BYTE[w >>> 24]! + HEX_BYTE[(w >>> 16) & 255]! + HEX_BYTE[(w >>> 8) & 255]!;
    },
    cardinality: () => 16_777_216,
    nth: (n) => '#' + n.toString(16).padStart(6, '0'),
  }),
  define({
    id: 'color_rgb',
    category: 'technical',
    description: 'Color as rgb(r, g, b).',
    example: 'rgb(63, 167, 214)',
    generate: (rng) => `rgb(${rng.int(0, 255)}, ${rng.int(0, 255)}, ${rng.int(0, 255)})`,
  }),
  listType('color_name', 'technical', 'Common English color name.', COLOR_NAMES),
  ...ML_TYPES,
];
