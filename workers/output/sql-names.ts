/**
 * Which table and field names a dialect's script can hold. Every name is quoted, so keywords and
 * punctuation are fine; what remains are each engine's own rules, found by loading scripts into the
 * real engines (test/security/sql-names.test.ts loads random accepted schemas into all three):
 * - PostgreSQL: at most 63 bytes (longer names are cut, and two cut names can meet); tables named
 *   `pg_…` are shadowed by the system catalogs; a column may not take a system column's name.
 * - MySQL/MariaDB: at most 64 characters, none outside the Basic Multilingual Plane, no trailing
 *   space; column names, and table names where the file system folds case, are compared without
 *   case, each character lowercased on its own (mariadbFold); a table is a file whose encoded name must fit, and a table with foreign keys names them
 *   `<table>_ibfk_<n>`, which must fit in 64 characters too.
 * - SQLite: `sqlite_…` tables are reserved; table and column names are compared without ASCII case.
 */
import { outputTables } from '../engine/child-tables.js';
import type { EngineIssue, GenerationPlan } from '../engine/index.js';
import type { SqlDialect } from './options.js';

const DIALECT_NAMES: Record<SqlDialect, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL/MariaDB',
  sqlite: 'SQLite',
};

const POSTGRES_SYSTEM_COLUMNS = new Set(['tableoid', 'xmin', 'cmin', 'xmax', 'cmax', 'ctid']);
/** Bytes a MariaDB table file name may take before its extension (NAME_MAX 255, with room). */
const MYSQL_FILE_NAME_BYTES = 240;

/** Why `dialect` cannot hold `name`, or undefined. */
function nameProblem(dialect: SqlDialect, name: string, kind: 'table' | 'field'): string | undefined {
  switch (dialect) {
    case 'postgres':
      if (Buffer.byteLength(name) > 63) return 'is longer than 63 bytes (UTF-8)';
      if (kind === 'table' && name.startsWith('pg_')) return 'starts with pg_, which the system catalogs use';
      if (kind === 'field' && POSTGRES_SYSTEM_COLUMNS.has(name)) return 'is the name of a system column';
      return undefined;
    case 'mysql':
      if ([...name].length > 64) return 'is longer than 64 characters';
      if (/[\u{10000}-\u{10ffff}]/u.test(name)) return 'has a character outside the Basic Multilingual Plane';
      if (/\s$/.test(name)) return 'ends with a space';
      if (kind === 'table' && mysqlFileNameBytes(name) > MYSQL_FILE_NAME_BYTES) {
        return 'makes a file name that is too long (each character other than A-Z, a-z, 0-9 and _ takes 5 bytes)';
      }
      return undefined;
    case 'sqlite':
      if (kind === 'table' && /^sqlite_/i.test(name)) return 'starts with sqlite_, which SQLite reserves';
      return undefined;
  }
}

/** Bytes of MariaDB's file name for a table: characters other than [A-Za-z0-9_] are written @xxxx. */
function mysqlFileNameBytes(name: string): number {
  let bytes = 0;
  for (const c of name) bytes += /[A-Za-z0-9_]/.test(c) ? 1 : 5;
  return bytes;
}

/**
 * Code points MariaDB leaves as they are when it lowercases, though Unicode (and JavaScript) has a
 * lowercase for them: its case table predates them (Ƞ, Greek and Cyrillic additions, Georgian,
 * Cherokee, ẞ, Glagolitic onwards…). Read from MariaDB 10.11's LOWER() over the whole BMP; between
 * two entries of a range no character has a lowercase in either. test/security/sql-names.test.ts
 * compares the fold with the real server, character by character.
 */
const MARIADB_UNCASED: readonly (readonly [number, number])[] = [
  [0x220, 0x220],
  [0x23a, 0x37f],
  [0x3cf, 0x3d8],
  [0x3f4, 0x3ff],
  [0x48a, 0x48a],
  [0x4c0, 0x4c0],
  [0x4c5, 0x4c5],
  [0x4c9, 0x4c9],
  [0x4cd, 0x4cd],
  [0x4f6, 0x4f6],
  [0x4fa, 0x52e],
  [0x10a0, 0x1cbf],
  [0x1e9e, 0x1e9e],
  [0x1efa, 0x1efe],
  [0x2132, 0x2132],
  [0x2183, 0x2183],
  [0x2c00, 0xa7f5],
];

