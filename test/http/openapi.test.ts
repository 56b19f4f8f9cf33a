/**
 * The OpenAPI document: valid OpenAPI 3.1 (a maintained validator), one path per route and one route
 * per path (the Koa routers' layers against the document), the error catalogue in the envelope's
 * enum, examples that fit their schemas and match the docs, and real responses that fit them.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

type SpecData = Parameters<Validator['validate']>[0];
import type Router from '@koa/router';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { systemClock } from '../../src/accounts/clock.js';
import { ERROR_CATALOGUE, ErrorEnvelope, type ErrorKey, wireCode } from '../../src/errors.js';
import { createApp } from '../../src/http/app.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/http/openapi/document.js';
import * as examples from '../../src/http/openapi/examples.js';
import { toJsonSchema } from '../../src/http/openapi/json-schema.js';
import { documentOptions } from '../../src/http/routes/reference.js';
import { HealthResponse } from '../../src/http/routes/health.js';
import { JobAccepted } from '../../src/http/routes/jobs.js';
import { DetectRequest, DetectResponse } from '../../src/http/routes/schema-detect.js';
import { UsageResponse } from '../../src/http/routes/usage.js';
import { WebhookBody } from '../../src/http/routes/webhooks.js';
import { GenerateBody } from '../../src/generation/request.js';
import { createLogger } from '../../src/logger.js';
import { polarEnv } from '../helpers/agent.js';
import { startApp, testConfig } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';

// Response schemas name formats; TypeBox checks only formats it is told about.
FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
FormatRegistry.Set('uuid', (value) => /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(value));
FormatRegistry.Set('uri', (value) => URL.canParse(value));

/** The value at `keys` in a parsed document (unknown when absent). */
function at(value: unknown, ...keys: string[]): unknown {
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Routes that are not REST operations, so the document leaves them out: the MCP endpoint speaks
 * JSON-RPC over the Streamable HTTP transport (one path, many tools; /mcp/agent is the same), which OpenAPI cannot describe;
 * docs/mcp.md does. Every other route must have its path in the document.
 */
const NON_REST_ROUTES = ['POST /mcp', 'POST /mcp/agent'];

/** `METHOD /path/{param}` of every REST route the app's routers hold (HEAD comes with GET). */
function routesOf(app: { middleware: unknown[] }): Set<string> {
  const routes = new Set<string>();
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const route = `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`;
        if (!NON_REST_ROUTES.includes(route)) routes.add(route);
      }
    }
  }
  return routes;
}

/** `METHOD /path` of every operation of a document. */
function operationsOf(document: OpenApiDocument): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) {
      if (METHODS.includes(method)) operations.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return operations;
}

/** What one side has and the other lacks. */
function mismatches(routes: Set<string>, operations: Set<string>) {
  return {
    routesWithoutPath: [...routes].filter((r) => !operations.has(r)).sort(),
    pathsWithoutRoute: [...operations].filter((o) => !routes.has(o)).sort(),
  };
}

for (const provider of ['sandbox', 'polar'] as const) {
  t.test(`${provider}: every route has a path in the document, every path a route`, async (t) => {
    const store = await embeddedStore(t);
    const config = testConfig(undefined, provider === 'polar' ? polarEnv('http://127.0.0.1:9') : {});
    const app = createApp({ config, store, clock: systemClock, logger: createLogger('silent') });
    const document = buildOpenApiDocument(documentOptions({ config }));
    const routes = routesOf(app);
    t.ok(routes.size > 20, `the routers were found (${routes.size} routes)`);
    t.same(mismatches(routes, operationsOf(document)), { routesWithoutPath: [], pathsWithoutRoute: [] });
    t.ok(routes.has('GET /api/v1/jobs/{id}'), 'path parameters are compared in OpenAPI form');
    t.equal(routes.has('POST /api/agent/sandbox/checkout/{id}'), provider === 'sandbox');
    t.ok(routes.has(`POST /api/agent/webhooks/${provider}`));
    t.notOk(routes.has('POST /mcp'), 'non-REST routes are left out');
    t.notOk(operationsOf(document).has('POST /mcp'), 'and have no path in the document');

    // The comparison fails both ways: a path removed, and a path that no route serves.
    const doctored = structuredClone(document);
    delete doctored.paths['/api/v1/usage'];
    doctored.paths['/api/v1/nothing'] = { get: {} };
    t.same(mismatches(routes, operationsOf(doctored)), {
      routesWithoutPath: ['GET /api/v1/usage'],
      pathsWithoutRoute: ['GET /api/v1/nothing'],
    });
  });
}

