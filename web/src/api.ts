/** Calls to the service: the key as a Bearer token, and every error read from the documented envelope. */

/** One problem of a validation or schema error: `field` is a path such as `tables[0].fields[2].type`. */
export interface ErrorDetail {
  field?: string;
  message: string;
  suggestion?: unknown;
}

/** An error answer of the API (or a network failure, code NETWORK_ERROR). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
  }
}

/** What GET /api/v1/types answers, as far as the page uses it. */
export interface TypesCatalogue {
  categories: Record<string, Record<string, { description: string; params: Record<string, string> }>>;
  locales: string[];
  formats: string[];
  sql_dialects: string[];
}

/** One entry of GET /api/v1/templates. */
export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  tables: string[];
  default_counts: Record<string, number>;
}

/** What GET /api/v1/usage answers. */
export interface Usage {
  tier: string;
  limits: { records_per_day: number | null; records_per_request: number | null; features: string[] };
  daily_used: number;
  daily_remaining: number | null;
  prompts_used: number;
  reset_at: string;
}

/** fetch with the key; resolves only with a 2xx response, otherwise throws the envelope's ApiError. */
export async function call(
  path: string,
  init: { key?: string; body?: unknown; accept?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers = new Headers();
  if (init.key) headers.set('Authorization', `Bearer ${init.key}`);
  if (init.accept) headers.set('Accept', init.accept);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The service could not be reached.');
  }
  if (response.ok) return response;
  throw await errorOf(response);
}

/** The ApiError of a non-2xx response; a body that is not the envelope still gives its status. */
async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    const { code, message, details } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(
        response.status,
        code,
        message,
        Array.isArray(details) ? (details as ErrorDetail[]) : [],
      );
    }
  } catch {
    // not JSON: fall through
  }
  return new ApiError(response.status, 'HTTP_ERROR', `The service answered ${response.status}.`);
}

/** GET a JSON resource. */
export async function getJson<T>(path: string, key?: string): Promise<T> {
  return (await (await call(path, { key })).json()) as T;
}
