/**
 * The optional language model of prompt mode: an OpenAI-compatible chat endpoint asked for the tables
 * as JSON. Its answer must pass the same check as the offline converter's (the engine compiles it);
 * any failure (network, timeout, HTTP status, bad JSON, invalid schema) is an error for the caller,
 * which then answers with the offline converter.
 */
import type { TableSpec } from '../../workers/engine/index.js';
import { compile, FIELD_TYPES, LOCALE_CODES } from '../../workers/engine/index.js';

/** Where the model lives and how long to wait for it. */
export interface LlmOptions {
  /** Base URL; the request goes to `{url}/chat/completions`. */
  url: string;
  model: string;
  apiKey?: string | undefined;
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** Largest count accepted from a model, so a runaway answer cannot ask for millions of rows. */
const MAX_MODEL_COUNT = 100_000;

function systemPrompt(): string {
  return [
    'You convert a description of test data into a JSON schema for a data generator.',
    'Answer with one JSON object and nothing else: {"tables": [...], "locale": "<code>"}.',
    'Each table: {"name": snake_case plural, "count": integer >= 1, "fields": [...], "unique"?: [["a_id","b_id"]]}.',
    'Each field: {"name": snake_case, "type": <type id>, "params"?: {...}, "nullable"?: boolean}.',
    'Start every table with {"name": "id", "type": "uuid"}. A foreign key is {"type": "ref", "params": {"table": "<parent table>"}}',
    'optionally with "per_parent": {"min", "max"}; a self-reference must be nullable. Enums: {"type": "enum", "params": {"values": [...]}}.',
    'Numbers: "params": {"min", "max"}; dates and date-times: "params": {"min", "max"} as ISO strings (today is 2026-01-01).',
    `Type ids: ${[...FIELD_TYPES.keys()].join(', ')}.`,
    `Locale codes: ${LOCALE_CODES.join(', ')}; omit "locale" for English.`,
  ].join('\n');
}

function parseAnswer(content: string): { tables: TableSpec[]; locale?: string } {
  const json = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const answer = JSON.parse(json) as { tables?: unknown; locale?: unknown };
  if (!Array.isArray(answer.tables) || answer.tables.length === 0)
    throw new Error('the answer has no tables');
  const tables = answer.tables as TableSpec[];
  for (const table of tables) {
    if (typeof table?.count !== 'number' || table.count > MAX_MODEL_COUNT)
      throw new Error('a table count is missing or too large');
  }
  const locale = typeof answer.locale === 'string' && answer.locale !== 'en' ? answer.locale : undefined;
  const checked = compile({ tables, locale: locale ?? 'en', seed: 1 });
  if (!checked.ok) throw new Error(`the model's schema is invalid: ${checked.error.message}`);
  return locale === undefined ? { tables } : { tables, locale };
}

/** Asks the model for the tables of `prompt`; throws on any failure. */
export async function askModel(
  prompt: string,
  options: LlmOptions,
): Promise<{ tables: TableSpec[]; locale?: string }> {
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.apiKey !== undefined) headers['Authorization'] = `Bearer ${options.apiKey}`;
  const response = await doFetch(`${options.url.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    body: JSON.stringify({
      model: options.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: systemPrompt() },
        { role: 'user', content: prompt },
      ],
    }),
  });
  if (!response.ok) throw new Error(`the model answered HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the model answered without message content');
  return parseAnswer(content);
}
