/**
 * One validation path for every generation entry (the sync route, the async route): the body is
 * checked, its mode resolved (schema, template, or prompt through the converter), features gated by
 * plan, and the request compiled into a plan whose size fits the plan's allowances. Nothing is
 * counted here: the caller reserves the records, and the prompt conversion (`prompts`), once it
 * accepts, so a refused request counts nothing.
 */
import { randomInt } from 'node:crypto';
import {
  compile,
  expandTemplate,
  type GenerationPlan,
  type PlanSize,
  planSize,
  type SizeExcess,
  sizeExcess,
  type TableSpec,
} from '../../workers/engine/index.js';
import type { OutputFormat, SqlDialect } from '../../workers/output/options.js';
import { sqlNameIssues } from '../../workers/output/sql-names.js';
import type { Limiter } from '../accounts/limiter.js';
import type { Principal } from '../accounts/api-keys.js';
import { HttpError } from '../errors.js';
import type { PromptConverter } from '../prompt/index.js';
import { requireObject, validate } from '../validation.js';
import { baseMeta, type Meta, type RawKind } from './pieces.js';
import { PlanCache } from './plan-cache.js';
import { GenerateBody } from './request.js';

const MODES = ['tables', 'prompt', 'template'] as const;

const plans = new PlanCache();

/** What preparation asks of the caller's plan: the Limiter for API keys, no limits for the CLI. */
export type GenerationGate = Pick<
  Limiter,
  'requireFeature' | 'requirePrompt' | 'requireRecordsPerRequest' | 'sizeLimits'
>;

/** The gate of local runs (the CLI): every feature, no limits; the engine's own bounds still hold. */
export const UNLIMITED: GenerationGate = {
  requireFeature() {},
  async requirePrompt() {},
  requireRecordsPerRequest() {},
  sizeLimits: () => ({ value: null, row: null, total: null }),
};

/** A prompt's tables as the response shows them, with the converter's warnings (docs/prompts.md). */
export interface InferredSchema {
  tables: TableSpec[];
  warnings: string[];
}

/** A request ready to generate: its plan, format and what meta says before generating. */
export interface PreparedGeneration {
  plan: GenerationPlan;
  size: PlanSize;
  format: OutputFormat;
  dialect: SqlDialect;
  meta: Omit<Meta, 'generation_time_ms'>;
  /** The tables the plan compiles from: the request's, the template's or the prompt's. */
  tables: readonly TableSpec[];
  /** The schema inferred from a prompt, with what the converter assumed (prompt mode only). */
  schema: InferredSchema | undefined;
  /** The raw stream Accept asked for, if any (sync only). */
  rawKind: RawKind | undefined;
  /** Prompt conversions to count once the request is accepted: 1 in prompt mode, else 0. */
  prompts: number;
}

/**
 * Validates and plans a generation body. `negotiate` picks the raw stream Accept asks for (sync only;
 * called once the body is known to be a request): CSV and SQL streams set the format. `mode` picks
 * the per-request record allowance.
 */
export async function prepareGeneration(
  deps: { limiter: GenerationGate; convertPrompt: PromptConverter },
  principal: Principal,
  input: unknown,
  options: { negotiate?: () => RawKind | undefined; mode: 'sync' | 'async' },
): Promise<PreparedGeneration> {
  const { limiter } = deps;
  const raw = requireObject(input);
  const modes = MODES.filter((mode) => raw[mode] !== undefined);
  if (modes.length === 0) {
    throw new HttpError(
      'VALIDATION_ERROR',
      'The body needs one of: tables (schema mode), prompt or template.',
    );
  }
  const body = validate(GenerateBody, raw);
  if (modes.length > 1) {
    throw new HttpError(
      'UNPROCESSABLE',
      `Send exactly one of tables, prompt or template, not ${modes.join(' and ')}.`,
      {
        details: modes
          .slice(1)
          .map((mode) => ({ field: mode, message: `cannot be combined with ${modes[0]}` })),
      },
    );
  }
  const rawKind = options.negotiate?.();
  const format = rawKind === 'csv' || rawKind === 'sql' ? rawKind : (body.format ?? 'json');
  const dialect: SqlDialect = body.sql_dialect ?? 'postgres';
  if (format === 'csv' || format === 'sql') limiter.requireFeature(principal, format);
  if (body.seed !== undefined) limiter.requireFeature(principal, 'seed');

  let tables: readonly TableSpec[];
  let schema: InferredSchema | undefined;
  let locale: string = body.locale ?? 'en';
  if (body.tables) tables = body.tables;
  else if (body.template) tables = expandTemplate(body.template, body.scale ?? 1);
  else {
    await limiter.requirePrompt(principal);
    const converted = await deps.convertPrompt(body.prompt!);
    if (!converted.ok) throw new HttpError('PROMPT_CONVERSION_FAILED', converted.message);
    tables = converted.tables;
    schema = { tables: converted.tables, warnings: converted.warnings ?? [] };
    if (body.locale === undefined && converted.locale) locale = converted.locale;
  }

  // A request with a seed can come again: its plan is kept (plan-cache.ts).
  const generation = { tables, locale, seed: body.seed ?? randomInt(0, 2 ** 32) };
  const compiled = body.seed === undefined ? compile(generation) : plans.compile(generation);
  if (!compiled.ok) {
    const { code, message, details } = compiled.error;
    throw new HttpError(code, message, { details });
  }
  const plan = compiled.plan;
  const meta = baseMeta(plan, rawKind === 'ndjson' ? 'ndjson' : format, dialect, compiled.warnings);
  // The interface's per-request record limit (429) is checked before the byte allowances (422).
  limiter.requireRecordsPerRequest(principal, meta.total_records, options.mode);
  const size = planSize(plan);
  const excess = sizeExcess(plan, size, limiter.sizeLimits(principal));
  if (excess) throw tooLarge(excess, principal.tier);
  if (format === 'sql') requireSqlNames(plan, dialect);
  return { plan, size, format, dialect, meta, tables, schema, rawKind, prompts: schema ? 1 : 0 };
}

/**
 * 400 SCHEMA_ERROR when `dialect` cannot hold a table or field name of `plan`: the check of SQL output,
 * which `mockhive seed` runs too, before it connects (workers/output/sql-names.ts).
 */
export function requireSqlNames(plan: GenerationPlan, dialect: SqlDialect): void {
  const issues = sqlNameIssues(plan, dialect);
  if (issues.length > 0) {
    throw new HttpError('SCHEMA_ERROR', `${issues[0]!.field}: ${issues[0]!.message}`, { details: issues });
  }
}

const LIMIT_NAMES = { value: 'bytes_per_value', row: 'bytes_per_row', total: 'bytes_per_request' } as const;

/** 422 RESULT_TOO_LARGE: which worst case passes which allowance, before anything is generated. */
function tooLarge(excess: SizeExcess, tier: string): HttpError {
  const what = { value: 'One value of', row: 'One row of', total: 'The whole result of' }[excess.limit];
  const whose =
    excess.by === 'engine' ? 'the service allows' : `the ${tier} plan allows (${LIMIT_NAMES[excess.limit]})`;
  const message = `${what} ${excess.path} can take up to ${excess.bytes} bytes; ${whose} ${excess.allowed}. Ask for fewer records, fields or shorter values.`;
  return new HttpError('RESULT_TOO_LARGE', message, {
    details: [{ field: excess.path.split(' ')[0]!, message }],
  });
}
