/**
 * Splits a SQL script into statements (on `;` outside strings, quoted identifiers, comments and
 * PostgreSQL dollar quotes), keeping each statement's offset so a parser error inside one statement can
 * be reported at its line and column in the whole script. A lexer only: the statements themselves go to
 * the SQL parser.
 */

/** One statement of a script: its text (comments kept) and where it starts. */
export interface Statement {
  text: string;
  offset: number;
  /** The first words outside comments, upper-cased (`CREATE TABLE`, `ALTER TABLE`...). */
  words: string[];
}

/** Line and column (both 1-based) of an offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** End (exclusive) of the quoted run starting at `i` with `quote`; doubled quotes stay inside. */
function skipQuoted(sql: string, i: number, quote: string): number {
  let j = i + 1;
  while (j < sql.length) {
    const c = sql[j];
    if (c === '\\' && quote === "'") j += 2;
    else if (c === quote) {
      if (sql[j + 1] === quote) j += 2;
      else return j + 1;
    } else j++;
  }
  return j;
}

/** Splits `sql` into non-empty statements. */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let start = 0;
  let words: string[] = [];
  let i = 0;
  const finish = (end: number) => {
    const raw = sql.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text !== '' && words.length > 0) statements.push({ text, offset: start + lead, words });
    words = [];
  };
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '#' && (i === 0 || /\s/.test(sql[i - 1] ?? ''))) {
      const end = sql.indexOf('\n', i); // MySQL line comment
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      i = skipQuoted(sql, i, c);
      if (words.length < 4) words.push('?');
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64))?.[0];
      if (tag === undefined) i++;
      else {
        const end = sql.indexOf(tag, i + tag.length);
        i = end < 0 ? sql.length : end + tag.length;
      }
    } else if (c === ';') {
      finish(i);
      i++;
      start = i;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j] as string)) j++;
      if (words.length < 4) words.push(sql.slice(i, j).toUpperCase());
      i = j;
    } else {
      if (!/\s/.test(c) && words.length < 4) words.push(c);
      i++;
    }
  }
  finish(sql.length);
  return statements;
}
