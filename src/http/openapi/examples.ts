/**
 * Examples of the OpenAPI document and of /llms.txt, the ones docs/api.md, docs/jobs.md and
 * docs/errors.md show. test/http/openapi.test.ts holds each to its schema and to the page it comes
 * from, so the reference and the prose cannot drift apart.
 */

export const HEALTH_EXAMPLE = {
  status: 'ok',
  version: '0.1.0',
  timestamp: '2026-11-22T10:00:00.000Z',
  checks: { api: 'ok', database: 'ok' },
};

export const USAGE_EXAMPLE = {
  tier: 'pro',
  limits: {
    records_per_day: 100000,
    records_per_request: 10000,
    records_per_async_request: 0,
    requests_per_minute: 60,
    prompts_per_day: 100,
    bytes_per_value: 1048576,
    bytes_per_row: 16777216,
    bytes_per_request: 1073741824,
    features: ['csv', 'sql', 'seed', 'schema_detect'],
  },
  daily_used: 1200,
  daily_remaining: 98800,
  prompts_used: 2,
  reset_at: '2026-11-23T00:00:00.000Z',
};

/** Schema mode, with the project's additions (unique, per_parent, after). */
export const GENERATE_EXAMPLE = {
  tables: [
    {
      name: 'users',
      count: 100,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'email', type: 'email', unique: true },
        { name: 'created_at', type: 'datetime' },
      ],
    },
    {
      name: 'orders',
      count: 300,
      fields: [
        { name: 'id', type: 'id' },
        { name: 'user_id', type: 'ref', params: { table: 'users', per_parent: { min: 1, max: 5 } } },
        {
          name: 'status',
          type: 'enum',
          params: { values: ['pending', 'paid', 'shipped'], weights: [1, 3, 2] },
        },
        { name: 'placed_at', type: 'datetime', params: { after: 'user_id.created_at' } },
      ],
    },
  ],
  format: 'json',
  seed: 42,
};

export const DETECT_EXAMPLE = {
  sql: 'CREATE TABLE users (id SERIAL PRIMARY KEY, email VARCHAR(255) NOT NULL, created_at TIMESTAMPTZ);',
};

export const DETECT_RESPONSE_EXAMPLE = {
  schema: {
    tables: [
      {
        name: 'users',
        count: 50,
        fields: [
          { name: 'id', type: 'id', params: { start: 1 } },
          { name: 'email', type: 'email' },
          { name: 'created_at', type: 'datetime', nullable: true },
        ],
      },
    ],
  },
};

export const ERROR_EXAMPLE = {
  error: {
    code: 'VALIDATION_ERROR',
    message: 'Invalid request: tables[0].count: Expected integer.',
    details: [{ field: 'tables[0].count', message: 'Expected integer' }],
  },
};

export const JOB_ACCEPTED_EXAMPLE = {
  job_id: '6f1c0d2e-8b4a-4c1e-9f3a-2d5b7e9a1c40',
  status: 'pending',
  poll_url: '/api/v1/jobs/6f1c0d2e-8b4a-4c1e-9f3a-2d5b7e9a1c40',
  records_total: 1000000,
};

export const WEBHOOK_EXAMPLE = {
  url: 'https://example.com/hooks/mockhive',
  events: ['generation.completed'],
};