t.test('the document is valid OpenAPI 3.1 for either provider and any base URL', async (t) => {
  for (const options of [
    { version: '0.1.0', paymentProvider: 'sandbox' },
    { version: '0.1.0', paymentProvider: 'polar', publicBaseUrl: 'https://mockhive.example.com' },
  ]) {
    const document = buildOpenApiDocument(options);
    const validator = new Validator();
    const result = await validator.validate(document as SpecData);
    t.same(result, { valid: true }, `${options.paymentProvider}: valid`);
    t.equal(validator.version, '3.1');
    t.same(document.servers, [{ url: options.publicBaseUrl ?? '/' }]);
  }
  // The validator does refuse a broken document (a security requirement naming no scheme's type).
  const broken = buildOpenApiDocument({ version: '0.1.0', paymentProvider: 'sandbox' });
  (broken['components'] as { securitySchemes: Record<string, object> }).securitySchemes['bearerAuth'] = {
    type: 'cookie-jar',
  };
  t.equal((await new Validator().validate(broken as SpecData)).valid, false);
});

t.test('the error envelope lists every code of the catalogue, and only those', async (t) => {
  const document = buildOpenApiDocument({ version: '0.1.0', paymentProvider: 'sandbox' });
  const codeEnum = at(
    document,
    ...'components schemas ErrorEnvelope properties error properties code enum'.split(' '),
  ) as string[];
  const catalogue = new Set(Object.keys(ERROR_CATALOGUE).map((key) => wireCode(key as ErrorKey)));
  t.same(new Set(codeEnum), catalogue);
  t.ok(Value.Check(ErrorEnvelope, examples.ERROR_EXAMPLE), 'the example fits');
  t.notOk(
    Value.Check(ErrorEnvelope, { error: { code: 'NO_SUCH_CODE', message: 'x' } }),
    'an unknown code does not',
  );
  // Every status of every code an operation names has a response with the envelope.
  const responses = at(document, 'paths', '/api/v1/generate', 'post', 'responses');
  for (const status of ['400', '401', '403', '406', '413', '422', '429', '500']) {
    t.ok(at(responses, status, 'content', 'application/json', 'schema'), `generate answers ${status}`);
  }
  t.match(
    at(responses, '422', 'description'),
    /VALIDATION_ERROR.*PROMPT_CONVERSION_FAILED.*RESULT_TOO_LARGE/,
  );
  t.ok(at(responses, '429', 'headers', 'Retry-After'), '429 says when to retry');
  t.notOk(at(responses, '401', 'headers', 'X-RateLimit-Limit'), 'a 401 has no rate-limit headers');
});

t.test('the document holds no TypeBox internals and writes literal unions as enums', async (t) => {
  const text = JSON.stringify(buildOpenApiDocument({ version: '0.1.0', paymentProvider: 'sandbox' }));
  t.notMatch(text, /"\[?Kind\]?"|TypeBox/);
  const body = toJsonSchema(GenerateBody);
  t.same(at(body, 'properties', 'format'), { type: 'string', enum: ['json', 'csv', 'sql'] });
  const required = at(body, ...'properties tables items properties fields items required'.split(' '));
  t.ok((required as string[]).includes('type'));
});

