/**
 * The playground page: wires the form to the API. Preview asks for a few rows as JSON and shows them
 * as tables; Download streams the whole result in the chosen format; the curl command and the usage
 * follow every change.
 */
import { ApiError, call, getJson, type TemplateSummary, type TypesCatalogue } from './api.js';
import { attachCompletion, type TypeInfo } from './completion.js';
import {
  formatBytes,
  savePicker,
  saveBlob,
  streamDownload,
  suggestedName,
  type Progress,
} from './download.js';
import { clearErrors, showError } from './errors-view.js';
import { byId, EXAMPLE_TABLES, fillSelect, keyStore, readState, syncForm } from './form.js';
import { type InferredSchema, renderInferred, renderTables } from './preview.js';
import {
  ACCEPT,
  curlCommand,
  downloadPath,
  fileName,
  previewBody,
  requestBody,
  specBody,
} from './request.js';
import { showUsage } from './usage-view.js';

let types: TypeInfo[] = [];
let templates: TemplateSummary[] = [];
let inferredTables: string[] = [];
let download: AbortController | undefined;

const keyInput = byId<HTMLInputElement>('key');
const editor = byId<HTMLTextAreaElement>('tables');
const status = byId('status');

/** Re-reads the form: panels, the curl command. */
function refresh(): void {
  const state = readState();
  syncForm(state, templates, inferredTables);
  byId('curl').textContent = curlCommand(state, location.origin);
}

/** Shows an error of the API or of the page. */
function fail(error: unknown, what: string): void {
  if (error instanceof DOMException && error.name === 'AbortError') {
    status.textContent = `${what} cancelled.`;
    return;
  }
  const apiError = error instanceof ApiError ? error : new ApiError(0, 'PAGE_ERROR', String(error));
  showError(apiError, readState().mode === 'tables');
  status.textContent = `${what} failed: ${apiError.code}.`;
}

/** Says that a key is needed, at the key field. */
function needKey(): boolean {
  if (keyInput.value !== '') return false;
  showError(new ApiError(0, 'UNAUTHORIZED', 'Type an API key first.'), false);
  keyInput.focus();
  return true;
}

async function preview(): Promise<void> {
  clearErrors();
  if (needKey()) return;
  const state = readState();
  status.textContent = 'Generating the preview…';
  byId('preview').setAttribute('aria-busy', 'true');
  try {
    const response = await call('/api/v1/generate', { key: keyInput.value, body: previewBody(state) });
    const answer = (await response.json()) as {
      data: Record<string, unknown>;
      meta: { total_records: number; records_per_table: Record<string, number>; seed: number };
      schema?: InferredSchema;
    };
    renderTables(byId('preview'), answer.data, answer.meta.records_per_table, state.rows);
    renderInferred(byId<HTMLDetailsElement>('inferred'), answer.schema);
    inferredTables = (answer.schema?.tables ?? []).map((t) => String((t as { name?: unknown }).name));
    const tableCount = Object.keys(answer.data).length;
    status.textContent = `Preview: ${answer.meta.total_records.toLocaleString('en')} records in ${tableCount} table${tableCount === 1 ? '' : 's'}, seed ${answer.meta.seed}.`;
    refresh();
  } catch (error) {
    fail(error, 'The preview');
  } finally {
    byId('preview').removeAttribute('aria-busy');
    void showUsage(byId('usage'), keyInput.value);
  }
}

/** Progress as a bar and a sentence. */
function showProgress(progress: Progress, format: string): void {
  const bar = byId<HTMLProgressElement>('progress');
  const records = format === 'csv' ? Math.max(0, progress.lines - 1) : progress.lines;
  const counted = (format === 'csv' || format === 'ndjson') && progress.totalRecords !== undefined;
  if (counted) bar.value = Math.min(1, records / progress.totalRecords!);
  else bar.removeAttribute('value');
  byId('progress-text').textContent = counted
    ? `${records.toLocaleString('en')} of ${progress.totalRecords!.toLocaleString('en')} records, ${formatBytes(progress.bytes)}`
    : `${formatBytes(progress.bytes)} received`;
}

async function startDownload(): Promise<void> {
  clearErrors();
  if (needKey() || download) return;
  const state = readState();
  const cancel = byId<HTMLButtonElement>('cancel-button');
  let file: FileSystemFileHandle | undefined;
  try {
    const body = requestBody(state);
    const picker = savePicker();
    // The dialog must open in the click's turn, before anything is awaited.
    if (picker && byId<HTMLInputElement>('save-to-file').checked)
      file = await picker({ suggestedName: fileName(state) });
    download = new AbortController();
    cancel.disabled = false;
    byId('progress-box').hidden = false;
    showProgress({ bytes: 0, lines: 0, totalRecords: undefined }, state.format);
    status.textContent = 'Downloading…';
    const response = await call(downloadPath(state), {
      key: keyInput.value,
      body,
      accept: ACCEPT[state.format],
      signal: download.signal,
    });
    const { blob, progress } = await streamDownload(response, (p) => showProgress(p, state.format), file);
    showProgress(progress, state.format);
    const name = file?.name ?? suggestedName(response) ?? fileName(state);
    if (blob) saveBlob(blob, name);
    status.textContent = `Downloaded ${name}: ${formatBytes(progress.bytes)}.`;
  } catch (error) {
    fail(error, 'The download');
  } finally {
    download = undefined;
    cancel.disabled = true;
    void showUsage(byId('usage'), keyInput.value);
  }
}

