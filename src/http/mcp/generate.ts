/**
 * The generation tools: the request goes through prepareGeneration (validation, modes, plan gates,
 * the per-request record limit and byte allowances, as POST /api/v1/generate), then the whole result
 * is generated as the route's JSON envelope and answered, its records counted once. A result larger
 * than one tool answer should carry (MCP_RESULT_BYTES) is refused, pointing to the HTTP paths that
 * stream any size (docs/mcp.md).
 */
import type { Principal } from '../../accounts/api-keys.js';
import { HttpError } from '../../errors.js';
import { envelopePieces } from '../../generation/pieces.js';
import { prepareGeneration } from '../../generation/prepare.js';
import { CHUNK_BYTES, INLINE_CHUNK_BYTES, streamPieces } from '../../generation/stream.js';
import { requireObject } from '../../validation.js';
import { runsInline } from '../routes/generate.js';
import { keyArgument, type ToolEnv } from './env.js';

/**
 * The UTF-8 bytes of the JSON envelope one tool answer carries at most. An assistant reads the answer
 * whole (into its context, or a client's memory, twice: as text and as structuredContent): 4 MiB is
 * tens of thousands of typical rows, and past it a file from the HTTP API serves better.
 */
export const MCP_RESULT_BYTES = 4 << 20;

/** Runs a generation tool; `mode` pins the input mode (generate_from_template). */
export async function generateResult(
  args: Record<string, unknown>,
  env: ToolEnv,
  mode?: 'template',
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const { api_key: _key, ...body } = requireObject(args);
  const principal = await env.authenticate(keyArgument(args));
  if (mode === 'template' && body['template'] === undefined) {
    throw new HttpError('VALIDATION_ERROR', 'generate_from_template needs `template`: see list_templates.');
  }
  const prepared = await prepareGeneration(env, principal, body, { mode: 'sync' });
  const { plan, size, format, dialect, meta, schema } = prepared;
  const tail = () => {
    const generation_time_ms = Math.round((performance.now() - started) * 10) / 10;
    return `"meta":${JSON.stringify({ ...meta, generation_time_ms })}${schema ? `,"schema":${JSON.stringify(schema)}` : ''}`;
  };
  const inline = runsInline(plan, size);
  const pieces = envelopePieces(plan, format, dialect, tail, inline ? INLINE_CHUNK_BYTES : CHUNK_BYTES);
  const text = await collectWithin(streamPieces(pieces, env.pool, { inline }), MCP_RESULT_BYTES);
  if (text === undefined) throw tooLarge(env, principal, meta.total_records);
  // Counted once, and only when answered: a refused result was never delivered.
  await env.limiter.reserveRecords(principal, meta.total_records, 'sync', prepared.prompts);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The stream's text, or undefined (and the work stopped) as soon as it passes `cap` bytes. */
async function collectWithin(stream: AsyncIterable<Uint8Array>, cap: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  // Leaving the loop early destroys the stream, which stops the chunks still to be generated.
  for await (const chunk of stream) {
    bytes += chunk.length;
    if (bytes > cap) return undefined;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Whether the caller's plan has async jobs (the Limiter's own rule). */
function hasAsync(env: ToolEnv, principal: Principal): boolean {
  try {
    env.limiter.requireFeature(principal, 'async');
    return true;
  } catch {
    return false;
  }
}

/** 422 RESULT_TOO_LARGE for one tool answer, naming where the whole result can be fetched. */
function tooLarge(env: ToolEnv, principal: Principal, records: number): HttpError {
  const what = `The result of ${records} records passes ${MCP_RESULT_BYTES >> 20} MiB of JSON, more than one tool answer carries.`;
  let where: string;
  if (env.fullResult.kind === 'local') {
    where =
      'Generate it to files instead: save these arguments as request.json and run `mockhive generate --request request.json --format ndjson --out <dir>`.';
  } else {
    const base = env.fullResult.baseUrl;
    where = hasAsync(env, principal)
      ? `Fetch it over HTTP as a job: POST ${base}/api/v1/generate/async with these arguments as the JSON body and the key as Authorization: Bearer <key>, poll its poll_url, then read its result_url.`
      : `Fetch it over HTTP: POST ${base}/api/v1/generate with these arguments as the JSON body, the key as Authorization: Bearer <key> and Accept: application/x-ndjson (a stream); async jobs (POST ${base}/api/v1/generate/async) need the scale plan.`;
  }
  return new HttpError('RESULT_TOO_LARGE', `${what} ${where} Or ask for fewer records.`);
}