t.test('examples fit their schemas and are the ones the docs show', async (t) => {
  const fits: [string, TSchema, unknown][] = [
    ['health', HealthResponse, examples.HEALTH_EXAMPLE],
    ['usage', UsageResponse, examples.USAGE_EXAMPLE],
    ['generate', GenerateBody, examples.GENERATE_EXAMPLE],
    ['detect', DetectRequest, examples.DETECT_EXAMPLE],
    ['detect response', DetectResponse, examples.DETECT_RESPONSE_EXAMPLE],
    ['job accepted', JobAccepted, examples.JOB_ACCEPTED_EXAMPLE],
    ['webhook', WebhookBody, examples.WEBHOOK_EXAMPLE],
  ];
  for (const [name, schema, example] of fits) t.ok(Value.Check(schema, example), `${name} fits`);

  // Each example is a JSON text of docs/ (whitespace aside), or for the detect request its SQL.
  const docs = ['api.md', 'jobs.md', 'errors.md'].map((page) => readFileSync(`docs/${page}`, 'utf8'));
  const blocks = docs.flatMap((page) =>
    [...page.matchAll(/\{[^`|]*?\}(?=\s*(?:```|`|\n\n|$))/gs)].flatMap((match) => {
      try {
        return [JSON.stringify(JSON.parse(match[0]))];
      } catch {
        return [];
      }
    }),
  );
  for (const name of [
    'HEALTH_EXAMPLE',
    'USAGE_EXAMPLE',
    'GENERATE_EXAMPLE',
    'DETECT_RESPONSE_EXAMPLE',
    'ERROR_EXAMPLE',
    'JOB_ACCEPTED_EXAMPLE',
    'WEBHOOK_EXAMPLE',
  ] as const) {
    t.ok(blocks.includes(JSON.stringify(examples[name])), `${name} is in docs/`);
  }
  t.ok(docs[0]!.includes(examples.DETECT_EXAMPLE.sql), 'the detect request is in docs/api.md');
});

t.test('GET /openapi.json serves the document; real responses fit its schemas', async (t) => {
  const store = await embeddedStore(t);
  const server = await startApp(t, store, { env: { PUBLIC_BASE_URL: 'https://api.example.com/' } });
  const response = await server.request('/openapi.json');
  t.equal(response.status, 200);
  t.match(response.headers.get('Content-Type'), /^application\/json/);
  const served = (await response.json()) as OpenApiDocument;
  t.same(served, buildOpenApiDocument(documentOptions({ config: server.config })));
  t.same(served['servers'], [{ url: 'https://api.example.com' }]);
  t.equal(served.info.version, server.config.version);

  const health = await server.request('/api/v1/health');
  t.ok(Value.Check(HealthResponse, await health.json()), 'health fits HealthResponse');
  const refused = await server.request('/api/v1/usage');
  t.ok(Value.Check(ErrorEnvelope, await refused.json()), 'a 401 fits ErrorEnvelope');

  // The headers the document promises are the ones responses carry.
  const headers = Object.keys((served['components'] as { headers: object }).headers);
  const key = await server.key('pro');
  const usage = await server.request('/api/v1/usage', { key });
  t.ok(Value.Check(UsageResponse, await usage.json()), 'usage fits UsageResponse');
  const rateLimit = [...usage.headers.keys()].filter((name) => name.startsWith('x-ratelimit-'));
  t.same(
    rateLimit.sort(),
    headers
      .filter((h) => h.startsWith('X-RateLimit-'))
      .map((h) => h.toLowerCase())
      .sort(),
  );
  const raw = await server.request('/api/v1/generate', {
    key,
    json: { ...examples.GENERATE_EXAMPLE, format: 'sql' },
    headers: { Accept: 'application/sql' },
  });
  t.equal(raw.status, 200);
  await raw.text();
  const meta = [...raw.headers.keys()].filter((name) => name.startsWith('x-meta-'));
  t.same(
    meta.sort(),
    headers
      // X-Meta-Warnings comes only with warnings (routes/generate-warnings.test.ts).
      .filter((h) => h.startsWith('X-Meta-') && h !== 'X-Meta-Warnings')
      .map((h) => h.toLowerCase())
      .sort(),
  );
  const content = at(served, 'paths', '/api/v1/generate', 'post', 'responses', '200', 'content');
  t.same(Object.keys(content as object).sort(), [
    'application/json',
    'application/sql',
    'application/x-ndjson',
    'text/csv',
  ]);
});
