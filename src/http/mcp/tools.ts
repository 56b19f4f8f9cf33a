/**
 * The MCP tools, defined once for both transports (POST /mcp and `mockhive mcp`). Each tool takes the
 * TypeBox schema its HTTP route validates with as its input schema, and runs the route's own code
 * path: the same validation, plan gates, limits and counters (docs/mcp.md lists them).
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { templateSummaries } from '../../../workers/engine/index.js';
import { CATEGORY_ORDER } from '../../../workers/engine/types/index.js';
import { EstimateRequest, buildEstimate, parseEstimateRequest } from '../../billing/estimate.js';
import { HttpError } from '../../errors.js';
import { GenerateBody } from '../../generation/request.js';
import { requireObject, validate } from '../../validation.js';
import { CheckoutRequest, IdempotencyKeyHeader, TokenRequest } from '../routes/agent/flow.js';
import { typeCatalogue } from '../routes/catalogue.js';
import { DetectRequest, detectSchema } from '../routes/schema-detect.js';
import type { ToolEnv } from './env.js';
import { keyArgument } from './env.js';
import { generateResult } from './generate.js';

/** A tool: its name, what it is for, its input (a TypeBox schema), and what it does. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: TSchema;
  /** Reads only: no counter, checkout or key changes. */
  readOnly: boolean;
  run(args: Record<string, unknown>, env: ToolEnv): Promise<unknown>;
}

/**
 * The key as an argument, for assistants that cannot set headers (the hosted service's tools take it
 * too); a header wins when both are sent.
 */
const ApiKeyArgument = {
  api_key: Type.Optional(
    Type.String({
      description:
        'The API key, for clients that cannot send headers; prefer Authorization: Bearer <key> when the client can',
    }),
  ),
};

/** generate_test_data: the generation body, and the key. */
const GenerateInput = Type.Object({ ...GenerateBody.properties, ...ApiKeyArgument });

const { tables: _tables, prompt: _prompt, template, ...common } = GenerateBody.properties;

/** generate_from_template: the generation body in template mode, `template` required, and the key. */
const TemplateBody = Type.Object({ template: Type.Optional(template, false), ...common, ...ApiKeyArgument });

const DetectInput = Type.Object({ ...DetectRequest.properties, ...ApiKeyArgument });

const EstimateInput = Type.Composite([EstimateRequest, Type.Object(ApiKeyArgument)]);

const ListTypesInput = Type.Object({
  category: Type.Optional(
    Type.Union(
      CATEGORY_ORDER.map((c) => Type.Literal(c)),
      { description: 'Only this category (the whole catalogue is about 35 KB)' },
    ),
  ),
});

const CheckoutInput = Type.Composite([
  CheckoutRequest,
  Type.Object({
    idempotency_key: Type.Optional({
      ...IdempotencyKeyHeader,
      description: 'A retry with the same key returns the same checkout (the Idempotency-Key header)',
    }),
  }),
]);

