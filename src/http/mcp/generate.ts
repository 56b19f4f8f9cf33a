/**
 * The generation tools: the request goes through prepareGeneration (validation, modes, plan gates,
 * the per-request record limit and byte allowances, as POST /api/v1/generate), then a bounded preview
 * is generated and its records counted against the daily allowance. The answer has the envelope's
 * shape (`data` or `sql`, `meta`, `schema` in prompt mode) plus `preview` and `full_result`.
 */
import type { Principal } from '../../accounts/api-keys.js';
import type { Feature } from '../../accounts/plans.js';
import { HttpError } from '../../errors.js';
import type { Meta } from '../../generation/pieces.js';
import { type InferredSchema, prepareGeneration } from '../../generation/prepare.js';
import { requireObject } from '../../validation.js';
import type { ToolEnv } from './env.js';
import { generatePreview, PREVIEW_BYTES, PREVIEW_ROWS } from './preview.js';

/** A full-result body larger than this is described rather than repeated in the answer. */
const MAX_ECHOED_BODY = 4096;

const RAW_ACCEPT = { json: 'application/x-ndjson', csv: 'text/csv', sql: 'application/sql' } as const;

/** Runs a generation tool; `mode` pins the input mode (generate_from_template). */
export async function generateWithPreview(
  args: Record<string, unknown>,
  env: ToolEnv,
  mode?: 'template',
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const principal = await env.authenticate();
  const body = requireObject(args);
  if (mode === 'template' && body['template'] === undefined) {
    throw new HttpError('VALIDATION_ERROR', 'generate_from_template needs `template`: see list_templates.');
  }
  const prepared = await prepareGeneration(env, principal, body, { mode: 'sync' });
  const { plan, format, dialect, meta, schema } = prepared;
  const preview = await generatePreview(plan, format, dialect, env.pool);
  const shown = Object.values(preview.rows).reduce((sum, n) => sum + n, 0);
  // Only what is generated counts: the full result is fetched (and counted) through the API.
  await env.limiter.reserveRecords(principal, shown, 'sync', prepared.prompts);
  const generation_time_ms = Math.round((performance.now() - started) * 10) / 10;
  return {
    ...preview.body,
    meta: { ...meta, generation_time_ms },
    ...(schema ? { schema } : {}),
    preview: {
      complete: preview.complete,
      records_per_table: preview.rows,
      max_rows_per_table: PREVIEW_ROWS,
      max_bytes: PREVIEW_BYTES,
      ...(preview.body ? {} : { note: 'Even one row per table passes the preview cap: fetch the result.' }),
    },
    ...(preview.complete ? {} : { full_result: fullResult(env, principal, body, meta, schema) }),
  };
}

/** Whether the caller's plan has a feature (the Limiter's own rule). */
function allows(env: ToolEnv, principal: Principal, feature: Feature): boolean {
  try {
    env.limiter.requireFeature(principal, feature);
    return true;
  } catch {
    return false;
  }
}

/** How to fetch the whole result: the same request, with the seed the preview was generated with. */
function fullResult(
  env: ToolEnv,
  principal: Principal,
  args: Record<string, unknown>,
  meta: Omit<Meta, 'generation_time_ms'>,
  schema: InferredSchema | undefined,
): Record<string, unknown> {
  const seeded = allows(env, principal, 'seed');
  // A prompt is converted again on every request: its inferred tables give the same data for free.
  const { prompt: _prompt, seed: _seed, ...rest } = args;
  const request = schema ? { ...rest, tables: schema.tables, locale: meta.locale } : rest;
  const body = seeded ? { ...request, seed: meta.seed } : request;
  const echoed = JSON.stringify(body).length <= MAX_ECHOED_BODY;
  const same = seeded
    ? `this call's arguments${schema ? ' (with `tables` set to the inferred `schema.tables` in place of the prompt)' : ''} with "seed": ${meta.seed}: the same rows, all ${meta.total_records} records`
    : `this call's arguments; the ${principal.tier} plan cannot set a seed, so the rows will differ from the preview's (same shape)`;
  const format = meta.format === 'csv' || meta.format === 'sql' ? meta.format : 'json';
  if (env.fullResult.kind === 'local') {
    return {
      records: meta.total_records,
      how: `Save the body as request.json and run: mockhive generate --request request.json --format ${format === 'json' ? 'ndjson' : format} --out <dir> (the body is ${same}).`,
      ...(echoed ? { body } : {}),
    };
  }
  const base = env.fullResult.baseUrl;
  return {
    records: meta.total_records,
    how: `POST ${base}/api/v1/generate with the JSON body ${same}, and the API key as Authorization: Bearer <key>. Accept: ${RAW_ACCEPT[format]} streams it raw${format === 'csv' ? ' (one table: add ?table=<name>)' : ''}; the default is the JSON envelope.`,
    sync: { method: 'POST', url: `${base}/api/v1/generate`, accept: RAW_ACCEPT[format] },
    ...(allows(env, principal, 'async')
      ? {
          async: {
            method: 'POST',
            url: `${base}/api/v1/generate/async`,
            note: 'The same body as a job: poll its poll_url, then read result_url.',
          },
        }
      : {}),
    ...(echoed ? { body } : {}),
  };
}
