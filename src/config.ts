/**
 * Configuration, read once at start from the environment (and an optional JSON file for plan limits),
 * validated against TypeBox schemas, then frozen and passed in. A bad value stops the start with a
 * message that names the variable.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_PLANS, type Plan, PlanSchema, type Plans, TIERS, type Tier } from './plans.js';
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
  WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: Math.max(1, availableParallelism() - 1) }),
  MOCKHIVE_CONFIG: Type.Optional(Type.String({ minLength: 1 })),
} satisfies Record<string, TSchema>;

type EnvName = keyof typeof ENV;

/** The optional config file: plan overrides by tier, each limit optional. */
const ConfigFileSchema = Type.Object(
  {
    plans: Type.Optional(
      Type.Object(Object.fromEntries(TIERS.map((tier) => [tier, Type.Optional(Type.Partial(PlanSchema))])), {
        additionalProperties: false,
      }),
    ),
  },
  { additionalProperties: false },
);

export interface Config {
  readonly version: string;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly shutdownTimeoutMs: number;
  readonly workers: number;
  readonly bodyLimit: number;
  readonly asyncBodyLimit: number;
  readonly plans: Plans;
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
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(raw)}: ${first?.message ?? 'invalid value'}`);
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
  const overrides: Partial<Record<Tier, Partial<Plan>>> = parsed.plans ?? {};
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
    workers: read('WORKERS'),
    bodyLimit: 1024 * 1024, // 1 MiB, synchronous routes
    asyncBodyLimit: 5 * 1024 * 1024, // 5 MiB, the asynchronous generation route
    plans: readPlans(configFile),
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
