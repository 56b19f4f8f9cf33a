/**
 * The document's shared components: the two ways to send an API key (src/http/middleware/
 * authenticate.ts), the headers responses carry (request id, rate limits, raw-stream meta) and one
 * error response per status, listing the codes an operation can answer with.
 */
import { ERROR_CATALOGUE, ErrorEnvelope, type ErrorKey, wireCode } from '../../errors.js';
import { ERROR_EXAMPLE } from './examples.js';
import { toJsonSchema, type JsonSchema } from './json-schema.js';

/** Security requirements: either scheme is enough. */
export const KEY_REQUIRED = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
/** A key is optional (an empty requirement): sent, it changes the answer. */
export const KEY_OPTIONAL = [...KEY_REQUIRED, {}];

const KEY_FORMAT = 'Keys are `mh_` followed by 32 lowercase hex characters.';

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: `\`Authorization: Bearer <key>\`. Another scheme, or a bare key, is 401. ${KEY_FORMAT}`,
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: `The key alone, used when no Authorization header is sent. ${KEY_FORMAT}`,
  },
};

const text = (description: string) => ({ description, schema: { type: 'string' } });
const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** Response headers, by component name (the header name itself). */
export const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': text('The request id, echoed when the request sent a sane one; quote it with a 5xx.'),
  'X-RateLimit-Limit': integer(
    'Records per day on the plan (authenticated requests; none for internal keys).',
  ),
  'X-RateLimit-Remaining': integer('Records left today (UTC).'),
  'X-RateLimit-Reset': {
    description: 'Next reset of the daily allowance: midnight UTC.',
    schema: { type: 'string', format: 'date-time' },
  },
  'Retry-After': integer(
    'Seconds until a retry may succeed (429: the next window of the allowance that was used up; 503: the database is away).',
  ),
  Location: text('The created or accepted resource.'),
  'X-Meta-Tables': integer('meta.tables (raw streams).'),
  'X-Meta-Total-Records': integer('meta.total_records (raw streams).'),
  'X-Meta-Records-Per-Table': text('meta.records_per_table as JSON, non-ASCII escaped (raw streams).'),
  'X-Meta-Locale': text('meta.locale (raw streams).'),
  'X-Meta-Format': text('meta.format (raw streams).'),
  'X-Meta-Seed': integer('meta.seed (raw streams).'),
  'X-Meta-Engine-Version': text('meta.engine_version (raw streams).'),
  'X-Meta-Sql-Dialect': text('meta.sql_dialect (SQL streams).'),
  'X-Meta-Warnings': text(
    'meta.warnings as a JSON array of strings, non-ASCII escaped (raw streams; only when there are some).',
  ),
  Trailer: text('`X-Meta-Generation-Time-Ms`: the generation time arrives as an HTTP trailer.'),
  'Idempotent-Replayed': text('`true` when an earlier checkout with the same Idempotency-Key is answered.'),
};

/** The headers of a response: always the request id, the rate limits for keyed routes, and `extra`. */
export function headerRefs(keyed: boolean, extra: readonly string[] = []): Record<string, unknown> {
  const names = ['X-Request-Id', ...(keyed ? RATE_LIMIT_HEADERS : []), ...extra];
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** The error responses of an operation: one per status, naming its codes. */
export function errorResponses(keys: readonly ErrorKey[], keyed: boolean): Record<string, unknown> {
  const byStatus = new Map<number, Set<string>>();
  for (const key of keys) {
    const { status } = ERROR_CATALOGUE[key];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(wireCode(key));
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const extra = status === 429 || status === 503 ? ['Retry-After'] : [];
    responses[String(status)] = {
      description: [...codes].map((code) => `\`${code}\``).join(', '),
      headers: headerRefs(keyed && status !== 401, extra),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  return responses;
}

/** The components object (operation schemas are inlined where they are used). */
export function components(): Record<string, unknown> {
  return {
    securitySchemes: SECURITY_SCHEMES,
    headers: HEADERS,
    schemas: { ErrorEnvelope: { ...toJsonSchema(ErrorEnvelope), examples: [ERROR_EXAMPLE] } },
  };
}
