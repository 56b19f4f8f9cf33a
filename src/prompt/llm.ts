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

/** The warning an answer carries when a configured model failed and the offline converter answered. */
export const MODEL_FALLBACK_WARNING =
  'The language model gave no usable answer; the offline converter read the prompt.';

/** At most this many of the model's warnings are kept, each cut to MAX_WARNING_CHARS. */
const MAX_MODEL_WARNINGS = 20;
const MAX_WARNING_CHARS = 300;

function systemPrompt(): string {
  return [
    'You convert a description of test data into a JSON schema for a data generator.',
    'Answer with one JSON object and nothing else: {"tables": [...], "locale": "<code>", "warnings": [...]}.',
    'Each table: {"name": snake_case plural, "count": integer >= 1, "fields": [...], "unique"?: [["a_id","b_id"]]}.',
    'Each field: {"name": snake_case, "type": <type id>, "params"?: {...}, "nullable"?: boolean}.',
    'Start every table with {"name": "id", "type": "uuid"}. A foreign key is {"type": "ref", "params": {"table": "<parent table>"}}',
    'optionally with "per_parent": {"min", "max"}; a self-reference must be nullable. Enums: {"type": "enum", "params": {"values": [...]}}.',
    'Numbers: "params": {"min", "max"}; dates and date-times: "params": {"min", "max"} as ISO strings (today is 2026-01-01).',
    `Type ids: ${[...FIELD_TYPES.keys()].join(', ')}.`,
    `Locale codes: ${LOCALE_CODES.join(', ')}; omit "locale" for English.`,
    '"warnings" lists what you assumed where the description did not say, one sentence each naming the table or',
    'column, e.g. "orders: no count was given; 10 rows." or "orders: each refers to one of customers, as orders usually do."',
    'Give [] when the description states everything.',
  ].join('\n');
}

/** What the model answered, checked: tables the engine compiles, a locale, and its assumptions. */
export interface ModelAnswer {
  tables: TableSpec[];
  locale?: string;
  warnings: string[];
}

/**
 * Control and format characters (zero-width, direction marks and overrides, byte-order marks) and line
 * or paragraph separators: nothing a sentence for a person needs.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * The model's warnings as the offline converter gives them: sentences, at most MAX_MODEL_WARNINGS of
 * at most MAX_WARNING_CHARS characters each, with no control, zero-width or direction characters, cut
 * between whole characters. Anything else there (a string, objects, blanks) is left out rather than
 * failing an answer whose tables are good, and so is a claim to be the offline fallback.
 * Cut before it is cleaned, so a huge answer costs no more than a small one.
 */
function warningsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value.slice(0, MAX_MODEL_WARNINGS * 4)) {
    if (typeof item !== 'string') continue;
    const text = item
      .slice(0, MAX_WARNING_CHARS * 4)
      .replace(INVISIBLE, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text === '' || text === MODEL_FALLBACK_WARNING) continue;
    const chars = Array.from(text);
    out.push(chars.length > MAX_WARNING_CHARS ? `${chars.slice(0, MAX_WARNING_CHARS - 1).join('')}…` : text);
    if (out.length === MAX_MODEL_WARNINGS) break;
  }
  return out;
}

function parseAnswer(content: string): ModelAnswer {
  const json = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const answer = JSON.parse(json) as { tables?: unknown; locale?: unknown; warnings?: unknown };
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
  const warnings = warningsOf(answer.warnings);
  return locale === undefined ? { tables, warnings } : { tables, locale, warnings };
}

/** Asks the model for the tables of `prompt`; throws on any failure. */
export async function askModel(prompt: string, options: LlmOptions): Promise<ModelAnswer> {
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
