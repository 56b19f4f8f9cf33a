/** The preview: the first rows of each table as a table, and a prompt's inferred schema. */

const MAX_CELL_CHARS = 200;

/** A cell's text: strings as they are (cut when long), anything else as JSON. */
function cellText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text;
}

/** An element with text. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Renders up to `rows` records of each table; `counts` are the tables' full record counts. Each
 * table scrolls on its own (a focusable region, so the keyboard can scroll it too).
 */
export function renderTables(
  container: HTMLElement,
  data: Record<string, unknown>,
  counts: Record<string, number>,
  rows: number,
): void {
  const sections = Object.entries(data).map(([name, records]) => {
    const list = Array.isArray(records) ? (records as Record<string, unknown>[]) : [];
    const shown = list.slice(0, rows);
    const section = element('section');
    section.className = 'preview-table';
    const total = counts[name] ?? list.length;
    section.append(element('h3', `${name} — ${shown.length} of ${total.toLocaleString('en')} rows`));
    const wrap = element('div');
    wrap.className = 'table-wrap';
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', `${name}, first rows`);
    const table = element('table');
    const caption = element('caption', `First ${shown.length} rows of ${name}`);
    caption.className = 'visually-hidden';
    const columns = Object.keys(shown[0] ?? {});
    const head = element('tr');
    for (const column of columns) {
      const th = element('th', column);
      th.scope = 'col';
      head.append(th);
    }
    const body = element('tbody');
    for (const record of shown) {
      const tr = element('tr');
      for (const column of columns) {
        const value = record[column];
        const td = element('td', value === null ? 'null' : cellText(value));
        if (value === null) td.className = 'null';
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(caption, element('thead'), body);
    table.tHead!.append(head);
    wrap.append(table);
    section.append(wrap);
    return section;
  });
  container.replaceChildren(...sections);
}

/** What prompt mode answers besides the data (docs/prompts.md). */
export interface InferredSchema {
  tables: unknown[];
  warnings?: unknown[];
}

/** Shows a prompt's inferred schema and the converter's warnings, or hides the box. */
export function renderInferred(box: HTMLDetailsElement, schema: InferredSchema | undefined): void {
  box.hidden = schema === undefined;
  if (!schema) return;
  box.open = true;
  box.querySelector('pre')!.textContent = JSON.stringify(schema.tables, null, 2);
  const warnings = box.querySelector('ul')!;
  warnings.replaceChildren(
    ...(schema.warnings ?? []).map((warning) =>
      element('li', typeof warning === 'string' ? warning : JSON.stringify(warning)),
    ),
  );
}
