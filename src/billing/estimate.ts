/**
 * POST /api/agent/estimate, the logic: which records a request would generate (schema, template or
 * prompt estimate) and what they would cost on the agent plan given today's usage. Template counts
 * come from the engine's own expandTemplate, so the estimate counts what generation will count.
 */
import { type Static, Type } from '@sinclair/typebox';
import { type ErrorDetail, HttpError } from '../errors.js';
import { chargeOfRequest, meteredPricing } from './metering.js';
import type { TierLimits, Tier } from '../accounts/plans.js';
import { validate } from '../validation.js';
import { expandTemplate } from '../../workers/engine/expand-template.js';
import { MAX_PROMPT_CHARS } from '../prompt/limits.js';
import { TEMPLATE_IDS } from '../../workers/engine/index.js';
import { FieldSchema, Name } from '../generation/request.js';

const MAX_COUNT = 1_000_000_000; // per table; far beyond any plan, keeps sums exact

export const EstimateRequest = Type.Object({
  tables: Type.Optional(
    Type.Array(
      // The generation request's table, with counts far beyond what generation takes (estimates only).
      Type.Object({
        name: Name,
        count: Type.Integer({ minimum: 1, maximum: MAX_COUNT }),
        fields: Type.Array(FieldSchema, { minItems: 1 }),
      }),
      { minItems: 1 },
    ),
  ),
  template: Type.Optional(Type.Union(TEMPLATE_IDS.map((id) => Type.Literal(id)))),
  scale: Type.Optional(Type.Number({ minimum: 0.01, maximum: 100 })),
  prompt: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_PROMPT_CHARS })),
  estimated_records: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_COUNT })),
  daily_used_before: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER / 4 })),
});
export type EstimateRequest = Static<typeof EstimateRequest>;

export type EstimateMode = 'schema' | 'template' | 'prompt_estimate';

const Count = Type.Integer({ minimum: 0 });

/** The estimate's answer; pricing as meteredPricing() gives it. */
export const EstimateResponse = Type.Object({
  service: Type.String(),
  mode: Type.Union([Type.Literal('schema'), Type.Literal('template'), Type.Literal('prompt_estimate')]),
  authenticated: Type.Boolean(),
  tier: Type.Optional(Type.String()),
  estimate: Type.Object({
    requested_records: Count,
    records_per_table: Type.Optional(Type.Record(Type.String(), Count)),
    daily_used_before: Count,
    daily_used_after: Count,
    free_records_per_day: Count,
    free_records_remaining_before: Count,
    billable_records: Count,
    billable_units_100: Count,
    estimated_cost_usd: Type.String({ description: 'Decimal text, e.g. "0.003"' }),
    price_usd_per_100_records: Type.String(),
    billing: Type.String(),
  }),
  pricing: Type.Object({
    plan: Type.Literal('agent'),
    currency: Type.Literal('USD'),
    free_records_per_day: Count,
    unit_records: Count,
    price_usd_per_100_records: Type.String(),
    billing: Type.String(),
  }),
  assumptions: Type.Array(Type.String()),
});
export type EstimateResponse = Static<typeof EstimateResponse>;

function invalid(message: string, details: ErrorDetail[] = []): HttpError {
  return new HttpError('VALIDATION_ERROR', message, { details });
}

/** Checks the body: shape (TypeBox) and exactly one mode; every problem is a 400 VALIDATION_ERROR. */
export function parseEstimateRequest(
  body: Record<string, unknown>,
): EstimateRequest & { mode: EstimateMode } {
  validate(EstimateRequest, body, { key: 'VALIDATION_ERROR', what: 'estimate request' });
  const modes = (['tables', 'template', 'prompt'] as const).filter((key) => body[key] !== undefined);
  if (modes.length > 1) {
    throw invalid(`Send exactly one of tables, template or prompt; got ${modes.join(' and ')}.`);
  }
  const mode: EstimateMode | undefined =
    modes[0] === 'tables'
      ? 'schema'
      : modes[0] === 'template'
        ? 'template'
        : modes[0] === 'prompt' || body.estimated_records !== undefined
          ? 'prompt_estimate'
          : undefined;
  if (mode === undefined) {
    throw invalid('Send tables (schema), template (with optional scale), or prompt with estimated_records.');
  }
  if (mode === 'prompt_estimate' && body.estimated_records === undefined) {
    throw invalid('A prompt estimate needs estimated_records: the estimate does not convert prompts.', [
      { field: 'estimated_records', message: 'Required with prompt' },
    ]);
  }
  if (mode !== 'prompt_estimate' && body.estimated_records !== undefined) {
    throw invalid('estimated_records belongs to a prompt estimate; tables and templates are counted.');
  }
  if (mode !== 'template' && body.scale !== undefined) throw invalid('scale applies to a template only.');
  return { ...body, mode };
}

