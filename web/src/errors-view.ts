/**
 * Errors where they belong: the API's code and message in an alert box above the buttons, and each
 * of the envelope's `details[]` beside the control its `field` names: a form control by name, or the
 * schema editor's line for a `tables[…]` path, with a button that selects it there and, when the API
 * suggests a value, one that puts it in.
 */
import type { ApiError } from './api.js';
import { locate, parsePath, syntaxErrorAt } from './json-paths.js';

/** Controls a top-level `field` may name; their error element is `#<name>-error`. */
const CONTROLS = [
  'key',
  'template',
  'scale',
  'prompt',
  'spec',
  'locale',
  'seed',
  'format',
  'sql_dialect',
  'table',
];

/** Hides every error and clears every control's invalid mark. */
export function clearErrors(): void {
  for (const box of document.querySelectorAll<HTMLElement>('.field-error, #errors')) {
    box.hidden = true;
    box.replaceChildren();
  }
  for (const control of document.querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
}

/** A button that runs `action`. */
function button(text: string, action: () => void): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.className = 'link';
  node.textContent = text;
  node.addEventListener('click', action);
  return node;
}

/** Marks `control` invalid and adds `content` to its error element. */
function flag(control: HTMLElement, box: HTMLElement, content: Node[]): void {
  control.setAttribute('aria-invalid', 'true');
  const line = document.createElement('p');
  line.append(...content);
  box.append(line);
  box.hidden = false;
}

/** Selects `start`..`end` in the editor and brings it into view. */
function select(editor: HTMLTextAreaElement, start: number, end: number): void {
  editor.focus();
  editor.setSelectionRange(start, end);
  // Scroll the selection near the top: lines are a fixed height.
  const line = editor.value.slice(0, start).split('\n').length - 1;
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
  editor.scrollTop = Math.max(0, (line - 2) * lineHeight);
}

/** Shows `error`; `schemaMode` says whether `tables[…]` paths point into the editor. */
export function showError(error: ApiError, schemaMode: boolean): void {
  clearErrors();
  const summary = document.getElementById('errors')!;
  const head = document.createElement('p');
  const code = document.createElement('strong');
  code.textContent = error.code;
  head.append(code, `: ${error.message}`);
  summary.append(head);
  summary.hidden = false;

  const editor = document.getElementById('tables') as HTMLTextAreaElement;
  for (const detail of error.details) {
    const field = detail.field ?? '';
    const top = String(parsePath(field)[0] ?? '');
    const suggestion = typeof detail.suggestion === 'string' ? detail.suggestion : undefined;
    const text = `${field}: ${detail.message}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
    if (top === 'tables' && schemaMode) {
      // Text that is not JSON (checked in the page) points at where it stops being JSON.
      const span = locate(editor.value, parsePath(field).slice(1)) ?? syntaxErrorAt(editor.value);
      const box = document.getElementById('tables-error')!;
      const content: Node[] = [document.createTextNode(span ? `Line ${span.line}: ${text} ` : `${text} `)];
      if (span) content.push(button('Show in the editor', () => select(editor, span.start, span.end)));
      if (span && suggestion && editor.value.slice(span.start, span.end).startsWith('"')) {
        content.push(
          button(`Use "${suggestion}"`, () => {
            editor.setRangeText(JSON.stringify(suggestion), span.start, span.end, 'select');
            editor.dispatchEvent(new Event('input', { bubbles: true }));
            editor.focus();
          }),
        );
      }
      flag(editor, box, content);
    } else if (CONTROLS.includes(top) && field === top) {
      const control = document.getElementById(top)!;
      flag(control, document.getElementById(`${top}-error`)!, [document.createTextNode(detail.message)]);
    } else {
      const line = document.createElement('p');
      line.textContent = text;
      summary.append(line);
    }
  }
  if (error.code === 'UNAUTHORIZED') {
    flag(document.getElementById('key')!, document.getElementById('key-error')!, [
      document.createTextNode(error.message),
    ]);
  }
}