async function loadCatalogues(): Promise<void> {
  try {
    const [catalogue, list] = await Promise.all([
      getJson<TypesCatalogue>('/api/v1/types'),
      getJson<{ templates: TemplateSummary[] }>('/api/v1/templates'),
    ]);
    types = Object.entries(catalogue.categories).flatMap(([category, entries]) =>
      Object.entries(entries).map(([id, entry]) => ({ id, category, description: entry.description })),
    );
    templates = list.templates;
    fillSelect(
      byId('template'),
      templates.map((t) => [t.id, t.name]),
      templates[0]?.id,
    );
    fillSelect(
      byId('locale'),
      catalogue.locales.map((l) => [l, l]),
      'en',
    );
    fillSelect(
      byId('sql_dialect'),
      catalogue.sql_dialects.map((d) => [d, d]),
      'postgres',
    );
    status.textContent = `${types.length} field types and ${templates.length} templates loaded.`;
  } catch (error) {
    fail(error, 'Loading the catalogues');
  }
  refresh();
}

keyInput.value = keyStore.read();
editor.value = JSON.stringify(EXAMPLE_TABLES, null, 2);
attachCompletion(editor, byId('completions'), byId('completions-count'), () => types);
byId('save-to-file-label').hidden = savePicker() === undefined;

keyInput.addEventListener('change', () => {
  keyStore.write(keyInput.value);
  void showUsage(byId('usage'), keyInput.value);
});
keyInput.addEventListener('input', () => keyStore.write(keyInput.value));
byId('key-show').addEventListener('click', (event) => {
  const shown = keyInput.type === 'password';
  keyInput.type = shown ? 'text' : 'password';
  const toggle = event.currentTarget as HTMLButtonElement;
  toggle.setAttribute('aria-pressed', String(shown));
});
byId('request').addEventListener('input', refresh);
byId('request').addEventListener('change', refresh);
byId('request').addEventListener('submit', (event) => {
  event.preventDefault();
  void preview();
});
byId('download-button').addEventListener('click', () => void startDownload());
byId('cancel-button').addEventListener('click', () => download?.abort());
byId('usage-refresh').addEventListener('click', () => void showUsage(byId('usage'), keyInput.value));
byId('copy-curl').addEventListener('click', () => {
  const text = byId('curl').textContent ?? '';
  navigator.clipboard.writeText(text).then(
    () => (status.textContent = 'The curl command is copied.'),
    () => {
      getSelection()?.selectAllChildren(byId('curl'));
      status.textContent = 'Copying is not allowed here: the command is selected, press Ctrl+C.';
    },
  );
});
/** Reads the spec through schema detection into the schema editor, listing what it skipped or guessed. */
async function readSpec(): Promise<void> {
  clearErrors();
  if (needKey()) return;
  const kind = byId<HTMLSelectElement>('spec-kind').value;
  const text = byId<HTMLTextAreaElement>('spec-text').value;
  status.textContent = 'Reading the document…';
  try {
    const response = await call('/api/v1/schema/detect', { key: keyInput.value, body: specBody(kind, text) });
    const answer = (await response.json()) as { schema: { tables: unknown[] }; warnings?: string[] };
    const list = byId('spec-warnings');
    list.replaceChildren(
      ...(answer.warnings ?? []).map((warning) => {
        const item = document.createElement('li');
        item.textContent = warning;
        return item;
      }),
    );
    list.hidden = (answer.warnings ?? []).length === 0;
    editor.value = JSON.stringify(answer.schema.tables, null, 2);
    document.querySelector<HTMLInputElement>('input[name="mode"][value="tables"]')!.checked = true;
    status.textContent = `${answer.schema.tables.length} tables read from the document.`;
    refresh();
    editor.focus();
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, 'PAGE_ERROR', String(error));
    const field = byId('spec-error');
    field.textContent = apiError.message;
    field.hidden = false;
    status.textContent = `Reading the document failed: ${apiError.code}.`;
  }
}

byId('spec-read').addEventListener('click', () => void readSpec());
byId('use-inferred').addEventListener('click', () => {
  editor.value = byId('inferred-schema').textContent ?? '';
  document.querySelector<HTMLInputElement>('input[name="mode"][value="tables"]')!.checked = true;
  refresh();
  editor.focus();
});

void loadCatalogues();
void showUsage(byId('usage'), keyInput.value);