/** Records per table of a request that passed parseEstimateRequest. */
export function countRecords(request: EstimateRequest & { mode: EstimateMode }): {
  requested: number;
  perTable: Record<string, number> | undefined;
  assumptions: string[];
} {
  if (request.mode === 'prompt_estimate') {
    return {
      requested: request.estimated_records!,
      perTable: undefined,
      assumptions: [
        `The prompt is not converted: its records are taken as estimated_records (${request.estimated_records}); a prompt generation also uses one of the day's prompt conversions.`,
      ],
    };
  }
  const tables =
    request.mode === 'template'
      ? expandTemplate(request.template!, request.scale ?? 1)
      : request.tables!.map((t) => ({ name: t.name, count: t.count }));
  const perTable: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const table of tables) perTable[table.name] = (perTable[table.name] ?? 0) + table.count;
  const requested = tables.reduce((sum, t) => sum + t.count, 0);
  const assumptions =
    request.mode === 'template'
      ? [
          `Template ${request.template} at scale ${request.scale ?? 1}: each table's default count × scale, rounded, at least 1, fitted as generation fits it (e.g. unique junction pairs).`,
        ]
      : [
          'Records are the sum of tables[].count; field types and params are not checked here (generation checks them, and a refused request counts nothing).',
        ];
  if (request.mode === 'template' && (request.scale ?? 1) < 0.1) {
    assumptions.push('Generation accepts scale 0.1 to 100; a smaller scale is for estimating only.');
  }
  return { requested, perTable, assumptions };
}

/** The whole estimate response. */
export function buildEstimate(
  request: EstimateRequest & { mode: EstimateMode },
  who: {
    authenticated: boolean;
    tier?: Tier;
    plan?: Readonly<TierLimits>;
    usedToday?: number;
    keyRejected?: boolean;
  },
): EstimateResponse {
  const { requested, perTable, assumptions } = countRecords(request);
  let usedBefore: number;
  if (who.authenticated) {
    usedBefore = who.usedToday ?? 0;
    assumptions.push(
      `Today's usage of the key's account (${usedBefore} records) is used as daily_used_before.`,
    );
    if (request.daily_used_before !== undefined)
      assumptions.push('daily_used_before was ignored: a valid key was sent.');
  } else {
    usedBefore = request.daily_used_before ?? 0;
    if (who.keyRejected) {
      assumptions.push('The API key sent is malformed, unknown or revoked: the estimate is unauthenticated.');
    }
    assumptions.push(
      request.daily_used_before === undefined
        ? 'No key and no daily_used_before: assumed 0 records used today (UTC).'
        : `daily_used_before (${usedBefore}) is taken as today's usage (UTC).`,
    );
  }
  if (who.tier !== undefined && who.tier !== 'agent') {
    assumptions.push(
      `The key is on the ${who.tier} plan, which is not metered; the figures show the agent plan's price.`,
    );
  }
  if (who.plan) {
    const { records_per_day: perDay, records_per_request: perRequest } = who.plan;
    if (perRequest !== null && requested > perRequest) {
      assumptions.push(
        `${requested} records exceed the plan's ${perRequest} per synchronous request: split the request or use async generation.`,
      );
    }
    if (perDay !== null && usedBefore + requested > perDay) {
      assumptions.push(
        `This would pass the plan's ${perDay} records per day: generation would be refused with 429.`,
      );
    }
  }
  const pricing = meteredPricing();
  const charge = chargeOfRequest(usedBefore, requested);
  return {
    service: 'mockhive',
    mode: request.mode,
    authenticated: who.authenticated,
    ...(who.tier === undefined ? {} : { tier: who.tier }),
    estimate: {
      requested_records: requested,
      ...(perTable === undefined ? {} : { records_per_table: perTable }),
      ...charge,
      price_usd_per_100_records: pricing.price_usd_per_100_records,
      billing: `${pricing.billing} This request would start ${charge.billable_units_100} new unit${charge.billable_units_100 === 1 ? '' : 's'} of ${pricing.unit_records}: USD ${charge.estimated_cost_usd}.`,
    },
    pricing,
    assumptions,
  };
}
