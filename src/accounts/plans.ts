/**
 * Plan tiers and their limits (docs/decisions.md). These are defaults: the operator overrides any number
 * through the config file (see config.ts), and nothing else in the code holds a limit.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Tier } from './tiers.js';

export { isTier, type Tier, TIERS } from './tiers.js';

/** Features a plan may lack; the 403 message names the feature by its label. */
export const FEATURES = {
  csv: 'CSV output',
  sql: 'SQL output',
  seed: 'The seed parameter',
  schema_detect: 'Schema detection',
  async: 'Asynchronous generation',
  jobs: 'Job polling',
  webhooks: 'Webhooks',
} as const;
export type Feature = keyof typeof FEATURES;

// `null` means unlimited.
const Limit = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);

export const TierLimitsSchema = Type.Object(
  {
    records_per_day: Limit,
    records_per_request: Limit,
    records_per_async_request: Limit,
    requests_per_minute: Limit,
    prompts_per_day: Limit,
    // Worst-case output bytes (workers/engine/size.ts), refused before anything is generated.
    bytes_per_value: Limit,
    bytes_per_row: Limit,
    bytes_per_request: Limit,
    features: Type.Array(Type.Union(Object.keys(FEATURES).map((f) => Type.Literal(f)))),
  },
  { additionalProperties: false },
);
export type TierLimits = Static<typeof TierLimitsSchema>;
export type Plans = Readonly<Record<Tier, Readonly<TierLimits>>>;

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

const PRO_FEATURES: Feature[] = ['csv', 'sql', 'seed', 'schema_detect'];
const SCALE_FEATURES: Feature[] = [...PRO_FEATURES, 'async', 'jobs', 'webhooks'];

const SCALE: TierLimits = {
  records_per_day: 1_000_000,
  records_per_request: 50_000,
  records_per_async_request: 1_000_000,
  requests_per_minute: 120,
  prompts_per_day: 500,
  bytes_per_value: 4 * MiB,
  bytes_per_row: 16 * MiB,
  bytes_per_request: 4 * GiB,
  features: SCALE_FEATURES,
};

export const DEFAULT_PLANS: Plans = {
  free: {
    records_per_day: 500,
    records_per_request: 100,
    records_per_async_request: 0,
    requests_per_minute: 10,
    prompts_per_day: 10,
    bytes_per_value: 64 * KiB,
    bytes_per_row: MiB,
    bytes_per_request: 16 * MiB,
    features: [],
  },
  pro: {
    records_per_day: 100_000,
    records_per_request: 10_000,
    records_per_async_request: 0,
    requests_per_minute: 60,
    prompts_per_day: 100,
    bytes_per_value: MiB,
    bytes_per_row: 16 * MiB,
    bytes_per_request: GiB,
    features: PRO_FEATURES,
  },
  scale: SCALE,
  // Agent keys have Scale's limits; their records are metered (AGENT_METERING).
  agent: SCALE,
  internal: {
    records_per_day: null,
    records_per_request: null,
    records_per_async_request: null,
    requests_per_minute: null,
    prompts_per_day: null,
    bytes_per_value: null,
    bytes_per_row: null,
    bytes_per_request: null,
    features: SCALE_FEATURES,
  },
};

/** Agent metering (docs/decisions.md): free records per UTC day, then a price per started unit of 100. */
export const AGENT_METERING = {
  free_records_per_day: 500,
  unit_records: 100,
  price_usd_per_unit: '0.001',
} as const;