/** The agent purchase flow, or 404 where there is none (`mockhive mcp` without --url). */
function agentOf(env: ToolEnv): NonNullable<ToolEnv['agent']> {
  if (env.agent) return env.agent;
  throw new HttpError(
    'NOT_FOUND',
    'The agent purchase flow needs a mockhive server: run `mockhive mcp --url <server>` to use it.',
  );
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'generate_test_data',
    title: 'Generate test data',
    description:
      'Generates realistic, relational test data, like POST /api/v1/generate. Send exactly one of: ' +
      '`tables` (a schema: tables with count and typed fields; list_field_types has the types), ' +
      '`prompt` (plain English) or `template`. Answers the whole result as the API does (`data` or ' +
      '`sql`, and `meta`), up to 4 MiB of JSON; a larger one is refused with where to fetch it. ' +
      'Needs an API key (a header, or `api_key`).',
    input: GenerateInput,
    readOnly: false,
    run: (args, env) => generateResult(args, env),
  },
  {
    name: 'generate_from_template',
    title: 'Generate from a template',
    description:
      'Generates one of the ready-made datasets (ecommerce, blog, saas, social; see list_templates), ' +
      '`scale` multiplying its record counts. Answers the whole result, as generate_test_data. ' +
      'Needs an API key (a header, or `api_key`).',
    input: TemplateBody,
    readOnly: false,
    run: (args, env) => generateResult(args, env, 'template'),
  },
  {
    name: 'detect_schema',
    title: 'Detect a schema',
    description:
      'Turns CREATE TABLE statements (`sql`), one sample JSON record (`sample_json`), an OpenAPI 3 document (`openapi`, YAML or JSON) or a JSON Schema (`json_schema`) into a ' +
      'schema (`schema.tables`, 50 rows each) that generate_test_data takes as it is. Needs a Pro key or above.',
    input: DetectInput,
    readOnly: true,
    async run(args, env) {
      const { api_key: _key, ...request } = requireObject(args);
      env.limiter.requireFeature(await env.authenticate(keyArgument(args)), 'schema_detect');
      return detectSchema(env.detector, request);
    },
  },
  {
    name: 'list_field_types',
    title: 'List field types',
    description:
      'The field types a schema may use, by category, with their params and an example value; also ' +
      'the locales, formats and SQL dialects. No key needed.',
    input: ListTypesInput,
    readOnly: true,
    run(args) {
      const { category } = validate(ListTypesInput, args);
      const catalogue = typeCatalogue();
      if (category === undefined) return Promise.resolve(catalogue);
      const categories = { [category]: catalogue.categories[category] ?? {} };
      return Promise.resolve({ ...catalogue, categories });
    },
  },
  {
    name: 'list_templates',
    title: 'List templates',
    description:
      'The ready-made datasets generate_from_template takes, with tables and default counts. No key needed.',
    input: Type.Object({}),
    readOnly: true,
    run: () => Promise.resolve({ templates: templateSummaries() }),
  },
  {
    name: 'estimate_agent_usage',
    title: 'Estimate metered cost',
    description:
      "What a generation would cost on the metered agent plan: records, today's free allowance, " +
      'billable units and USD. Takes `tables`, `template` (+ `scale`) or `prompt` with ' +
      "`estimated_records`. A key is optional (a header, or `api_key`): with one, today's usage is the account's.",
    input: EstimateInput,
    readOnly: true,
    run(args, env) {
      const { api_key: _key, ...request } = requireObject(args);
      if (env.agent) return env.agent.flow.estimate(request, env.agent.key ?? keyArgument(args));
      return Promise.resolve(buildEstimate(parseEstimateRequest(request), { authenticated: false }));
    },
  },
  {
    name: 'create_agent_checkout',
    title: 'Buy an API key (start)',
    description:
      'Starts the purchase of a metered agent API key without an account: answers a checkout `url` ' +
      'for a person to pay at and a `claim_token` to keep. Then poll check_agent_checkout_status and ' +
      'call claim_agent_api_key once paid. No key needed.',
    input: CheckoutInput,
    readOnly: false,
    async run(args, env) {
      const { flow, baseUrl, client } = agentOf(env);
      const { idempotency_key: idempotencyKey, ...request } = requireObject(args);
      // Anything but a string fails the key's pattern, as a malformed header does.
      const key = typeof idempotencyKey === 'string' || idempotencyKey === undefined ? idempotencyKey : '';
      return (await flow.checkout(request, key, baseUrl, client)).response;
    },
  },
  {
    name: 'check_agent_checkout_status',
    title: 'Check a checkout',
    description:
      "A checkout's state by its claim token: pending, paid, claimed or expired, and the next action. No key needed.",
    input: TokenRequest,
    readOnly: true,
    run(args, env) {
      const { flow, baseUrl } = agentOf(env);
      return flow.status(requireObject(args), baseUrl);
    },
  },
  {
    name: 'claim_agent_api_key',
    title: 'Claim the API key',
    description:
      'Claims the API key of a paid checkout with its claim token: shown once, so store it. No key needed.',
    input: TokenRequest,
    readOnly: false,
    run(args, env) {
      const { flow, baseUrl } = agentOf(env);
      return flow.claim(args, baseUrl);
    },
  },
];
