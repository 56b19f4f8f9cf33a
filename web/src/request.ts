/** The generate request the form describes: its body, its preview variant, and its curl command. */
import { ApiError } from './api.js';
import { syntaxErrorAt } from './json-paths.js';

export type Mode = 'template' | 'tables' | 'prompt' | 'spec';
export type Format = 'json' | 'ndjson' | 'csv' | 'sql';

/** The form's values, as typed. */
export interface FormState {
  mode: Mode;
  template: string;
  scale: string;
  tables: string;
  prompt: string;
  locale: string;
  seed: string;
  format: Format;
  dialect: string;
  table: string;
  rows: number;
}

/** The Accept header of each format's download: raw streams, except JSON's envelope. */
export const ACCEPT: Record<Format, string> = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  csv: 'text/csv',
  sql: 'application/sql',
};

/** The smallest template scale: every table keeps at least one row. */
const PREVIEW_SCALE = 0.1;

/** A number typed in a field, or the text itself so that the API names the field at fault. */
function numberOf(text: string): number | string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/** The request body of the form; throws an ApiError naming `tables` when the editor holds no JSON. */
export function requestBody(state: FormState): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (state.mode === 'template') {
    body['template'] = state.template;
    if (state.scale.trim() !== '' && state.scale.trim() !== '1') body['scale'] = numberOf(state.scale);
  } else if (state.mode === 'prompt') body['prompt'] = state.prompt;
  else if (state.mode === 'spec') {
    throw new ApiError(0, 'SPEC_NOT_READ', 'Read the document into the schema first.', [
      { field: 'spec', message: 'Press “Read into the schema”: generation takes the tables it gives.' },
    ]);
  } else body['tables'] = parseTables(state.tables);
  if (state.format !== 'json' && state.format !== 'ndjson') body['format'] = state.format;
  if (state.locale !== 'en') body['locale'] = state.locale;
  if (state.format === 'sql' && state.dialect !== 'postgres') body['sql_dialect'] = state.dialect;
  if (state.seed.trim() !== '') body['seed'] = numberOf(state.seed);
  return body;
}

/** The detection request of a spec: its text under `openapi` or `json_schema`. */
export function specBody(kind: string, text: string): Record<string, unknown> {
  return { [kind === 'json_schema' ? 'json_schema' : 'openapi']: text };
}

/** The editor's JSON; a syntax error becomes an error at the editor with its line and column. */
function parseTables(text: string): unknown {
  const at = syntaxErrorAt(text);
  if (at) {
    throw new ApiError(
      0,
      'INVALID_JSON',
      `The schema is not valid JSON (line ${at.line}, column ${at.column}).`,
      [{ field: 'tables', message: `Not JSON from line ${at.line}, column ${at.column}.` }],
    );
  }
  return JSON.parse(text);
}

/**
 * The preview's body: the same request as JSON, with at most `rows` rows a table where the mode lets
 * the page say so (schema counts are capped; a template takes its smallest scale). A prompt says its
 * own counts, so its preview is the request itself.
 */
export function previewBody(state: FormState): Record<string, unknown> {
  const body = requestBody({ ...state, format: 'json' });
  const tables = body['tables'];
  if (Array.isArray(tables)) {
    body['tables'] = tables.map((table: unknown) => {
      if (typeof table !== 'object' || table === null) return table;
      const { count } = table as { count?: unknown };
      return typeof count === 'number' && count > state.rows ? { ...table, count: state.rows } : table;
    });
  }
  if (state.mode === 'template') body['scale'] = PREVIEW_SCALE;
  return body;
}

/** The download's path: CSV names its table when one is given. */
export function downloadPath(state: FormState): string {
  const table = state.table.trim();
  return state.format === 'csv' && table !== ''
    ? `/api/v1/generate?table=${encodeURIComponent(table)}`
    : '/api/v1/generate';
}

/** The download's file name. */
export function fileName(state: FormState): string {
  if (state.format === 'csv') return `${state.table.trim() || 'data'}.csv`.replace(/[\\/:*?"<>|]/g, '_');
  return `mockhive.${state.format}`;
}

/** Quotes a word for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The curl command of the download; the key stays a variable, so the command can be shared. */
export function curlCommand(state: FormState, origin: string): string {
  let body: string;
  try {
    body = JSON.stringify(requestBody(state));
  } catch {
    body = '…';
  }
  return [
    `curl -sS ${shellQuote(origin + downloadPath(state))}`,
    `  -H "Authorization: Bearer $MOCKHIVE_KEY"`,
    `  -H 'Content-Type: application/json'`,
    ...(state.format === 'json' ? [] : [`  -H ${shellQuote(`Accept: ${ACCEPT[state.format]}`)}`]),
    `  -d ${shellQuote(body)}`,
    `  -o ${shellQuote(fileName(state))}`,
  ].join(' \\\n');
}
