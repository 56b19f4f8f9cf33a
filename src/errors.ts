/**
 * The one catalogue of error codes: each with its HTTP status and a default message. Codes are stable
 * across versions (clients match on them); messages may change. docs/errors.md documents every code,
 * and a test fails when one is missing there.
 */
import { type Static, Type } from '@sinclair/typebox';

export const ERROR_CATALOGUE = {
  VALIDATION_ERROR: { status: 400, message: 'The request body is not valid JSON or lacks required fields.' },
  SCHEMA_ERROR: { status: 400, message: 'The schema is invalid.' },
  DEPENDENCY_CYCLE: { status: 400, message: 'The tables reference each other in a cycle.' },
  UNAUTHORIZED: { status: 401, message: 'A valid API key is required.' },
  PAYMENT_REQUIRED: { status: 402, message: 'The checkout has not been paid yet.' },
  FEATURE_REQUIRES_UPGRADE: { status: 403, message: 'Your plan does not include this feature.' },
  ORIGIN_NOT_ALLOWED: { status: 403, message: 'Requests from this web origin are not allowed.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  NOT_ACCEPTABLE: { status: 406, message: 'None of the accepted media types can be produced.' },
  ALREADY_CLAIMED: { status: 409, message: 'The API key of this checkout was already claimed.' },
  JOB_NOT_READY: { status: 409, message: 'The job has no result yet.' },
  WEBHOOK_LIMIT: { status: 409, message: 'The account has as many webhooks as it may have.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive whole in time.' },
  CHECKOUT_EXPIRED: { status: 410, message: 'The checkout has expired.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNPROCESSABLE: { status: 422, message: 'The request failed validation.' },
  PROMPT_CONVERSION_FAILED: { status: 422, message: 'The prompt could not be converted to a schema.' },
  RESULT_TOO_LARGE: { status: 422, message: 'The result could take more bytes than the plan allows.' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Rate limit exceeded.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  INTERNAL_ERROR: { status: 500, message: 'An unexpected error occurred.' },
  PROVIDER_ERROR: { status: 500, message: 'The payment provider could not be reached.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service cannot reach its database; retry after the seconds in Retry-After.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

/** A catalogue entry's key. `UNPROCESSABLE` is sent on the wire as `VALIDATION_ERROR` with status 422. */
export type ErrorKey = keyof typeof ERROR_CATALOGUE;

/** The code as clients see it; the interface uses VALIDATION_ERROR for both 400 and 422. */
export function wireCode(key: ErrorKey): string {
  return key === 'UNPROCESSABLE' ? 'VALIDATION_ERROR' : key;
}

/** Every code a client can see, in catalogue order (the OpenAPI document's enum). */
export const WIRE_CODES: readonly string[] = [
  ...new Set(Object.keys(ERROR_CATALOGUE).map((key) => wireCode(key as ErrorKey))),
];

/** One problem found by validation, as listed in `error.details`. */
export const ErrorDetailSchema = Type.Object({
  field: Type.String({ description: 'Path of the value, such as tables[0].fields[2].type' }),
  message: Type.String(),
  suggestion: Type.Optional(Type.String({ description: 'A corrected value, such as the closest type' })),
});
export type ErrorDetail = Static<typeof ErrorDetailSchema>;

/** The body of every error response: `{ error: { code, message, details? } }` (docs/errors.md). */
export const ErrorEnvelope = Type.Object({
  error: Type.Object({
    code: Type.Union(
      WIRE_CODES.map((code) => Type.Literal(code)),
      { description: 'Stable across versions: match on it' },
    ),
    message: Type.String({ description: 'For people; may change between versions' }),
    details: Type.Optional(Type.Array(ErrorDetailSchema, { minItems: 1 })),
  }),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** The one error class of the service: carries a catalogue key, a client-safe message and headers. */
export class HttpError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    key: ErrorKey,
    message?: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[key].message, { cause: options.cause });
    this.name = 'HttpError';
    this.key = key;
    this.status = ERROR_CATALOGUE[key].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The response body: `{ error: { code, message, details? } }`. */
  toEnvelope(): ErrorEnvelope {
    const error: ErrorEnvelope['error'] = {
      code: wireCode(this.key),
      message: this.message,
    };
    if (this.details && this.details.length > 0) error.details = this.details;
    return { error };
  }
}
