/**
 * The operations of the agent purchase flow (/api/agent, docs/agent-purchase.md) and of the service's
 * own reference (this document, /docs, /llms.txt). Which payment routes exist depends on the
 * configured provider, so the list does too.
 */
import type { TSchema } from '@sinclair/typebox';
import { EstimateRequest, EstimateResponse } from '../../billing/estimate.js';
import {
  CheckoutRequest,
  CheckoutResponse,
  CheckoutStatusResponse,
  ClaimResponse,
  IdempotencyKeyHeader,
  TokenRequest,
} from '../routes/agent/index.js';
import { NotificationReceived } from '../routes/agent/webhooks.js';
import type { OperationSpec } from './operation.js';

const json = (schema: TSchema) => ({ 'application/json': { schema } });
const HTML = { 'text/html': { text: 'A page for people' } };
const TOKEN_ERRORS = ['VALIDATION_ERROR', 'NOT_FOUND'] as const;

/** The agent purchase operations for the configured payment provider. */
export function agentOperations(provider: string): OperationSpec[] {
  const tag = 'Agent purchase';
  const operations: OperationSpec[] = [
    {
      method: 'post',
      path: '/api/agent/checkout',
      tag,
      summary: 'Start a checkout for an agent-tier key',
      auth: 'public',
      body: { schema: CheckoutRequest, example: { email: 'agent@example.com' } },
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          description: 'Repeat a request safely: the same key answers the same checkout.',
          schema: IdempotencyKeyHeader,
        },
      ],
      ok: {
        status: 200,
        description: 'The checkout',
        headers: ['Idempotent-Replayed'],
        content: json(CheckoutResponse),
      },
      errors: ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'RATE_LIMIT_EXCEEDED', 'PROVIDER_ERROR'],
    },
    {
      method: 'get',
      path: '/api/agent/checkout/status',
      tag,
      summary: "A checkout's status, by claim token",
      auth: 'public',
      parameters: [
        { name: 'token', in: 'query', description: 'The claim token', schema: TokenRequest.properties.token },
      ],
      ok: { status: 200, description: 'The status', content: json(CheckoutStatusResponse) },
      errors: TOKEN_ERRORS,
    },
    {
      method: 'post',
      path: '/api/agent/checkout/status',
      tag,
      summary: "A checkout's status, the token in the body (kept out of URLs and logs)",
      auth: 'public',
      body: { schema: TokenRequest },
      ok: { status: 200, description: 'The status', content: json(CheckoutStatusResponse) },
      errors: [...TOKEN_ERRORS, 'PAYLOAD_TOO_LARGE'],
    },
    {
      method: 'post',
      path: '/api/agent/claim',
      tag,
      summary: "Claim a paid checkout's API key (once)",
      auth: 'public',
      body: { schema: TokenRequest },
      ok: { status: 200, description: 'The key, shown this once', content: json(ClaimResponse) },
      errors: [
        ...TOKEN_ERRORS,
        'PAYMENT_REQUIRED',
        'ALREADY_CLAIMED',
        'CHECKOUT_EXPIRED',
        'PAYLOAD_TOO_LARGE',
      ],
    },
    {
      method: 'post',
      path: '/api/agent/estimate',
      tag,
      summary: 'What a generation would cost on the agent plan',
      description: "With a valid key, today's usage of its account is taken into account.",
      auth: 'optional',
      body: { schema: EstimateRequest, example: { template: 'ecommerce', scale: 2 } },
      ok: { status: 200, description: 'The estimate', content: json(EstimateResponse) },
      errors: ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE'],
    },
    {
      method: 'get',
      path: '/api/agent/checkout/complete',
      tag,
      summary: 'Where the payment provider returns the payer',
      auth: 'public',
      ok: { status: 200, description: 'A page', content: HTML },
      errors: [],
    },
    {
      method: 'post',
      path: `/api/agent/webhooks/${provider}`,
      tag,
      summary: "The payment provider's signed notifications (Standard Webhooks)",
      auth: 'public',
      ok: { status: 200, description: 'Verified and applied once', content: json(NotificationReceived) },
      errors: ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE'],
    },
  ];
  if (provider === 'sandbox') {
    for (const method of ['get', 'post'] as const) {
      operations.push({
        method,
        path: '/api/agent/sandbox/checkout/{id}',
        tag,
        summary: method === 'get' ? 'The sandbox checkout page' : 'Complete a sandbox test payment',
        auth: 'public',
        ok:
          method === 'get'
            ? { status: 200, description: 'The page', content: HTML }
            : { status: 303, description: 'Back to the page, now paid' },
        errors: ['NOT_FOUND', 'CHECKOUT_EXPIRED'],
      });
    }
  }
  return operations;
}

/** The service's own reference: this document, the page that renders it, and the guide for models. */
export const REFERENCE_OPERATIONS: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Reference',
    summary: 'This OpenAPI 3.1 document',
    auth: 'public',
    ok: {
      status: 200,
      description: 'The document',
      content: { 'application/json': { text: 'OpenAPI 3.1' } },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/llms.txt',
    tag: 'Reference',
    summary: 'A short plain-text guide to the API for language models',
    auth: 'public',
    ok: { status: 200, description: 'The guide', content: { 'text/plain': { text: 'Markdown' } } },
    errors: [],
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'Reference',
    summary: 'The API reference page, with requests to try (served offline)',
    auth: 'public',
    ok: { status: 200, description: 'The page', content: HTML },
    errors: [],
  },
  {
    method: 'get',
    path: '/docs/assets/{file}',
    tag: 'Reference',
    summary: 'Scripts and styles of the reference page',
    auth: 'public',
    ok: {
      status: 200,
      description: 'The file',
      content: { 'application/octet-stream': { text: 'JS or CSS' } },
    },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/',
    tag: 'Reference',
    summary: 'The playground page: try templates, schemas and prompts, preview and download (served offline)',
    auth: 'public',
    ok: { status: 200, description: 'The page', content: HTML },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/playground/assets/{file}',
    tag: 'Reference',
    summary: 'Script and stylesheet of the playground page',
    auth: 'public',
    ok: {
      status: 200,
      description: 'The file',
      content: { 'application/octet-stream': { text: 'JS or CSS' } },
    },
    errors: ['NOT_FOUND'],
  },
];
