/** The operations under /api/v1, each naming its route module's TypeBox schemas (docs/api.md, jobs.md). */
import { Type } from '@sinclair/typebox';
import type { ErrorKey } from '../../errors.js';
import { GenerateResponse } from '../../generation/pieces.js';
import { GenerateBody } from '../../generation/request.js';
import { META_HEADERS } from '../meta-headers.js';
import { TemplatesResponse, TypesResponse } from '../routes/catalogue.js';
import { HealthResponse } from '../routes/health.js';
import { JobAccepted, JobInclude, JobObject } from '../routes/jobs.js';
import { DetectRequest, DetectResponse } from '../routes/schema-detect.js';
import { UsageResponse } from '../routes/usage.js';
import { DeliveryList, WebhookBody, WebhookCreated, WebhookList } from '../routes/webhooks.js';
import {
  DETECT_EXAMPLE,
  DETECT_RESPONSE_EXAMPLE,
  GENERATE_EXAMPLE,
  HEALTH_EXAMPLE,
  JOB_ACCEPTED_EXAMPLE,
  USAGE_EXAMPLE,
  WEBHOOK_EXAMPLE,
} from './examples.js';
import type { OperationSpec } from './operation.js';

const BODY_ERRORS: ErrorKey[] = ['VALIDATION_ERROR', 'UNPROCESSABLE', 'PAYLOAD_TOO_LARGE'];
const GENERATION_ERRORS: ErrorKey[] = [
  ...BODY_ERRORS,
  'SCHEMA_ERROR',
  'DEPENDENCY_CYCLE',
  'FEATURE_REQUIRES_UPGRADE',
  'PROMPT_CONVERSION_FAILED',
  'RESULT_TOO_LARGE',
];
const TABLE_PARAMETER = {
  name: 'table',
  in: 'query' as const,
  description: 'The table a text/csv stream holds, when the request has several.',
  schema: Type.String(),
};
const RAW_HEADERS = [...META_HEADERS, 'Trailer'];
const NDJSON = 'One line per record, every table: {"table":"users","record":{…}}';
const CSV = 'RFC 4180 CSV of one table: CRLF line ends, a header row (Pro and above)';
const SQL =
  'The SQL script of the dialect: one transaction, CREATE TABLE IF NOT EXISTS, INSERTs (Pro and above)';

