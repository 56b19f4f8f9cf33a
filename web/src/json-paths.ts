/**
 * Where a value sits in JSON text: the editor shows an error at the field the API names
 * (`tables[0].fields[2].type`), and a syntax error at its line and column. A small scanner over the
 * text, since JSON.parse keeps no positions.
 */

/** A span of the text, with the 1-based line and column of its start. */
export interface Span {
  start: number;
  end: number;
  line: number;
  column: number;
}

/** `tables[0].fields[2].type` → ['tables', 0, 'fields', 2, 'type']. */
export function parsePath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    parts.push(match[2] === undefined ? match[1]! : Number(match[2]));
  }
  return parts;
}

/** The span of `offset`..`end` with its line and column. */
export function spanAt(text: string, start: number, end = start): Span {
  const before = text.slice(0, start);
  const line = before.split('\n').length;
  return { start, end, line, column: start - before.lastIndexOf('\n') };
}

class ScanError extends Error {
  constructor(readonly offset: number) {
    super(`Unexpected text at ${offset}`);
  }
}

type Found = { depth: number; start: number; end: number } | undefined;

/** Walks `text` as JSON, noting the deepest value along `path`; throws ScanError where it is not JSON. */
function scan(text: string, path: readonly (string | number)[]): Found {
  let best: Found;
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const expect = (c: string) => {
    if (text[i] !== c) throw new ScanError(i);
    i++;
  };
  const string = (): string => {
    const start = i;
    expect('"');
    while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    expect('"');
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      throw new ScanError(start);
    }
  };
  // `depth`: how many leading parts of `path` lead here, or -1 once off the path.
  const value = (depth: number): void => {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          space();
          const key = string();
          space();
          expect(':');
          value(depth >= 0 && path[depth] === key ? depth + 1 : -1);
          space();
          if (text[i] !== ',') break;
          i++;
        }
        expect('}');
      }
    } else if (c === '[') {
      i++;
      space();
      if (text[i] === ']') i++;
      else {
        for (let index = 0; ; index++) {
          value(depth >= 0 && path[depth] === index ? depth + 1 : -1);
          space();
          if (text[i] !== ',') break;
          i++;
        }
        expect(']');
      }
    } else if (c === '"') string();
    else {
      const match = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!match) throw new ScanError(i);
      i += match[0].length;
    }
    if (depth >= 0 && (!best || depth > best.depth)) best = { depth, start, end: i };
  };
  value(0);
  space();
  if (i < text.length) throw new ScanError(i);
  return best;
}

/**
 * The span of the value at `path` in `text`, or of the deepest part of the path that exists (a
 * missing param points at its field). Undefined when the text is not JSON.
 */
export function locate(text: string, path: readonly (string | number)[]): Span | undefined {
  try {
    const found = scan(text, path);
    return found && spanAt(text, found.start, found.end);
  } catch (error) {
    if (error instanceof ScanError) return undefined;
    throw error;
  }
}

/** Where `text` stops being JSON, or undefined when it is JSON. */
export function syntaxErrorAt(text: string): Span | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    // JSON.parse's message differs between browsers: find the spot with the scanner.
  }
  try {
    scan(text, []);
  } catch (error) {
    if (error instanceof ScanError) return spanAt(text, error.offset);
    throw error;
  }
  return spanAt(text, 0);
}
