/**
 * Which table and field names a dialect's script can hold. Every name is quoted, so keywords and
 * punctuation are fine; what remains are each engine's own rules, found by loading scripts into the
 * real engines (test/security/sql-names.test.ts loads random accepted schemas into all three):
 * - PostgreSQL: at most 63 bytes (longer names are cut, and two cut names can meet); tables named
 *   `pg_…` are shadowed by the system catalogs; a column may not take a system column's name.
 * - MySQL/MariaDB: at most 64 characters, none outside the Basic Multilingual Plane, no trailing
 *   space; column names, and table names where the file system folds case, are compared without
 *   case; a table is a file whose encoded name must fit, and a table with foreign keys names them
 *   `<table>_ibfk_<n>`, which must fit in 64 characters too.
 * - SQLite: `sqlite_…` tables are reserved; table and column names are compared without ASCII case.
 */
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

/** The keys two names collide under when `dialect` compares them without case, or the name itself. */
function collisionKeys(dialect: SqlDialect, name: string): string[] {
  if (dialect === 'postgres') return [name];
  if (dialect === 'sqlite') return [name.replace(/[A-Z]/g, (c) => c.toLowerCase())];
  // MariaDB folds case by simple case mappings; folding both ways catches every pair it equates
  // (and refuses a few it would take, such as ß and ss). Table names only fold on some file systems,
  // but a script should load on every one.
  return [name.toLowerCase(), name.toUpperCase()];
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
    for (const key of collisionKeys(dialect, table.name)) {
      const other = tableKeys.get(key);
      if (other !== undefined && other !== table.name) {
        issues.push({
          field: `${path}.name`,
          message: `${engine} compares table names without case: "${table.name}" and "${other}" are one name`,
        });
        break;
      }
      tableKeys.set(key, table.name);
    }
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
      for (const key of collisionKeys(dialect, field.name)) {
        const other = fieldKeys.get(key);
        if (other !== undefined && other !== field.name) {
          issues.push({
            field: fieldPath,
            message: `${engine} compares column names without case: "${field.name}" and "${other}" are one name`,
          });
          break;
        }
        fieldKeys.set(key, field.name);
      }
    });
  });
  return issues;
}
