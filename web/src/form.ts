/** The request form: its elements, its state, and what follows the mode and format chosen. */
import { GENERATE_EXAMPLE } from '../../src/http/openapi/examples.js';
import type { TemplateSummary } from './api.js';
import type { FormState, Format, Mode } from './request.js';

/** The element with `id`, typed by the caller. */
export function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page lacks #${id}`);
  return node as T;
}

const KEY_STORAGE = 'mockhive.playground.key';

/** The key kept for this tab only: sessionStorage, never localStorage or a cookie. */
export const keyStore = {
  read: (): string => sessionStorage.getItem(KEY_STORAGE) ?? '',
  write: (key: string): void => {
    if (key === '') sessionStorage.removeItem(KEY_STORAGE);
    else sessionStorage.setItem(KEY_STORAGE, key);
  },
};

/** The schema the editor starts with: docs/api.md's example, as the OpenAPI document shows it. */
export const EXAMPLE_TABLES = GENERATE_EXAMPLE.tables;

/** The form's values now. */
export function readState(): FormState {
  const value = (id: string) => byId<HTMLInputElement>(id).value;
  return {
    mode: (document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value ??
      'template') as Mode,
    template: value('template'),
    scale: value('scale'),
    tables: value('tables'),
    prompt: value('prompt'),
    locale: value('locale') || 'en',
    seed: value('seed'),
    format: value('format') as Format,
    dialect: value('sql_dialect') || 'postgres',
    table: value('table'),
    rows: Math.min(100, Math.max(1, Math.trunc(Number(value('rows'))) || 10)),
  };
}

/** Fills a select with options. */
export function fillSelect(
  select: HTMLSelectElement,
  options: readonly [string, string][],
  chosen?: string,
): void {
  select.replaceChildren(
    ...options.map(([value, label]) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = label;
      option.selected = value === chosen;
      return option;
    }),
  );
}

/** Table names of the current input, for the CSV table's suggestions. */
function tableNames(
  state: FormState,
  templates: readonly TemplateSummary[],
  inferred: readonly string[],
): string[] {
  if (state.mode === 'template') return templates.find((t) => t.id === state.template)?.tables ?? [];
  if (state.mode === 'prompt') return [...inferred];
  try {
    const tables = JSON.parse(state.tables) as { name?: unknown }[];
    return Array.isArray(tables) ? tables.map((t) => String(t?.name ?? '')).filter((n) => n !== '') : [];
  } catch {
    return [];
  }
}

/** Shows the mode's panel and enables what applies to the format. */
export function syncForm(
  state: FormState,
  templates: readonly TemplateSummary[],
  inferred: readonly string[],
): void {
  for (const mode of ['template', 'tables', 'prompt', 'spec'])
    byId(`panel-${mode}`).hidden = mode !== state.mode;
  byId<HTMLSelectElement>('sql_dialect').disabled = state.format !== 'sql';
  byId<HTMLInputElement>('table').disabled = state.format !== 'csv';
  const template = templates.find((t) => t.id === state.template);
  byId('template-help').textContent = template
    ? `${template.description} Tables: ${template.tables.map((t) => `${t} (${template.default_counts[t]})`).join(', ')}.`
    : '';
  byId('table-names').replaceChildren(
    ...tableNames(state, templates, inferred).map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }),
  );
}
