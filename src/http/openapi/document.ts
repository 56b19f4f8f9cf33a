/**
 * The OpenAPI 3.1 document of the service, built from the routes' own TypeBox schemas. The server
 * serves it at /openapi.json; /docs renders it and /llms.txt summarises it, and other front ends
 * (an MCP server, a playground) can build on the same function.
 */
import { components } from './components.js';
import { operationObject, type OperationSpec } from './operation.js';
import { agentOperations, REFERENCE_OPERATIONS } from './operations-agent.js';
import { DATA_OPERATIONS } from './operations-data.js';

export type OpenApiDocument = Record<string, unknown> & {
  info: { title: string; version: string; description: string } & Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

export interface DocumentOptions {
  /** The service's version (config.version). */
  version: string;
  /** The configured payment provider's name: its notification route is /api/agent/webhooks/<name>. */
  paymentProvider: string;
  /** PUBLIC_BASE_URL when set; else the document's own origin is the server. */
  publicBaseUrl?: string | undefined;
}

export const API_DESCRIPTION =
  'mockhive generates realistic, relational, reproducible test data as JSON, CSV or SQL: send a schema ' +
  '(tables and typed fields), a template name or a plain-English prompt, get the data back streamed. ' +
  'The same request, seed and engine version give the same bytes. Errors always use one envelope ' +
  '`{ "error": { "code", "message", "details?" } }`: match on `code`.';

/** Every operation of the service for these options. */
export function operationSpecs(options: DocumentOptions): OperationSpec[] {
  return [...DATA_OPERATIONS, ...agentOperations(options.paymentProvider), ...REFERENCE_OPERATIONS];
}

/** The OpenAPI 3.1 document for these options. */
export function buildOpenApiDocument(options: DocumentOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const spec of operationSpecs(options)) {
    (paths[spec.path] ??= {})[spec.method] = operationObject(spec);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'mockhive API',
      version: options.version,
      description: API_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: options.publicBaseUrl ?? '/' }],
    tags: [...new Set(operationSpecs(options).map((spec) => spec.tag))].map((name) => ({ name })),
    paths,
    components: components(),
  };
}