/**
 * A name as MariaDB compares column names (and table names where it folds them): each character
 * lowercased on its own by its simple mapping (utf8mb3_general_ci's case table), no full case folding,
 * so 'ﬁ' and 'fi', 'σ' and 'ς', 'ß' and 'ss' stay apart while 'K' (Kelvin) and 'k' meet.
 */
export function mariadbFold(name: string): string {
  let out = '';
  for (const c of name) {
    const code = c.codePointAt(0)!;
    // İ is the one character whose JavaScript lowercase is two (i and a combining dot); MariaDB's is i.
    if (code === 0x130) out += 'i';
    else if (MARIADB_UNCASED.some(([from, to]) => code >= from && code <= to)) out += c;
    // On its own, Σ lowercases to σ: JavaScript's final-sigma rule needs a letter before it.
    else out += c.toLowerCase();
  }
  return out;
}

/** The key two names collide under when `dialect` compares them without case, or the name itself. */
function collisionKey(dialect: SqlDialect, name: string): string {
  if (dialect === 'postgres') return name;
  if (dialect === 'sqlite') return name.replace(/[A-Z]/g, (c) => c.toLowerCase());
  // Table names only fold on some file systems, but a script should load on every one.
  return mariadbFold(name);
}

/** Names of `plan` that `dialect` cannot hold; each issue names the field and the dialect. */
export function sqlNameIssues(plan: GenerationPlan, dialect: SqlDialect): EngineIssue[] {
  const issues: EngineIssue[] = [];
  const engine = DIALECT_NAMES[dialect];
  const tableKeys = new Map<string, string>();
  plan.tables.forEach((table, t) => {
    const path = `tables[${t}]`;
    const problem = nameProblem(dialect, table.name, 'table');
    if (problem) issues.push({ field: `${path}.name`, message: `${engine}: the table name ${problem}` });
    const key = collisionKey(dialect, table.name);
    const other = tableKeys.get(key);
    if (other !== undefined && other !== table.name) {
      issues.push({
        field: `${path}.name`,
        message: `${engine} compares table names without case: "${table.name}" and "${other}" are one name`,
      });
    } else tableKeys.set(key, table.name);
    const foreignKeys = table.foreignKeys.length;
    if (
      dialect === 'mysql' &&
      foreignKeys > 0 &&
      [...table.name].length + `_ibfk_${foreignKeys}`.length > 64
    ) {
      issues.push({
        field: `${path}.name`,
        message: `${engine}: a table with ${foreignKeys} foreign key(s) needs a name of at most ${64 - `_ibfk_${foreignKeys}`.length} characters (MariaDB names its keys <table>_ibfk_<n>)`,
      });
    }
    const fieldKeys = new Map<string, string>();
    table.fields.forEach((field, f) => {
      const fieldPath = `${path}.fields[${f}].name`;
      const fieldProblem = nameProblem(dialect, field.name, 'field');
      if (fieldProblem)
        issues.push({ field: fieldPath, message: `${engine}: the field name ${fieldProblem}` });
      const key = collisionKey(dialect, field.name);
      const other = fieldKeys.get(key);
      if (other !== undefined && other !== field.name) {
        issues.push({
          field: fieldPath,
          message: `${engine} compares column names without case: "${field.name}" and "${other}" are one name`,
        });
      } else fieldKeys.set(key, field.name);
    });
  });
  // Child tables of arrays of records: their names and columns come from the parent's.
  for (const output of outputTables(plan)) {
    if (output.child === null) continue;
    const path = `tables[${output.source}].fields[${output.child.field}].name`;
    const name = output.table.name;
    const problem = nameProblem(dialect, name, 'table');
    if (problem) issues.push({ field: path, message: `${engine}: the child table name ${problem}` });
    const key = collisionKey(dialect, name);
    const other = tableKeys.get(key);
    if (other !== undefined && other !== name)
      issues.push({
        field: path,
        message: `${engine} compares table names without case: the child table "${name}" and "${other}" are one name`,
      });
    else tableKeys.set(key, name);
    for (const column of output.table.fields) {
      const columnProblem = nameProblem(dialect, column.name, 'field');
      if (columnProblem)
        issues.push({
          field: path,
          message: `${engine}: the column ${column.name} of ${name} ${columnProblem}`,
        });
    }
  }
  return issues;
}
