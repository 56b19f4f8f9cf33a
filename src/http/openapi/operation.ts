/**
 * One operation of the API as the route modules define it, and its OpenAPI operation object. A spec
 * names the route's own TypeBox schemas; nothing here restates a schema.
 */
import type { TSchema } from '@sinclair/typebox';
import type { ErrorKey } from '../../errors.js';
import { errorResponses, headerRefs, KEY_OPTIONAL, KEY_REQUIRED } from './components.js';
import { toJsonSchema } from './json-schema.js';

/** A media type of a success response: a TypeBox schema, or a description of a raw text body. */
export type Media = { schema: TSchema; example?: unknown } | { text: string };

export interface OperationSpec {
  method: 'get' | 'post' | 'delete';
  /** The OpenAPI path (`/api/v1/jobs/{id}`). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** `key`: an API key is required; `optional`: sent, it changes the answer; `public`: none. */
  auth: 'key' | 'optional' | 'public';
  body?: { schema: TSchema; example?: unknown; description?: string };
  /** Query and header parameters (path parameters are derived from the path). */
  parameters?: { name: string; in: 'query' | 'header'; description: string; schema: TSchema }[];
  ok: {
    status: number;
    description: string;
    content?: Record<string, Media>;
    headers?: readonly string[];
  };
  /** Answers other than the success and the error envelope (health's 503 carries the health object). */
  otherResponses?: Record<number, { description: string; content: Record<string, Media> }>;
  /** Codes the operation may answer with; 401, 429, 500 and 503 are added for keyed routes. */
  errors: readonly ErrorKey[];
}

/** The OpenAPI operation object of a spec. */
export function operationObject(spec: OperationSpec): Record<string, unknown> {
  const keyed = spec.auth === 'key';
  const errors = new Set<ErrorKey>(spec.errors);
  if (keyed) {
    for (const key of ['UNAUTHORIZED', 'RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE'] as const)
      errors.add(key);
  }
  errors.add('INTERNAL_ERROR');
  const pathParameters = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [
    ...pathParameters,
    ...(spec.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      description: p.description,
      schema: toJsonSchema(p.schema),
    })),
  ];
  return {
    operationId: operationId(spec),
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: spec.auth === 'key' ? KEY_REQUIRED : spec.auth === 'optional' ? KEY_OPTIONAL : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: requestBody(spec.body) } : {}),
    responses: {
      [String(spec.ok.status)]: {
        description: spec.ok.description,
        headers: headerRefs(keyed, spec.ok.headers),
        ...(spec.ok.content ? { content: mediaTypes(spec.ok.content) } : {}),
      },
      ...errorResponses([...errors], keyed),
      ...Object.fromEntries(
        Object.entries(spec.otherResponses ?? {}).map(([status, response]) => [
          status,
          { description: response.description, content: mediaTypes(response.content) },
        ]),
      ),
    },
  };
}

function requestBody(body: NonNullable<OperationSpec['body']>): Record<string, unknown> {
  return {
    required: true,
    ...(body.description ? { description: body.description } : {}),
    content: {
      'application/json': {
        schema: toJsonSchema(body.schema),
        ...(body.example === undefined ? {} : { example: body.example }),
      },
    },
  };
}

function mediaTypes(content: Record<string, Media>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [
      type,
      'text' in media
        ? { schema: { type: 'string', description: media.text } }
        : {
            schema: toJsonSchema(media.schema),
            ...(media.example === undefined ? {} : { example: media.example }),
          },
    ]),
  );
}

/** `getApiV1JobsId`-style ids: unique per method and path, stable across versions. */
function operationId(spec: OperationSpec): string {
  const words = spec.path.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return spec.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}