/** The operations of the public and keyed data API. */
export const DATA_OPERATIONS: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/api/v1/health',
    tag: 'Service',
    summary: 'Service and database health',
    description: '`degraded`, with status 503, when the database does not answer within 2 seconds.',
    auth: 'public',
    ok: {
      status: 200,
      description: 'Health',
      content: { 'application/json': { schema: HealthResponse, example: HEALTH_EXAMPLE } },
    },
    otherResponses: {
      503: {
        description: 'Degraded: the database does not answer',
        content: { 'application/json': { schema: HealthResponse } },
      },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/types',
    tag: 'Catalogue',
    summary: 'Field types by category, with params and an example; locales, formats, dialects',
    auth: 'public',
    ok: {
      status: 200,
      description: 'The type catalogue',
      content: { 'application/json': { schema: TypesResponse } },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/templates',
    tag: 'Catalogue',
    summary: 'Ready-made schemas (ecommerce, blog, saas, social)',
    auth: 'public',
    ok: {
      status: 200,
      description: 'The templates',
      content: { 'application/json': { schema: TemplatesResponse } },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/usage',
    tag: 'Account',
    summary: "The key's tier, limits and today's usage",
    auth: 'key',
    ok: {
      status: 200,
      description: 'Usage',
      content: { 'application/json': { schema: UsageResponse, example: USAGE_EXAMPLE } },
    },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/generate',
    tag: 'Generation',
    summary: 'Generate data from a schema, a template or a prompt',
    description:
      'Exactly one of `tables`, `template` or `prompt`. The `Accept` header picks the body: the JSON envelope, or a raw stream (NDJSON, CSV of one table, the SQL script) whose meta travels in `X-Meta-*` headers.',
    auth: 'key',
    body: { schema: GenerateBody, example: GENERATE_EXAMPLE },
    parameters: [TABLE_PARAMETER],
    ok: {
      status: 200,
      description: 'The generated data, streamed',
      headers: RAW_HEADERS,
      content: {
        'application/json': { schema: GenerateResponse },
        'application/x-ndjson': { text: NDJSON },
        'text/csv': { text: CSV },
        'application/sql': { text: SQL },
      },
    },
    errors: [...GENERATION_ERRORS, 'NOT_ACCEPTABLE'],
  },
  {
    method: 'post',
    path: '/api/v1/generate/async',
    tag: 'Jobs',
    summary: 'Accept a generation request as a background job (Scale and above)',
    description:
      'The body of POST /api/v1/generate, up to 5 MiB; the plan’s records_per_async_request applies.',
    auth: 'key',
    body: { schema: GenerateBody, example: GENERATE_EXAMPLE },
    ok: {
      status: 202,
      description: 'Accepted; poll the job',
      headers: ['Location'],
      content: { 'application/json': { schema: JobAccepted, example: JOB_ACCEPTED_EXAMPLE } },
    },
    errors: GENERATION_ERRORS,
  },
  {
    method: 'get',
    path: '/api/v1/jobs/{id}',
    tag: 'Jobs',
    summary: 'A job: its state, progress, and once completed its data',
    description:
      'Pollers should send `include=none`: a completed job object then holds no `data`, and large results are fetched from `result_url` (raw streams, compressed).',
    auth: 'key',
    parameters: [
      {
        name: 'include',
        in: 'query',
        description: 'Whether a completed job carries its result: `data` (default) or `none`.',
        schema: JobInclude,
      },
    ],
    ok: {
      status: 200,
      description: 'The job object',
      content: { 'application/json': { schema: JobObject } },
    },
    errors: ['VALIDATION_ERROR', 'FEATURE_REQUIRES_UPGRADE', 'NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/api/v1/jobs/{id}/result',
    tag: 'Jobs',
    summary: "A completed job's result, as the sync response or its raw stream",
    auth: 'key',
    parameters: [TABLE_PARAMETER],
    ok: {
      status: 200,
      description: 'The result, compressed when Accept-Encoding allows (br, gzip)',
      content: {
        'application/json': { schema: GenerateResponse },
        'application/x-ndjson': { text: `${NDJSON} (JSON jobs)` },
        'text/csv': { text: `${CSV} (CSV jobs)` },
        'application/sql': { text: `${SQL} (SQL jobs)` },
      },
    },
    errors: ['FEATURE_REQUIRES_UPGRADE', 'NOT_FOUND', 'JOB_NOT_READY', 'NOT_ACCEPTABLE', 'UNPROCESSABLE'],
  },
  {
    method: 'post',
    path: '/api/v1/webhooks',
    tag: 'Webhooks',
    summary: 'Register a webhook for job events (its secret is shown once)',
    auth: 'key',
    body: { schema: WebhookBody, example: WEBHOOK_EXAMPLE },
    ok: {
      status: 201,
      description: 'Registered',
      headers: ['Location'],
      content: { 'application/json': { schema: WebhookCreated } },
    },
    errors: [...BODY_ERRORS, 'FEATURE_REQUIRES_UPGRADE', 'WEBHOOK_LIMIT'],
  },
  {
    method: 'get',
    path: '/api/v1/webhooks',
    tag: 'Webhooks',
    summary: "The account's webhooks, without secrets",
    auth: 'key',
    ok: { status: 200, description: 'Webhooks', content: { 'application/json': { schema: WebhookList } } },
    errors: ['FEATURE_REQUIRES_UPGRADE'],
  },
  {
    method: 'delete',
    path: '/api/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Delete a webhook (pending deliveries stop)',
    auth: 'key',
    ok: { status: 204, description: 'Deleted' },
    errors: ['FEATURE_REQUIRES_UPGRADE', 'NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/api/v1/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    summary: "A webhook's latest deliveries",
    auth: 'key',
    ok: { status: 200, description: 'Deliveries', content: { 'application/json': { schema: DeliveryList } } },
    errors: ['FEATURE_REQUIRES_UPGRADE', 'NOT_FOUND'],
  },
  {
    method: 'post',
    path: '/api/v1/schema/detect',
    tag: 'Generation',
    summary: 'A schema from CREATE TABLE statements and/or a sample record (Pro and above)',
    auth: 'key',
    body: { schema: DetectRequest, example: DETECT_EXAMPLE },
    ok: {
      status: 200,
      description: 'The detected schema: a generation request as it is (50 rows a table)',
      content: { 'application/json': { schema: DetectResponse, example: DETECT_RESPONSE_EXAMPLE } },
    },
    errors: [...BODY_ERRORS, 'FEATURE_REQUIRES_UPGRADE'],
  },
];
