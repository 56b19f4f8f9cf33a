/**
 * Configuration, read once at start from the environment (and an optional JSON file for plan limits),
 * validated against TypeBox schemas, then frozen and passed in. A bad value stops the start with a
 * message that names the variable.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  DEFAULT_PLANS,
  type TierLimits,
  TierLimitsSchema,
  type Plans,
  TIERS,
  type Tier,
} from './accounts/plans.js';
import { VERSION } from './version.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables; each entry's default applies when the variable is unset or empty. */
const ENV = {
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 10_000 }), // in-flight requests get 10 s
  // Connections (docs/configuration.md, Connections): a request must arrive whole within these.
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 300_000, default: 30_000 }), // 30 s, headers and body
  HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 300_000, default: 10_000 }), // 10 s, headers alone
  MAX_CONNECTIONS_PER_ADDRESS: Type.Integer({ minimum: 0, default: 100 }), // 0: no cap
  WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: Math.max(1, availableParallelism() - 1) }),
  MOCKHIVE_CONFIG: Type.Optional(Type.String({ minLength: 1 })),
  // Agent purchase (docs/agent-purchase.md). Secrets are never echoed in error messages.
  PUBLIC_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+(/[^?#]*)?$' })),
  PAYMENT_PROVIDER: Type.Union([Type.Literal('sandbox'), Type.Literal('polar')], { default: 'sandbox' }),
  AGENT_CHECKOUTS_PER_HOUR: Type.Integer({ minimum: 0, default: 10 }), // per client address; 0: no limit
  POLAR_ACCESS_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  POLAR_PRODUCT_ID: Type.Optional(Type.String({ minLength: 1 })),
  POLAR_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  POLAR_SERVER: Type.Union([Type.Literal('production'), Type.Literal('sandbox')], { default: 'production' }),
  POLAR_API_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  // Optional language model for prompt mode (docs/prompts.md): an OpenAI-compatible chat endpoint.
  MOCKHIVE_LLM_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  MOCKHIVE_LLM_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  MOCKHIVE_LLM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  MOCKHIVE_LLM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }), // 10 s
  // Asynchronous jobs and webhooks (docs/jobs.md).
  JOB_CONCURRENCY: Type.Integer({ minimum: 0, maximum: 64, default: 2 }), // parts at once; 0: this instance runs none
  // How job parts are stored (docs/jobs.md): gzip, served as stored to clients that accept it; or none.
  JOB_RESULT_COMPRESSION: Type.Union([Type.Literal('gzip'), Type.Literal('none')], { default: 'gzip' }),
  JOB_TIMEOUT_S: Type.Integer({ minimum: 1, default: 300 }),
  JOB_RETENTION_HOURS: Type.Number({ exclusiveMinimum: 0, default: 168 }), // 7 days
  JOB_LEASE_S: Type.Integer({ minimum: 1, default: 60 }), // a part running longer counts as lost
  JOB_SWEEP_INTERVAL_S: Type.Number({ minimum: 0.1, default: 5 }),
  QUEUE_MAINTENANCE_S: Type.Integer({ minimum: 1, default: 10 }), // pg-boss's lease checks
  WEBHOOK_ALLOW_PRIVATE: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' }),
  WEBHOOK_SECRET_KEY: Type.Optional(Type.String({ minLength: 16 })),
  WEBHOOKS_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 10 }),
  // Browser origins allowed to call the API (docs/configuration.md, CORS): comma-separated, or `*`.
  CORS_ORIGINS: Type.Optional(Type.String()),
} satisfies Record<string, TSchema>;

/** Polar's API per POLAR_SERVER; POLAR_API_BASE_URL overrides both (a proxy, or a local fake in tests). */
const POLAR_API_BASES = { production: 'https://api.polar.sh', sandbox: 'https://sandbox-api.polar.sh' };

type EnvName = keyof typeof ENV;

/** Variables whose values a configuration error never shows. */
const SECRET_NAMES = new Set<EnvName>([
  'POLAR_ACCESS_TOKEN',
  'POLAR_WEBHOOK_SECRET',
  'MOCKHIVE_LLM_API_KEY',
  'WEBHOOK_SECRET_KEY',
]);

