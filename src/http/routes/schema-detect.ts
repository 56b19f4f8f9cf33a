/**
 * POST /api/v1/schema/detect: CREATE TABLE statements and/or one sample JSON record → a schema that
 * POST /api/v1/generate takes as it is (each table has a default `count`). Pro or above.
 */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import type { AppDeps } from '../deps.js';
import type { Detector } from '../../detect/runner.js';
import { DETECT_LIMITS } from '../../detect/index.js';
import { HttpError } from '../../errors.js';
import { jsonBody, requireShallow } from '../middleware/json-body.js';
import { requireObject, validate } from '../../validation.js';

export const DetectRequest = Type.Object({
  sql: Type.Optional(Type.String({ maxLength: DETECT_LIMITS.sqlChars })),
  sample_json: Type.Optional(Type.Unknown()),
  openapi: Type.Optional(
    Type.Unknown({ description: 'An OpenAPI 3.0, 3.1 or 3.2 document: YAML or JSON text, or the object' }),
  ),
  json_schema: Type.Optional(
    Type.Unknown({
      description: 'One JSON Schema (draft-07 or 2020-12) with $defs/definitions: text or the object',
    }),
  ),
  table_name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 63, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  ),
});
export type DetectRequest = Static<typeof DetectRequest>;

const DetectedField = Type.Object({
  name: Type.String(),
  type: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  nullable: Type.Optional(Type.Boolean()),
  unique: Type.Optional(Type.Boolean()),
});

export const DetectResponse = Type.Object({
  schema: Type.Object({
    tables: Type.Array(
      Type.Object({
        name: Type.String(),
        count: Type.Integer({ description: 'Rows to generate: 50 by default, change at will' }),
        fields: Type.Array(DetectedField),
        unique: Type.Optional(Type.Array(Type.Array(Type.String()))),
      }),
    ),
  }),
  warnings: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'What a spec holds that is no table (wrappers, error bodies, links), and links that are guesses',
    }),
  ),
});
export type DetectResponse = Static<typeof DetectResponse>;

/** A sample sent as JSON text is parsed; a syntax error says where. */
function parseSample(text: string): unknown {
  let sample: unknown;
  try {
    sample = JSON.parse(text) as unknown;
  } catch (error) {
    const message = (error as Error).message;
    throw new HttpError('VALIDATION_ERROR', `sample_json is a string but not valid JSON: ${message}`);
  }
  requireShallow(sample, 'sample_json');
  return sample;
}

/**
 * Detects a schema from a detection request (the body of POST /api/v1/schema/detect, or the MCP
 * tool's arguments): 400 VALIDATION_ERROR for a request without input or input that cannot be read.
 */
export async function detectSchema(detector: Detector, input: unknown): Promise<DetectResponse> {
  const body = validate(DetectRequest, requireObject(input));
  const sql = body.sql?.trim() === '' ? undefined : body.sql;
  const sample = typeof body.sample_json === 'string' ? parseSample(body.sample_json) : body.sample_json;
  const openapi = body.openapi ?? undefined;
  const jsonSchema = body.json_schema ?? undefined;
  if (sql === undefined && sample === undefined && openapi === undefined && jsonSchema === undefined) {
    throw new HttpError(
      'VALIDATION_ERROR',
      'Send `sql` (CREATE TABLE statements), `sample_json` (one sample record as a JSON object), `openapi` (an OpenAPI 3 document) or `json_schema` (a JSON Schema).',
    );
  }
  const outcome = await detector.detect({
    sql,
    sample_json: sample,
    table_name: body.table_name,
    openapi,
    json_schema: jsonSchema,
  });
  if (!outcome.ok) throw new HttpError('VALIDATION_ERROR', outcome.message);
  const response: DetectResponse = { schema: { tables: outcome.tables } };
  if (outcome.warnings.length > 0) response.warnings = outcome.warnings;
  return response;
}

/** Routes of schema detection (mounted behind authentication). */
export function schemaDetectRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post(
    '/schema/detect',
    async (ctx, next) => {
      deps.limiter.requireFeature(ctx.state.principal!, 'schema_detect');
      await next();
    },
    jsonBody(deps.config.bodyLimit),
    async (ctx) => {
      ctx.body = await detectSchema(deps.detector, ctx.request.body);
    },
  );
  return router;
}
