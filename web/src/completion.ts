/**
 * Field-type completion in the schema editor: inside `"type": "…"` the types of GET /api/v1/types
 * that match what is typed are listed under the editor (an ARIA listbox the textarea points at with
 * aria-activedescendant), and arrows, Enter, Tab and Escape work without leaving the keyboard.
 */

/** One field type of the catalogue. */
export interface TypeInfo {
  id: string;
  category: string;
  description: string;
}

const MAX_SHOWN = 12;

/** The part of a `"type": "…"` value before the caret, and where that value's text starts and ends. */
export function typeContext(
  text: string,
  caret: number,
): { prefix: string; start: number; end: number } | undefined {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const match = /"type"\s*:\s*"([^"\n]*)$/.exec(text.slice(lineStart, caret));
  if (!match) return undefined;
  const rest = /^[^"\n]*/.exec(text.slice(caret))![0];
  return { prefix: match[1]!, start: caret - match[1]!.length, end: caret + rest.length };
}

/** Types whose id starts with `prefix`, then those that contain it, at most MAX_SHOWN. */
export function matchTypes(types: readonly TypeInfo[], prefix: string): TypeInfo[] {
  const wanted = prefix.toLowerCase();
  const starts = types.filter((t) => t.id.startsWith(wanted));
  const contains = types.filter((t) => !t.id.startsWith(wanted) && t.id.includes(wanted));
  return [...starts, ...contains].slice(0, MAX_SHOWN);
}

/** Wires completion to `editor`; `types` is read at each keystroke, so it may arrive later. */
export function attachCompletion(
  editor: HTMLTextAreaElement,
  list: HTMLUListElement,
  announcer: HTMLElement,
  types: () => readonly TypeInfo[],
): void {
  let shown: TypeInfo[] = [];
  let active = 0;
  let context: ReturnType<typeof typeContext>;

  const close = () => {
    shown = [];
    list.hidden = true;
    list.replaceChildren();
    editor.removeAttribute('aria-activedescendant');
  };
  const highlight = () => {
    for (const [index, item] of [...list.children].entries()) {
      item.setAttribute('aria-selected', String(index === active));
    }
    const item = list.children[active];
    if (item) {
      editor.setAttribute('aria-activedescendant', item.id);
      item.scrollIntoView({ block: 'nearest' });
    }
  };
  const open = (force: boolean) => {
    context = typeContext(editor.value, editor.selectionStart);
    if (!context || editor.selectionStart !== editor.selectionEnd) return close();
    const matches = matchTypes(types(), context.prefix);
    const exact = matches.length === 1 && matches[0]!.id === context.prefix;
    if (matches.length === 0 || (exact && !force) || (context.prefix === '' && !force)) return close();
    shown = matches;
    active = 0;
    list.replaceChildren(
      ...matches.map((type, index) => {
        const item = document.createElement('li');
        item.id = `completion-${index}`;
        item.setAttribute('role', 'option');
        const id = document.createElement('span');
        id.className = 'type-id';
        id.textContent = type.id;
        const description = document.createElement('span');
        description.className = 'type-description';
        description.textContent = ` ${type.category}: ${type.description}`;
        item.append(id, description);
        // mousedown, not click: the editor keeps its focus and caret.
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          accept(index);
        });
        return item;
      }),
    );
    list.hidden = false;
    highlight();
    announcer.textContent = `${matches.length} field type${matches.length === 1 ? '' : 's'} suggested`;
  };
  const accept = (index: number) => {
    const type = shown[index];
    if (!type || !context) return;
    editor.setRangeText(type.id, context.start, context.end, 'end');
    // Past the closing quote when there is one, ready for the next key.
    const after = editor.selectionEnd + (editor.value[editor.selectionEnd] === '"' ? 1 : 0);
    editor.setSelectionRange(after, after);
    close();
    editor.dispatchEvent(new Event('input', { bubbles: true }));
    announcer.textContent = `${type.id} inserted`;
  };

  editor.addEventListener('input', () => open(false));
  editor.addEventListener('click', () => open(false));
  editor.addEventListener('blur', close);
  editor.addEventListener('keydown', (event) => {
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      open(true);
      return;
    }
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      active = (active + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length;
      highlight();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      accept(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });
  editor.addEventListener('keyup', (event) => {
    if (
      event.key === 'ArrowLeft' ||
      event.key === 'ArrowRight' ||
      event.key === 'Home' ||
      event.key === 'End'
    ) {
      open(false);
    }
  });
}