/** The optional config file: plan overrides by tier, each limit optional. */
const ConfigFileSchema = Type.Object(
  {
    plans: Type.Optional(
      Type.Object(
        Object.fromEntries(TIERS.map((tier) => [tier, Type.Optional(Type.Partial(TierLimitsSchema))])),
        {
          additionalProperties: false,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The payment provider of the agent purchase flow. */
export type PaymentConfig =
  | { readonly provider: 'sandbox' }
  | {
      readonly provider: 'polar';
      readonly polar: {
        readonly accessToken: string;
        readonly productId: string;
        readonly webhookSecret: string;
        readonly apiBaseUrl: string;
      };
    };

export interface Config {
  readonly version: string;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly shutdownTimeoutMs: number;
  readonly listener: ListenerSettings;
  readonly workers: number;
  readonly bodyLimit: number;
  readonly asyncBodyLimit: number;
  readonly plans: Plans;
  /** Absolute base URL clients reach the service at (for checkout links); else each request's origin. */
  readonly publicBaseUrl: string | undefined;
  readonly payment: PaymentConfig;
  /** Checkouts one client address may create per hour (per instance); 0: no limit. */
  readonly agentCheckoutsPerHour: number;
  /** The language model prompt mode asks first; undefined: the offline converter only. */
  readonly llm?: LlmConfig;
  readonly jobs: JobsSettings;
  readonly webhooks: WebhookSettings;
  /** Origins whose pages may call /api/v1, /openapi.json and /llms.txt: a list (none by default) or '*'. */
  readonly corsOrigins: readonly string[] | '*';
}

/** What the listener allows a connection (src/serve.ts). */
export interface ListenerSettings {
  /** Milliseconds to receive a whole request, headers and body; past them it is answered 408. */
  readonly requestTimeoutMs: number;
  /** Milliseconds to receive a request's headers (at most requestTimeoutMs). */
  readonly headersTimeoutMs: number;
  /** Connections one remote address may hold open at once; 0: no cap. */
  readonly connectionsPerAddress: number;
}

export interface JobsSettings {
  /** Parts this instance generates at once (0: it serves jobs but runs none). */
  readonly concurrency: number;
  /** How the parts of jobs it accepts are stored (JOB_RESULT_COMPRESSION). */
  readonly compression: 'gzip' | 'none';
  readonly timeoutMs: number;
  readonly retentionMs: number;
  /** Seconds a part may run before it counts as lost and is retried. */
  readonly leaseS: number;
  readonly sweepIntervalMs: number;
  /** Seconds between pg-boss's checks for expired leases. */
  readonly maintenanceS: number;
}

export interface WebhookSettings {
  /** Deliveries may go to private, loopback and link-local addresses (local development, tests). */
  readonly allowPrivate: boolean;
  /** Seals secrets at rest (src/webhooks/secrets.ts); never logged. */
  readonly secretKey: string | undefined;
  readonly perAccount: number;
}

/** An OpenAI-compatible chat endpoint (POST {url}/chat/completions) and the model to ask. */
export interface LlmConfig {
  readonly url: string;
  readonly model: string;
  readonly apiKey: string | undefined;
  readonly timeoutMs: number;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readVariable<S extends TSchema>(name: EnvName, schema: S, raw: string | undefined): Static<S> {
  const input = raw === undefined || raw === '' ? undefined : raw;
  const value = input === undefined ? Value.Default(schema, undefined) : Value.Convert(schema, input);
  if (value === undefined && !('default' in schema)) return undefined as Static<S>;
  if (!Value.Check(schema, value)) {
    const first = Value.Errors(schema, value).First();
    const shown = SECRET_NAMES.has(name) ? '(value hidden)' : JSON.stringify(raw);
    throw new ConfigError(`Invalid ${name}=${shown}: ${first?.message ?? 'invalid value'}`);
  }
  return value as Static<S>;
}

function readPlans(path: string | undefined): Plans {
  if (path === undefined) return DEFAULT_PLANS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Invalid MOCKHIVE_CONFIG=${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  if (!Value.Check(ConfigFileSchema, parsed)) {
    const first = Value.Errors(ConfigFileSchema, parsed).First();
    throw new ConfigError(`Invalid MOCKHIVE_CONFIG file ${path}: ${first?.path || '/'} ${first?.message}`);
  }
  const overrides: Partial<Record<Tier, Partial<TierLimits>>> = parsed.plans ?? {};
  const plans = { ...DEFAULT_PLANS };
  for (const tier of TIERS) plans[tier] = { ...DEFAULT_PLANS[tier], ...overrides[tier] };
  return plans;
}

/** Reads and validates the configuration; throws ConfigError naming the bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const read = <N extends EnvName>(name: N) =>
    readVariable(name, ENV[name], env[name]) as Static<(typeof ENV)[N]>;
  const configFile = read('MOCKHIVE_CONFIG');
  return deepFreeze({
    version: VERSION,
    port: read('PORT'),
    host: read('HOST'),
    dataDir: read('DATA_DIR'),
    databaseUrl: read('DATABASE_URL'),
    logLevel: read('LOG_LEVEL'),
    shutdownTimeoutMs: read('SHUTDOWN_TIMEOUT_MS'),
    listener: readListener(read),
    workers: read('WORKERS'),
    bodyLimit: 1024 * 1024, // 1 MiB, synchronous routes
    asyncBodyLimit: 5 * 1024 * 1024, // 5 MiB, the asynchronous generation route
    plans: readPlans(configFile),
    publicBaseUrl: read('PUBLIC_BASE_URL')?.replace(/\/+$/, ''),
    payment: readPayment(read),
    agentCheckoutsPerHour: read('AGENT_CHECKOUTS_PER_HOUR'),
    llm: readLlm(read),
    jobs: {
      concurrency: read('JOB_CONCURRENCY'),
      compression: read('JOB_RESULT_COMPRESSION'),
      timeoutMs: read('JOB_TIMEOUT_S') * 1000,
      retentionMs: Math.round(read('JOB_RETENTION_HOURS') * 3_600_000),
      leaseS: read('JOB_LEASE_S'),
      sweepIntervalMs: Math.round(read('JOB_SWEEP_INTERVAL_S') * 1000),
      maintenanceS: read('QUEUE_MAINTENANCE_S'),
    },
    webhooks: {
      allowPrivate: read('WEBHOOK_ALLOW_PRIVATE') === '1',
      secretKey: read('WEBHOOK_SECRET_KEY'),
      perAccount: read('WEBHOOKS_PER_ACCOUNT'),
    },
    corsOrigins: readCorsOrigins(read('CORS_ORIGINS')),
  });
}

/**
 * CORS_ORIGINS: `*`, or origins such as `https://app.example.com,http://localhost:5173`. Each must be
 * an origin exactly (scheme, host, optional port): a path, a query or credentials are refused.
 */
function readCorsOrigins(raw: string | undefined): readonly string[] | '*' {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 1 && entries[0] === '*') return '*';
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const credentials = url !== undefined && (url.username !== '' || url.password !== '');
    const ok =
      url !== undefined &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !credentials &&
      url.pathname === '/' &&
      !/[?#]/.test(entry);
    if (!ok) {
      // An entry with credentials is not shown: configuration errors are logged.
      const shown = credentials ? 'an entry with credentials' : JSON.stringify(entry);
      throw new ConfigError(
        `Invalid CORS_ORIGINS: ${shown} is not an origin (scheme://host[:port], no path, query or credentials; * stands alone)`,
      );
    }
    return url!.origin;
  });
}

function readListener(read: <N extends EnvName>(name: N) => Static<(typeof ENV)[N]>): ListenerSettings {
  const requestTimeoutMs = read('REQUEST_TIMEOUT_MS');
  const headersTimeoutMs = read('HEADERS_TIMEOUT_MS');
  // Node refuses a header timeout longer than the request's: the headers are part of the request.
  if (headersTimeoutMs > requestTimeoutMs)
    throw new ConfigError(
      `Invalid HEADERS_TIMEOUT_MS=${headersTimeoutMs}: it must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  return { requestTimeoutMs, headersTimeoutMs, connectionsPerAddress: read('MAX_CONNECTIONS_PER_ADDRESS') };
}

function readLlm(read: <N extends EnvName>(name: N) => Static<(typeof ENV)[N]>): LlmConfig | undefined {
  const url = read('MOCKHIVE_LLM_URL');
  if (url === undefined) return undefined;
  const model = read('MOCKHIVE_LLM_MODEL');
  if (model === undefined)
    throw new ConfigError('Missing MOCKHIVE_LLM_MODEL: it is required when MOCKHIVE_LLM_URL is set');
  return {
    url: url.replace(/\/+$/, ''),
    model,
    apiKey: read('MOCKHIVE_LLM_API_KEY'),
    timeoutMs: read('MOCKHIVE_LLM_TIMEOUT_MS'),
  };
}

function readPayment(read: <N extends EnvName>(name: N) => Static<(typeof ENV)[N]>): PaymentConfig {
  if (read('PAYMENT_PROVIDER') === 'sandbox') return { provider: 'sandbox' };
  const required = (name: 'POLAR_ACCESS_TOKEN' | 'POLAR_PRODUCT_ID' | 'POLAR_WEBHOOK_SECRET'): string => {
    const value = read(name);
    if (value === undefined)
      throw new ConfigError(`Missing ${name}: it is required when PAYMENT_PROVIDER=polar`);
    return value;
  };
  return {
    provider: 'polar',
    polar: {
      accessToken: required('POLAR_ACCESS_TOKEN'),
      productId: required('POLAR_PRODUCT_ID'),
      webhookSecret: required('POLAR_WEBHOOK_SECRET'),
      apiBaseUrl: (read('POLAR_API_BASE_URL') ?? POLAR_API_BASES[read('POLAR_SERVER')]).replace(/\/+$/, ''),
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
